// A fake API for the unit tests: a local node:http server whose answers each test scripts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export type Handler = (
  request: Recorded,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface FakeApi {
  /** The origin, e.g. http://127.0.0.1:12345 */
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function fakeApi(handler: Handler): Promise<FakeApi> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res, req)).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { ...{}, 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function problem(
  res: ServerResponse,
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/problem+json', 'x-request-id': 'req-1' });
  res.end(
    JSON.stringify({
      ...{},
      type: `https://docs.custody.dev/problems/${code.replace(/_/g, '-')}`,
      title: 'Error',
      status,
      detail: `detail of ${code}`,
      code,
      ...extra,
    }),
  );
}

/** A token answer of POST /v1/tokens. */
export function tokenAnswer(access: string, refresh: string, expiresIn = 900) {
  return {
    id: 'tok',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    access_token: access,
    token_type: 'Bearer',
    expires_in: String(expiresIn),
    refresh_token: refresh.padEnd(43, 'x'),
    client: { id: 'client-1' },
  };
}

/** Fast retries for tests. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20 };

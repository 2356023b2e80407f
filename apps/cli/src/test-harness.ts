// Unit-test helpers: a fake API on a local node:http server, and the CLI run against buffers.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveProfile } from './config';
import type { CliIo } from './context';
import { runCli } from './program';

export interface Recorded {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: any;
  raw: string;
}

export type Handler = (request: Recorded, res: ServerResponse) => void | Promise<void>;

export interface FakeServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function fakeServer(handler: Handler): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const recorded: Recorded = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        raw,
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
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

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  res.writeHead(status, { ...{}, 'content-type': type, ...headers });
  res.end(JSON.stringify(body));
}

export function problem(res: ServerResponse, status: number, code: string, detail: string): void {
  json(res, status, {
    type: `https://docs.custody.dev/problems/${code}`,
    title: 'Error',
    status,
    detail,
    code,
  });
}

let issued = 0;

/** A `POST /v1/tokens` answer with a new refresh token each time. */
export function tokenResponse(): Record<string, unknown> {
  issued += 1;
  return {
    access_token: `access-${issued}`,
    token_type: 'Bearer',
    expires_in: '900',
    refresh_token: `refresh-${issued}`,
    client: {
      id: 'client-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      name: 'Fintech',
      email: 'ops@fintech.test',
      audience: ['general'],
      tenantId: 'client-1',
    },
  };
}

/** A temporary config directory with (optionally) a logged-in profile. */
export function tempConfig(apiUrl?: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'custody-cli-'));
  const configDir = join(dir, 'custody');
  if (apiUrl) {
    saveProfile({ CUSTODY_CONFIG_DIR: configDir }, 'default', {
      apiUrl,
      refreshToken: 'refresh-saved',
      apiClient: { id: 'app', secret: 'app-secret' },
    });
  }
  return { dir: configDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Running {
  stdout: () => string;
  stderr: () => string;
  controller: AbortController;
  done: Promise<Run>;
}

/** Starts `custody <argv…>` in-process; `controller.abort()` is its Ctrl-C. */
export function start(argv: string[], env: Record<string, string>): Running {
  let out = '';
  let err = '';
  const controller = new AbortController();
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env,
    interrupted: () => controller.signal,
  };
  const done = runCli(argv, io).then((code) => ({ code, stdout: out, stderr: err }));
  return { stdout: () => out, stderr: () => err, controller, done };
}

export function run(argv: string[], env: Record<string, string>): Promise<Run> {
  return start(argv, env).done;
}

export async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

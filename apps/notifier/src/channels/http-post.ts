import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { DeliverableTarget } from './ssrf';

const bare = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The most of a receiver's answer that is read: the status is what counts, and a receiver that
 * answers gigabytes must not hold a connection (or memory) for it. Past this the connection is
 * closed, and the status stands.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024;

// Connections to receivers are kept open between deliveries (most receivers get many), and
// closed after 4 s idle (as fetch did): servers close idle connections after 5 s or more, and a
// request sent on a socket the server is closing fails with ECONNRESET.
const agentOptions = { keepAlive: true, maxSockets: 256, timeout: 4_000 };
const agents = {
  'http:': new HttpAgent(agentOptions),
  'https:': new HttpsAgent(agentOptions),
};

/**
 * POSTs a JSON body to the address checked for the target (see `resolveDeliverable`) and resolves
 * with the status code once the answer is read (at most MAX_RESPONSE_BYTES of it); redirects are
 * not followed (a 3xx is the answer). The whole exchange must finish within `timeoutMs`. Node's
 * own http client: `fetch` (undici, web streams, an AbortSignal timer per call) was a fifth of
 * the notifier's CPU per delivery.
 */
export async function postJson(
  target: DeliverableTarget,
  body: string,
  timeoutMs: number,
  headers: Record<string, string>,
): Promise<number> {
  try {
    return await postOnce(target, body, timeoutMs, headers);
  } catch (error) {
    // The server closed a kept-alive connection as we reused it: nothing reached it; once more.
    if ((error as { reusedSocket?: boolean }).reusedSocket) {
      return postOnce(target, body, timeoutMs, headers);
    }
    throw error;
  }
}

function postOnce(
  { url, pinned }: DeliverableTarget,
  body: string,
  timeoutMs: number,
  headers: Record<string, string>,
): Promise<number> {
  const https = url.protocol === 'https:';
  const send = https ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        agent: https ? agents['https:'] : agents['http:'],
        // Connect to the checked address itself: kept-alive connections are pooled by it too,
        // so one opened to the address of an earlier check is not reused after the host moved.
        // The Host header and TLS's server name stay the URL's.
        ...(pinned
          ? {
              // `hostname` too: it wins over `host`, and the URL sets it.
              host: pinned.address,
              hostname: pinned.address,
              family: pinned.family,
              // An IP literal has no server name to send or to check the certificate against.
              ...(https ? { servername: isIP(bare(url)) ? '' : url.hostname } : {}),
            }
          : {}),
        headers: {
          host: url.host,
          ...{},
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read <= MAX_RESPONSE_BYTES) return;
          // Enough: the socket goes (it is not reused), the status stands.
          res.destroy();
          resolve(status);
        });
        res.on('end', () => resolve(status));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reset = error.code === 'ECONNRESET' || error.message === 'socket hang up';
      reject(req.reusedSocket && reset ? Object.assign(error, { reusedSocket: true }) : error);
    });
    req.end(body);
  });
}

import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

// Connections to receivers are kept open between deliveries (most receivers get many), and
// closed after 4 s idle (as fetch did): servers close idle connections after 5 s or more, and a
// request sent on a socket the server is closing fails with ECONNRESET.
const agentOptions = { keepAlive: true, maxSockets: 256, timeout: 4_000 };
const agents = {
  'http:': new HttpAgent(agentOptions),
  'https:': new HttpsAgent(agentOptions),
};

/**
 * POSTs a JSON body and resolves with the status code once the answer is read; redirects are not
 * followed (a 3xx is the answer). The whole exchange must finish within `timeoutMs`. Node's own
 * http client: `fetch` (undici, web streams, an AbortSignal timer per call) was a fifth of the
 * notifier's CPU per delivery.
 */
export async function postJson(
  url: URL,
  body: string,
  timeoutMs: number,
  headers: Record<string, string>,
): Promise<number> {
  try {
    return await postOnce(url, body, timeoutMs, headers);
  } catch (error) {
    // The server closed a kept-alive connection as we reused it: nothing reached it; once more.
    if ((error as { reusedSocket?: boolean }).reusedSocket) {
      return postOnce(url, body, timeoutMs, headers);
    }
    throw error;
  }
}

function postOnce(
  url: URL,
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
        headers: {
          ...{},
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
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

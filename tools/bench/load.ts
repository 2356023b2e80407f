import { Agent, request as httpRequest } from 'node:http';
import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers and socket errors. */
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called per request: a body (POST) or a path, so each request can differ. */
  request?: () => { path?: string; body?: string };
  connections: number;
  durationSeconds: number;
  /** Fixed total rate (requests/s) instead of as fast as possible. */
  rate?: number;
}

/** autocannon against one endpoint; latencies in milliseconds. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const nextRequest = options.request;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(nextRequest
      ? {
          requests: [
            {
              setupRequest: (req: Request): Request => {
                const next = nextRequest();
                return {
                  ...req,
                  ...(next.path ? { path: next.path } : {}),
                  ...(next.body ? { body: next.body } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
  const ok = result['2xx'];
  return {
    requests: result.requests.total,
    rps: Math.round(ok / options.durationSeconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * An open-loop load at a steady rate: requests evenly spaced (1/rate s apart) over at most
 * `connections` keep-alive sockets, latency counted from each request's scheduled time (a slow
 * answer does not hide the requests that should have followed it). autocannon's own rate limit
 * is not used for this: it refills each connection's quota once a second, so all connections
 * fire together at every second boundary and the "steady" load is a burst per second.
 */
export async function paced(options: LoadOptions & { rate: number }): Promise<LoadResult> {
  const base = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const send = (path: string, body: string | undefined) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          path,
          method: options.method ?? 'GET',
          agent,
          headers: {
            ...options.headers,
            ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  const durationMs = options.durationSeconds * 1000;
  while (performance.now() - started < durationMs) {
    // Request k is due at k / rate seconds (the first at once).
    const due = Math.floor(((performance.now() - started) / 1000) * options.rate) + 1;
    for (; sent < due; sent += 1) {
      const scheduled = started + (sent / options.rate) * 1000;
      const next = options.request?.() ?? {};
      const done = send(next.path ?? base.pathname, next.body).then(
        (status) => {
          latencies.push(performance.now() - scheduled);
          if (status >= 200 && status < 300) ok += 1;
          else errors += 1;
        },
        () => {
          errors += 1;
        },
      );
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    }
    // Sleep until the next request is due: a fixed 1 ms tick woke this process 1,000 times a
    // second and spent a sixth of the CPU a transfer costs on the machine being measured.
    const nextDue = started + (sent / options.rate) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    requests: sent,
    rps: Math.round(ok / options.durationSeconds),
    ...percentiles(latencies),
    errors,
  };
}

/** Latency percentiles of a list of samples (ms). */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

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

import { connect, type Socket } from 'node:net';
import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers and socket errors. */
  errors: number;
  /** Requests sent in all, a warm-up's included (what CPU per request is divided by). */
  sent: number;
  /**
   * Paced runs only: each measured second (by scheduled time) with its requests, p99 and worst
   * latency, so that a p99 made by one stall shows as one bad second, and when it was.
   */
  seconds?: { at: string; requests: number; p99: number; max: number; sendLagMax: number }[];
  /**
   * Paced runs only: p99 of how late the generator itself wrote requests (ms after their
   * scheduled time, all connections busy included). Counted in the latencies; a large figure
   * here is the generator's own delay or a lack of free connections, not the server's.
   */
  sendLagP99?: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called per request: a body (POST) or a path, so each request can differ. */
  request?: () => { path?: string; body?: string; headers?: Record<string, string> };
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
                  ...{},
                  ...req,
                  ...(next.path ? { path: next.path } : {}),
                  ...(next.body ? { body: next.body } : {}),
                  ...(next.headers ? { headers: { ...{}, ...req.headers, ...next.headers } } : {}),
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
    sent: result.requests.total,
  };
}

/**
 * An open-loop load at a steady rate: requests evenly spaced (1/rate s apart) over at most
 * `connections` keep-alive sockets, latency counted from each request's scheduled time (a slow
 * answer does not hide the requests that should have followed it). autocannon's own rate limit
 * is not used for this: it refills each connection's quota once a second, so all connections
 * fire together at every second boundary and the "steady" load is a burst per second.
 *
 * HTTP/1.1 over plain sockets, like autocannon: node:http's client cost this process a third of
 * a millisecond of CPU per request (four times autocannon's), on the two cores it shares with
 * the stack being measured.
 */
export async function paced(
  options: LoadOptions & {
    rate: number;
    /**
     * Seconds at the same rate before the measured `durationSeconds`, not counted: the first
     * second after a pause ran at twice the steady latency (new connections, cold caches).
     */
    warmupSeconds?: number;
    /** Receives every measured latency (ms), so rounds can be pooled into one percentile. */
    latencies?: number[];
  },
): Promise<LoadResult> {
  const base = new URL(options.url);
  const warmupMs = (options.warmupSeconds ?? 0) * 1000;
  let measuredFrom = Infinity;
  let measured = 0;
  const method = options.method ?? 'GET';
  const fixedHeaders = Object.entries({ host: base.host, ...options.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const latencies: number[] = [];
  const bySecond = new Map<number, number[]>();
  const sendLags: number[] = [];
  const sendLagBySecond = new Map<number, number>();
  let ok = 0;
  let errors = 0;
  let sent = 0;
  let open = 0;
  const idle: PacedConnection[] = [];
  const waiting: { bytes: Buffer; scheduled: number }[] = [];
  let allDone: (() => void) | undefined;
  let outstanding = 0;

  const finish = (scheduled: number, status: number) => {
    outstanding -= 1;
    if (scheduled < measuredFrom) {
      if (outstanding === 0) allDone?.();
      return;
    }
    if (status === 0) errors += 1;
    else {
      const latency = performance.now() - scheduled;
      latencies.push(latency);
      options.latencies?.push(latency);
      const second = Math.floor((scheduled - measuredFrom) / 1000);
      const list = bySecond.get(second);
      if (list) list.push(latency);
      else bySecond.set(second, [latency]);
      if (status >= 200 && status < 300) ok += 1;
      else errors += 1;
    }
    if (outstanding === 0) allDone?.();
  };
  const pump = () => {
    while (waiting.length > 0) {
      let connection = idle.pop();
      if (!connection) {
        if (open >= options.connections) return;
        open += 1;
        connection = new PacedConnection(base, () => {
          open -= 1;
          const at = idle.indexOf(connection as PacedConnection);
          if (at >= 0) idle.splice(at, 1);
          pump();
        });
      }
      const next = waiting.shift() as { bytes: Buffer; scheduled: number };
      if (next.scheduled >= measuredFrom) {
        const lag = performance.now() - next.scheduled;
        sendLags.push(lag);
        const second = Math.floor((next.scheduled - measuredFrom) / 1000);
        sendLagBySecond.set(second, Math.max(lag, sendLagBySecond.get(second) ?? 0));
      }
      const used = connection;
      used.send(next.bytes, (status) => {
        finish(next.scheduled, status);
        if (!used.closed) idle.push(used);
        pump();
      });
    }
  };
  const started = performance.now();
  measuredFrom = started + warmupMs;
  const durationMs = warmupMs + options.durationSeconds * 1000;
  while (performance.now() - started < durationMs) {
    // Request k is due at k / rate seconds (the first at once).
    const due = Math.floor(((performance.now() - started) / 1000) * options.rate) + 1;
    for (; sent < due; sent += 1) {
      if (started + (sent / options.rate) * 1000 >= measuredFrom) measured += 1;
      const next = options.request?.() ?? {};
      const body = next.body ?? '';
      const head =
        `${method} ${next.path ?? base.pathname} HTTP/1.1\r\n${fixedHeaders}${extraHeaders(next.headers)}` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
      waiting.push({
        bytes: Buffer.from(head + body),
        scheduled: started + (sent / options.rate) * 1000,
      });
      outstanding += 1;
    }
    pump();
    // Sleep until the next request is due: a fixed 1 ms tick woke this process 1,000 times a
    // second.
    const nextDue = started + (sent / options.rate) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - performance.now())));
  }
  if (outstanding > 0) await new Promise<void>((resolve) => (allDone = resolve));
  for (const connection of idle) connection.close();
  const wallClockOf = (ms: number) => new Date(performance.timeOrigin + ms).toISOString();
  return {
    requests: measured,
    rps: Math.round(ok / options.durationSeconds),
    ...percentiles(latencies),
    errors,
    sent,
    seconds: [...bySecond.entries()]
      .sort(([a], [b]) => a - b)
      .map(([second, list]) => ({
        at: wallClockOf(measuredFrom + second * 1000),
        requests: list.length,
        p99: percentiles(list).p99,
        max: round(Math.max(...list)),
        sendLagMax: round(sendLagBySecond.get(second) ?? 0),
      })),
    sendLagP99: percentiles(sendLags).p99,
  };
}

const HEADER_END = Buffer.from('\r\n\r\n');

function extraHeaders(headers: Record<string, string> | undefined): string {
  if (!headers) return '';
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

/** One keep-alive HTTP/1.1 connection, one request at a time; answers 0 for a failed request. */
class PacedConnection {
  closed = false;
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private onAnswer: ((status: number) => void) | undefined;

  constructor(base: URL, onClose: () => void) {
    this.socket = connect({ host: base.hostname, port: Number(base.port), noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk;
      this.parse();
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      const answer = this.onAnswer;
      this.onAnswer = undefined;
      answer?.(0);
      onClose();
    });
  }

  send(bytes: Buffer, onAnswer: (status: number) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }

  /** A whole response in `received` (Content-Length or chunked): answered and consumed. */
  private parse(): void {
    const headerEnd = this.received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.received.subarray(0, headerEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyStart = headerEnd + HEADER_END.length;
    let end: number;
    if (length) {
      end = bodyStart + Number(length[1]);
      if (this.received.length < end) return;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.received.indexOf('\r\n0\r\n\r\n', bodyStart - 2);
      if (last < 0) return;
      end = last + 7;
    } else end = bodyStart;
    this.received = this.received.subarray(end);
    const answer = this.onAnswer;
    this.onAnswer = undefined;
    answer?.(status);
  }
}

/** Latency percentiles of a list of samples (ms). */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

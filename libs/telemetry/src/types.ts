/**
 * The W3C trace context of a span as it travels in message headers, job data or a table row:
 * `traceparent` (version, trace id, span id, flags) and the vendors' `tracestate`, if any.
 */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/** What a span stands for, as OpenTelemetry's SpanKind names it. */
export type SpanRole = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

export type SpanAttributes = Record<string, string | number | boolean>;

export interface SpanOptions {
  /**
   * The span's parent: the remote context a message or a job carried (a CONSUMER or SERVER
   * span), `null` for a trace of its own when there is none. Absent: the active span of this
   * async context (a CLIENT or PRODUCER span of the work being done).
   */
  parent?: TraceCarrier | null;
  attributes?: SpanAttributes;
  /** Spans of other traces this one follows from (a job started for them, say). */
  links?: readonly TraceCarrier[];
  /**
   * No span unless a span is active (with `parent` absent): a call made inside a traced request,
   * event or job, not one of a poll outside any trace.
   */
  onlyInTrace?: boolean;
}

/** A span started by this process, ended by whoever started it. */
export interface TracedSpan {
  /** Runs `fn` with this span as the active one: what it starts (pg, http, RPC) are children. */
  run<T>(fn: () => T): T;
  /** This span's context to hand on (a message's headers, a job's data); none if not sampled in. */
  carrier(): TraceCarrier | undefined;
  setAttribute(key: string, value: string | number | boolean): void;
  /** Marks the span failed, with the error's message as an exception event. */
  fail(error: unknown): void;
  end(): void;
}

/** The tracer the SDK provides once started (runtime.ts); nothing of it exists while off. */
export interface TracingRuntime {
  /** A span; none only with `onlyInTrace` outside any trace. */
  startSpan(name: string, role: SpanRole, options?: SpanOptions): TracedSpan | undefined;
  /** The active span's context, if any (what an outbox row or a job keeps). */
  current(): TraceCarrier | undefined;
  /** Names the HTTP server span of the request being handled after its route's pattern. */
  setHttpRoute(route: string): void;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

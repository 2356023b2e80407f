import { type ClientRequest, IncomingMessage } from 'node:http';
import {
  type Context,
  context,
  DiagConsoleLogger,
  DiagLogLevel,
  diag,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { getRPCMetadata, RPCType, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracingConfig } from '@custody/config';
import type { SpanOptions, SpanRole, TraceCarrier, TracedSpan, TracingRuntime } from './types';

/**
 * The OpenTelemetry SDK, loaded only when tracing is on (tracing.ts imports this file then):
 * a NodeTracerProvider with a BatchSpanProcessor and the OTLP/HTTP exporter (protobuf, or JSON
 * with `http/json`), the W3C trace-context propagator, and the http and pg instrumentations.
 * Everything is read from the standard `OTEL_*` variables where the SDK reads them: the endpoint,
 * headers and timeout by the exporter, the sampler by the provider, the batch sizes by the
 * processor, the resource attributes by the env detector.
 */

/** Ops endpoints: scraped and probed all day, never worth a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const KINDS: Record<SpanRole, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

const propagator = new W3CTraceContextPropagator();

const carrierGetter = {
  keys: (carrier: TraceCarrier) => Object.keys(carrier),
  get: (carrier: TraceCarrier, key: string) =>
    key === 'traceparent'
      ? carrier.traceparent
      : key === 'tracestate'
        ? carrier.tracestate
        : undefined,
};

const carrierSetter = {
  set: (carrier: Partial<TraceCarrier>, key: string, value: string) => {
    if (key === 'traceparent') carrier.traceparent = value;
    else if (key === 'tracestate') carrier.tracestate = value;
  },
};

/** A query string's parameter names, without their values. */
function namesOf(query: string): string {
  return [...new URLSearchParams(query).keys()].join('&');
}

/**
 * Query strings may hold personal data (an e-mail filter) or a secret of a receiver's URL: HTTP
 * spans keep the parameters' names, never their values, as the request log keeps no query at all
 * (docs/decisions/logging.md).
 */
function withoutQueryValues(span: Span, request: ClientRequest | IncomingMessage): void {
  if (request instanceof IncomingMessage) {
    const query = request.url?.split('?')[1];
    if (query !== undefined) span.setAttribute('url.query', namesOf(query));
    return;
  }
  const [path = '', query] = request.path.split('?');
  if (query === undefined) return;
  span.setAttribute('url.full', `${request.protocol}//${String(request.getHeader('host'))}${path}`);
  span.setAttribute('url.query', namesOf(query));
}

/** The context a carrier names, as a parent (ROOT_CONTEXT when it names none). */
function extracted(carrier: TraceCarrier): Context {
  return propagator.extract(ROOT_CONTEXT, carrier, carrierGetter);
}

function injected(ctx: Context): TraceCarrier | undefined {
  const carrier: Partial<TraceCarrier> = {};
  propagator.inject(ctx, carrier, carrierSetter);
  return carrier.traceparent === undefined
    ? undefined
    : {
        traceparent: carrier.traceparent,
        ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
      };
}

class SdkSpan implements TracedSpan {
  private readonly context: Context;

  constructor(
    private readonly span: Span,
    parent: Context,
  ) {
    this.context = trace.setSpan(parent, span);
  }

  run<T>(fn: () => T): T {
    return context.with(this.context, fn);
  }

  carrier(): TraceCarrier | undefined {
    return injected(this.context);
  }

  setAttribute(key: string, value: string | number | boolean): void {
    this.span.setAttribute(key, value);
  }

  fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.span.recordException(error instanceof Error ? error : message);
    this.span.setStatus({ code: SpanStatusCode.ERROR, message });
  }

  end(): void {
    this.span.end();
  }
}

export function startRuntime(app: string, config: TracingConfig): TracingRuntime {
  // The SDK's own warnings (an unreachable collector, a bad sampler value) on stderr.
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.WARN);
  const protocol =
    config.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    config.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf';
  // The endpoint as validated (the signal's own, or the base one with /v1/traces; unset: the
  // SDK's localhost:4318); the exporters read _HEADERS, _TIMEOUT and _COMPRESSION themselves.
  const base = config.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, '');
  const url = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : undefined);
  const options = url ? { url } : {};
  const exporter =
    protocol === 'http/json' ? new OtlpJsonExporter(options) : new OtlpProtobufExporter(options);
  const provider = new NodeTracerProvider({
    // Each process is named after its app; OTEL_RESOURCE_ATTRIBUTES adds to it.
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: app })),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register({ propagator });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        // A chain poll's or a health check's outgoing call is no trace of its own.
        requireParentforOutgoingSpans: true,
        applyCustomAttributesOnSpan: withoutQueryValues,
      }),
      // Only statements of a traced request, event or job: not the relays' polls. Statement
      // texts are kept (their values travel as parameters and are not recorded).
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  const tracer = provider.getTracer('custody');

  return {
    startSpan(name: string, role: SpanRole, options: SpanOptions = {}): TracedSpan | undefined {
      const parent =
        options.parent === undefined
          ? context.active()
          : options.parent === null
            ? ROOT_CONTEXT
            : extracted(options.parent);
      if (options.onlyInTrace && trace.getSpan(parent) === undefined) return undefined;
      const links: Link[] = [];
      for (const carrier of options.links ?? []) {
        const linked = trace.getSpanContext(extracted(carrier));
        if (linked) links.push({ context: linked });
      }
      const span = tracer.startSpan(
        name,
        {
          kind: KINDS[role],
          ...(options.attributes ? { attributes: options.attributes } : {}),
          ...(links.length > 0 ? { links } : {}),
        },
        parent,
      );
      return new SdkSpan(span, parent);
    },
    current(): TraceCarrier | undefined {
      return injected(context.active());
    },
    setHttpRoute(route: string): void {
      const metadata = getRPCMetadata(context.active());
      if (metadata?.type === RPCType.HTTP) metadata.route = route;
    },
    async shutdown(): Promise<void> {
      await provider.shutdown();
    },
  };
}

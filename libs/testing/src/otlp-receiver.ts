import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP JSON export carried it, with its process's `service.name`. */
export interface ReceivedSpan {
  service: string;
  /** The instrumentation scope: `custody` for our own spans (libs/telemetry), else the library's. */
  scope: string;
  traceId: string;
  spanId: string;
  /** Absent for a trace's root. */
  parentSpanId?: string;
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer' | 'unspecified';
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: number;
}

export interface OtlpReceiver {
  /** What the apps' OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Export requests that were not OTLP JSON (a protobuf body, say). */
  unreadable: number;
  close(): Promise<void>;
}

const KINDS: ReceivedSpan['kind'][] = [
  'unspecified',
  'internal',
  'server',
  'client',
  'producer',
  'consumer',
];

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
}

interface KeyValue {
  key: string;
  value?: AnyValue;
}

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  attributes?: KeyValue[];
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number };
}

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: ExportedSpan[] }[];
  }[];
}

function valueOf(value: AnyValue | undefined): string | number | boolean | undefined {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.doubleValue;
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const plain = valueOf(value);
    if (plain !== undefined) attributes[key] = plain;
  }
  return attributes;
}

/**
 * A local OTLP/HTTP collector for the tracing tests: takes `POST /v1/traces` in OTLP JSON (the
 * apps' `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) and keeps every span, whichever process sent
 * it. The processes of a stack are separate: an in-memory exporter could not see them.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const receiver: OtlpReceiver = {
    endpoint: '',
    spans,
    unreadable: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        const request = JSON.parse(body) as ExportRequest;
        for (const resourceSpans of request.resourceSpans ?? []) {
          const service = String(
            attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '',
          );
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                service,
                scope: scope.scope?.name ?? '',
                traceId: span.traceId,
                spanId: span.spanId,
                ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
                name: span.name,
                kind: KINDS[span.kind ?? 0] ?? 'unspecified',
                attributes: attributesOf(span.attributes),
                links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
                status: span.status?.code ?? 0,
              });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        receiver.unreadable += 1;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Idle keep-alive sockets of the exporters must not hold the test's exit.
  server.keepAliveTimeout = 1_000;
  receiver.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

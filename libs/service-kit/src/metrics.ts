import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process, with the metrics every app exports. */
export function createMetrics(app: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  const rpcHandled = new Histogram({
    name: 'rpc_server_duration_seconds',
    help: 'RPC calls handled, by method and outcome',
    labelNames: ['method', 'outcome'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const httpHandled = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests handled, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const eventsHandled = new Counter({
    name: 'events_consumed_total',
    help: 'Events consumed',
    labelNames: ['event'],
    registers: [registry],
  });
  const rpcRefused = new Counter({
    name: 'rpc_refused_total',
    help: 'RPC requests refused for want of a valid proof, by method and reason',
    labelNames: ['method', 'reason'],
    registers: [registry],
  });
  const outboxUnroutable = new Counter({
    name: 'outbox_unroutable_total',
    help: 'Events the broker returned to the outbox relay as unroutable (kept unsent), by name',
    labelNames: ['event'],
    registers: [registry],
  });
  const approvalOutcomesSwept = new Counter({
    name: 'approval_outcomes_swept_total',
    help: 'Approval outcomes applied by the sweep rather than by their event (lost or late)',
    registers: [registry],
  });
  const retentionDeleted = new Counter({
    name: 'retention_deleted_total',
    help: 'Rows forgotten past their windows, by table',
    labelNames: ['table'],
    registers: [registry],
  });
  return {
    registry,
    rpcRefused,
    retentionDeleted,
    outboxUnroutable,
    approvalOutcomesSwept,
    observeRpc: (method: string, outcome: string, durationMs: number) =>
      rpcHandled.observe({ method, outcome }, durationMs / 1000),
    observeHttp: (info: { method: string; route: string; status: number; durationMs: number }) =>
      httpHandled.observe(
        { method: info.method, route: info.route, status: String(info.status) },
        info.durationMs / 1000,
      ),
    eventsHandled,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

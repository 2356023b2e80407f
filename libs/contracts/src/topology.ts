import type { AppName, ServiceName } from './services';

/**
 * RabbitMQ names, in one place. DO NOT RENAME any of them: queues and exchanges are durable, and a
 * renamed one leaves messages behind in the old one. `namespace` is empty in production; tests set
 * it so that parallel runs never share a queue.
 */
export const TOPOLOGY = {
  /** Topic exchange for domain events; routing key = event name. */
  eventsExchange: 'events',
  /**
   * Topic exchange for RPC requests; routing key = the service's name. Each app's broker user may
   * publish only the names of the services it calls (docs/decisions/deployment.md).
   */
  rpcExchange: 'rpc',
  /** Dead-letter exchange; routing key = the name of the queue the message died in. */
  deadLetterExchange: 'events.dlx',
  /** Direct reply-to pseudo-queue of RabbitMQ (fixed by the broker). */
  replyTo: 'amq.rabbitmq.reply-to',
  rpcQueue: (service: ServiceName) => `rpc.${service}`,
  eventQueue: (consumer: string) => `${consumer}.events`,
  deadLetterQueue: (queue: string) => `${queue}.dlq`,
} as const;

export function namespaced(namespace: string, name: string): string {
  return namespace ? `${namespace}.${name}` : name;
}

/** Message header names carried on every RPC and event message. */
export const HEADERS = {
  requestId: 'x-request-id',
  deadline: 'x-deadline',
  attempts: 'x-attempts',
  /** The app that sent an RPC, when several apps share one broker user (development). */
  caller: 'x-caller',
  /**
   * Set on an RPC message that carries several calls (the calls a client made in one event-loop
   * turn) or several replies: the count. The body is then a JSON array (`RpcBatchCall`,
   * `RpcBatchReply`).
   */
  batch: 'x-rpc-batch',
  /** Set by a caller that reads batch replies: only its replies are combined. */
  acceptsBatch: 'x-rpc-accepts-batch',
  /**
   * Set on an event message that carries several events of one name (consecutive in the
   * outbox): the count. The body is then a JSON array of `EventBatchItem`.
   */
  eventBatch: 'x-event-batch',
  /**
   * The W3C trace context of the span that sent the message (an RPC call, or the event's
   * publish), when tracing is on (docs/tracing.md). In a batch message each call and each event
   * carries its own (`RpcBatchCall`, `EventBatchItem.headers`).
   */
  traceparent: 'traceparent',
  tracestate: 'tracestate',
} as const;

/** One event of a batch message, with the headers it would have had as a message of its own. */
export interface EventBatchItem {
  event: unknown;
  headers: Record<string, unknown>;
}

/**
 * BullMQ queues in Redis (under `<REDIS_KEY_PREFIX>:bull:`). DO NOT RENAME: their jobs and job
 * schedulers live in Redis across deploys.
 */
export const JOB_QUEUES = {
  chain: 'wallet-ledger-chain',
  rates: 'trading-rates',
  deliveries: 'notifier-deliveries',
} as const;

/**
 * The Redis keys each app may use, relative to REDIS_KEY_PREFIX. Each app's Redis user is
 * granted exactly these (docker/redis), and no app touches another's queue. The gateway reads identity's token state in the script that counts
 * its rate limit, and Redis checks every key a script names for writing: so it owns `auth:*`
 * too (it is trusted with every auth context already, see docs/decisions/rpc.md). Signing,
 * issuer and policy use no Redis.
 */
export const REDIS_KEYSPACES: Record<AppName, readonly string[]> = {
  gateway: ['ratelimit:*', 'auth:*'],
  identity: ['auth:*'],
  'wallet-ledger': [`bull:${JOB_QUEUES.chain}:*`],
  trading: [`bull:${JOB_QUEUES.rates}:*`],
  signing: [],
  issuer: [],
  notifier: [`bull:${JOB_QUEUES.deliveries}:*`, 'notifier:*'],
  policy: [],
};

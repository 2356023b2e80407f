import amqp, { type Channel, type ConfirmChannel, type GetMessage, type Options } from 'amqplib';
import { EVENT_ROUTES, SERVICES, TOPOLOGY } from '@custody/contracts';
import type { Logger } from '@custody/logging';
import { Broker } from './broker';
import { eventQueueOptions } from './event-consumer';

/** One durable queue of a deployment, as its app declares it, with its bindings. */
export interface DeclaredQueue {
  name: string;
  /** Its arguments beyond the type (an event queue's dead-letter exchange and routing key). */
  extra: Options.AssertQueue;
  bindings: { exchange: string; routingKey: string }[];
}

/**
 * Every durable queue the apps of a namespace declare, with the bindings they make: each
 * service's RPC queue, and each event consumer's queue (bound to the names EVENT_ROUTES routes
 * to it) and dead-letter queue. From the contracts, as `deleteMqNamespace` (libs/testing) and
 * the broker grants are, so it stays in step with the topology.
 */
export function declaredQueues(broker: Broker): DeclaredQueue[] {
  const queues: DeclaredQueue[] = [];
  for (const service of SERVICES) {
    queues.push({
      name: broker.rpcQueue(service),
      extra: {},
      bindings: [{ exchange: broker.rpcExchange, routingKey: service }],
    });
    const names = Object.entries(EVENT_ROUTES)
      .filter(([, route]) => (route.consumers as readonly string[]).includes(service))
      .map(([name]) => name);
    if (names.length === 0) continue;
    const queue = broker.name(TOPOLOGY.eventQueue(service));
    queues.push({
      name: queue,
      extra: eventQueueOptions(broker, queue),
      bindings: names.map((name) => ({ exchange: broker.eventsExchange, routingKey: name })),
    });
    queues.push({
      name: TOPOLOGY.deadLetterQueue(queue),
      extra: {},
      bindings: [{ exchange: broker.deadLetterExchange, routingKey: queue }],
    });
  }
  return queues;
}

export interface QuorumMigrationOptions {
  /**
   * An operator's login: configure, write and read on every queue of the namespace, and the
   * `impersonator` tag to move messages that name another user (the apps' events and requests
   * carry their publisher's user-id, which consumers check).
   */
  url: string;
  namespace?: string;
  logger: Logger;
  /** Only report what would be migrated. */
  dryRun?: boolean;
}

export interface QuorumMigrationReport {
  /** Classic queues redeclared as quorum queues, with the messages each carried over. */
  migrated: { queue: string; messages: number }[];
  /** Quorum queues already, or not declared yet (their app declares them at its start). */
  skipped: { queue: string; why: 'quorum' | 'missing' }[];
}

const BATCH = 200;

/**
 * Moves a namespace's classic queues to quorum queues of the same names, in place and without
 * losing a message (docs/operations/quorum-queues.md), as RabbitMQ's own migration guide moves
 * queues in place: for each queue, a queue of a temporary name takes its bindings and its
 * messages; the classic queue, empty, is deleted and declared again as a quorum queue with its
 * arguments and bindings; the messages move back, and the temporary queue goes (each deleted
 * only when empty). Every message is
 * published with a confirm before its copy is acked, so a crash at any point leaves it in one of
 * the two queues (at most twice, which the consumers' inboxes absorb); running it again finishes
 * the work. The apps must be stopped: a queue with a consumer is refused.
 */
export async function migrateToQuorumQueues(
  options: QuorumMigrationOptions,
): Promise<QuorumMigrationReport> {
  const target = new Broker({
    url: options.url,
    namespace: options.namespace ?? '',
    quorumQueues: true,
    logger: options.logger,
  });
  const connection = await amqp.connect(options.url);
  const report: QuorumMigrationReport = { migrated: [], skipped: [] };
  try {
    const onOwnChannel = async <T>(work: (channel: Channel) => Promise<T>) => {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      try {
        return await work(channel);
      } finally {
        await channel.close().catch(() => undefined);
      }
    };
    const inspect = (queue: string) =>
      onOwnChannel((channel) => channel.checkQueue(queue)).catch(() => undefined);
    for (const queue of declaredQueues(target)) {
      const state = await inspect(queue.name);
      // A queue left half-way by an earlier run: its messages wait in the temporary queue.
      const leftover = await inspect(temporaryName(queue.name));
      if (!state && !leftover) {
        report.skipped.push({ queue: queue.name, why: 'missing' });
        continue;
      }
      const quorum =
        state !== undefined &&
        (await onOwnChannel((channel) => target.assertQueue(channel, queue.name, queue.extra))
          .then(() => true)
          .catch(() => false));
      if (quorum && !leftover) {
        report.skipped.push({ queue: queue.name, why: 'quorum' });
        continue;
      }
      if ((state?.consumerCount ?? 0) > 0)
        throw new Error(
          `${queue.name} has ${state?.consumerCount} consumer(s): stop every app before migrating its queues`,
        );
      if (options.dryRun) {
        report.migrated.push({ queue: queue.name, messages: state?.messageCount ?? 0 });
        continue;
      }
      const onConfirmChannel = async <T>(work: (channel: ConfirmChannel) => Promise<T>) => {
        const channel = await connection.createConfirmChannel();
        channel.on('error', () => undefined);
        try {
          return await work(channel);
        } finally {
          await channel.close().catch(() => undefined);
        }
      };
      const messages = await migrateQueue(
        target,
        queue,
        state === undefined ? 'missing' : quorum ? 'quorum' : 'classic',
        { confirm: onConfirmChannel, own: onOwnChannel },
      );
      report.migrated.push({ queue: queue.name, messages });
      options.logger.info({ queue: queue.name, messages }, 'queue migrated to a quorum queue');
    }
    return report;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** Where a queue's messages wait while it is declared again. */
function temporaryName(queue: string): string {
  return `${queue}.quorum-migration`;
}

/** Runs work on a channel of its own, closed after. */
type OnChannel<C extends Channel> = <T>(work: (channel: C) => Promise<T>) => Promise<T>;

/**
 * One queue, in the steps of `migrateToQuorumQueues`; answers the messages carried over. Each
 * step on a channel of its own: a channel that used the classic queue must not publish to the
 * quorum queue of the same name (RabbitMQ 3.10 closes the connection with INTERNAL_ERROR).
 */
async function migrateQueue(
  target: Broker,
  queue: DeclaredQueue,
  /** What the queue is now: a run stopped half-way may have deleted it, or redeclared it. */
  now: 'classic' | 'quorum' | 'missing',
  on: { confirm: OnChannel<ConfirmChannel>; own: OnChannel<Channel> },
): Promise<number> {
  const temporary = temporaryName(queue.name);
  await on.own(async (channel) => {
    // Classic and durable: a quorum queue cannot be deleted "if empty", and it holds the
    // messages only for the moment of the move.
    await channel.assertQueue(temporary, {
      durable: true,
      arguments: { 'x-queue-type': 'classic' },
    });
    // Bound first: a message published meanwhile reaches one of the two queues, never neither.
    for (const binding of queue.bindings)
      await channel.bindQueue(temporary, binding.exchange, binding.routingKey);
  });
  // Deleted only once empty: a message that arrived after the last move is moved first.
  while (now === 'classic') {
    await on.confirm((channel) => move(channel, queue.name, temporary));
    if (await deleteIfEmpty(on.own, queue.name)) now = 'missing';
  }
  await on.own(async (channel) => {
    if (now === 'missing') await target.assertQueue(channel, queue.name, queue.extra);
    for (const binding of queue.bindings)
      await channel.bindQueue(queue.name, binding.exchange, binding.routingKey);
    for (const binding of queue.bindings)
      await channel.unbindQueue(temporary, binding.exchange, binding.routingKey);
  });
  let moved = 0;
  for (;;) {
    moved += await on.confirm((channel) => move(channel, temporary, queue.name));
    if (await deleteIfEmpty(on.own, temporary)) return moved;
  }
}

/** Deletes a classic queue if it holds no message; false when it still holds one. */
function deleteIfEmpty(onOwnChannel: OnChannel<Channel>, queue: string): Promise<boolean> {
  return onOwnChannel((channel) => channel.deleteQueue(queue, { ifEmpty: true })).then(
    () => true,
    () => false,
  );
}

/**
 * Moves every message of `from` to `to` (through the default exchange), in order, with its
 * properties: each batch is confirmed before its originals are acked.
 */
async function move(channel: ConfirmChannel, from: string, to: string): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch: GetMessage[] = [];
    while (batch.length < BATCH) {
      const message = await channel.get(from, { noAck: false });
      if (!message) break;
      batch.push(message);
    }
    const last = batch.at(-1);
    if (!last) return moved;
    for (const message of batch) channel.sendToQueue(to, message.content, propertiesOf(message));
    await channel.waitForConfirms();
    channel.ack(last, true);
    moved += batch.length;
  }
}

/** A message's properties as a publish takes them (the same headers, ids, user and expiry). */
function propertiesOf(message: GetMessage): Options.Publish {
  const p = message.properties;
  const defined = Object.entries({
    contentType: p.contentType,
    contentEncoding: p.contentEncoding,
    headers: p.headers,
    deliveryMode: p.deliveryMode,
    priority: p.priority,
    correlationId: p.correlationId,
    replyTo: p.replyTo,
    expiration: p.expiration,
    messageId: p.messageId,
    timestamp: p.timestamp,
    type: p.type,
    userId: p.userId,
    appId: p.appId,
  }).filter(([, value]) => value !== undefined && value !== null);
  return Object.fromEntries(defined) as Options.Publish;
}

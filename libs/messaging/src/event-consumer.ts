import type { ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { sql } from 'drizzle-orm';
import { HEADERS, TOPOLOGY, type EventEnvelope } from '@custody/contracts';
import { failpoint, FAILPOINTS } from '@custody/faults';
import { runWithContext, type Logger } from '@custody/logging';
import {
  type Database,
  executePrepared,
  type Transaction,
  quoteIdent,
  withTransaction,
} from '@custody/persistence';
import { type Broker, type BrokerComponent, guardChannel } from './broker';
import { InFlight } from './in-flight';

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Delivery {
  channel: ConfirmChannel;
  msg: ConsumeMessage;
  event: EventEnvelope;
}

/** A batch failed in the handler of its `index`-th event. */
class HandlerFailed extends Error {
  constructor(
    readonly index: number,
    cause: unknown,
  ) {
    super('event handler failed', { cause });
  }
}

export type EventHandler = (event: EventEnvelope, tx: Transaction) => Promise<void>;

export interface EventConsumerOptions {
  broker: Broker;
  db: Database;
  /** The consuming service's schema, which holds its inbox table. */
  schema: string;
  /** Names the durable queue `<consumer>.events` and the inbox rows. */
  consumer: string;
  /** One handler per event name; the queue is bound to exactly these names. */
  handlers: Record<string, EventHandler>;
  logger: Logger;
  prefetch?: number;
  /** Attempts before a failing message goes to `<queue>.dlq`. */
  maxAttempts?: number;
  retryDelayMs?: number;
  /**
   * Which of a batch's events this consumer would do nothing with (the notifier: no receiver
   * subscribed). Those are acked without a transaction or an inbox row: with no effect there is
   * nothing to apply only once. An error here sends the whole batch the usual way.
   */
  withoutEffect?: (events: EventEnvelope[]) => Promise<boolean[]>;
}

/**
 * Consumes events with manual acks. Each event's effect runs in one transaction together with its
 * inbox row, so a redelivered event (relay retry, consumer crash before ack) has no second effect.
 * A handler that keeps failing sends the message to the dead-letter queue after `maxAttempts`.
 */
export class EventConsumer implements BrokerComponent {
  private channel: ConfirmChannel | undefined;
  private consumerTag: string | undefined;
  private stopping = false;
  private readonly inFlight = new InFlight();
  private readonly queue: string;
  private readonly inbox: string;
  /** Messages delivered in this event-loop turn, handled together (see `flush`). */
  private batch: { channel: ConfirmChannel; msg: ConsumeMessage }[] = [];

  constructor(private readonly options: EventConsumerOptions) {
    this.queue = options.broker.name(TOPOLOGY.eventQueue(options.consumer));
    this.inbox = `${quoteIdent(options.schema)}.inbox`;
  }

  get queueName(): string {
    return this.queue;
  }

  get deadLetterQueueName(): string {
    return TOPOLOGY.deadLetterQueue(this.queue);
  }

  async start(): Promise<void> {
    await this.options.broker.register(this);
  }

  async attach(connection: ChannelModel): Promise<void> {
    if (this.stopping) return;
    const { broker } = this.options;
    const channel = await connection.createConfirmChannel();
    guardChannel(channel, this.options.logger, 'event consumer');
    await broker.assertEventsExchange(channel);
    await channel.assertExchange(broker.deadLetterExchange, 'direct', { durable: true });
    await channel.assertQueue(this.deadLetterQueueName, broker.queueOptions());
    await channel.bindQueue(this.deadLetterQueueName, broker.deadLetterExchange, this.queue);
    await channel.assertQueue(
      this.queue,
      broker.queueOptions({
        deadLetterExchange: broker.deadLetterExchange,
        deadLetterRoutingKey: this.queue,
      }),
    );
    for (const name of Object.keys(this.options.handlers)) {
      await channel.bindQueue(this.queue, broker.eventsExchange, name);
    }
    await channel.prefetch(this.options.prefetch ?? 64);
    channel.on('close', () => this.onChannelLost(channel));
    // Set before consuming: deliveries can arrive before consume() resolves.
    this.channel = channel;
    const { consumerTag } = await channel.consume(this.queue, (msg) => {
      // null = the broker cancelled the consumer (queue deleted): start over.
      if (msg) this.enqueue(channel, msg);
      else void channel.close().catch(() => undefined);
    });
    this.consumerTag = consumerTag;
  }

  private onChannelLost(channel: ConfirmChannel): void {
    if (this.channel !== channel) return;
    this.detach();
    if (!this.stopping) this.options.broker.reattachLater(this);
  }

  detach(): void {
    this.channel = undefined;
    this.consumerTag = undefined;
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    await this.inFlight.drain(timeoutMs);
    this.options.broker.unregister(this);
    this.detach();
    if (channel) await channel.close().catch(() => undefined);
  }

  private enqueue(channel: ConfirmChannel, msg: ConsumeMessage): void {
    this.batch.push({ channel, msg });
    // Tracked from now, not from when it runs: stop() must wait for a batch not yet started.
    if (this.batch.length === 1)
      void this.inFlight.track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush()),
      );
  }

  /**
   * Group commit: the events delivered in one event-loop turn (up to the prefetch) are handled in
   * one transaction — their inbox rows in one insert, then each new event's handler in order —
   * instead of a transaction and an inbox round trip each. If anything in the batch fails, nothing
   * of it was applied, and each event is handled again on its own (its retries and dead-lettering
   * unchanged). Acks follow the commit, so a crash in between redelivers, and the inbox absorbs it.
   */
  private async flush(): Promise<void> {
    const taken = this.batch;
    this.batch = [];
    const parsed: Delivery[] = [];
    for (const { channel, msg } of taken) {
      const event = this.parse(channel, msg);
      if (event) parsed.push({ channel, msg, event });
    }
    await this.handleBatch(await this.dropWithoutEffect(parsed));
  }

  /** Acks the events that would have no effect (see `withoutEffect`); the rest to handle. */
  private async dropWithoutEffect(batch: Delivery[]): Promise<Delivery[]> {
    const { withoutEffect } = this.options;
    if (!withoutEffect || batch.length === 0) return batch;
    let idle: boolean[];
    try {
      idle = await withoutEffect(batch.map((d) => d.event));
    } catch (error) {
      this.options.logger.debug({ err: error }, 'withoutEffect failed; handling the batch');
      return batch;
    }
    return batch.filter(({ channel, msg }, i) => {
      if (idle[i] !== true) return true;
      this.settle(channel, () => channel.ack(msg));
      return false;
    });
  }

  private async handleBatch(batch: Delivery[]): Promise<void> {
    if (batch.length === 0) return;
    if (batch.length === 1) {
      const [only] = batch as [Delivery];
      return this.handle(only.channel, only.msg, only.event);
    }
    try {
      await this.processBatch(batch);
    } catch (error) {
      this.options.logger.debug({ err: error, events: batch.length }, 'batch failed');
      if (error instanceof HandlerFailed) {
        // Only that event goes its own way (retries, dead letter); the others batch again.
        const failed = batch[error.index] as Delivery;
        await Promise.all([
          this.handle(failed.channel, failed.msg, failed.event),
          this.handleBatch(batch.filter((_, i) => i !== error.index)),
        ]);
      } else {
        // Not a handler (the inbox insert, the connection): one at a time, not 64 at once.
        for (const d of batch) await this.handle(d.channel, d.msg, d.event);
      }
      return;
    }
    failpoint(FAILPOINTS.consumerBeforeAck);
    for (const { channel, msg } of batch) this.settle(channel, () => channel.ack(msg));
  }

  private parse(channel: ConfirmChannel, msg: ConsumeMessage): EventEnvelope | undefined {
    try {
      const event = JSON.parse(msg.content.toString('utf8')) as EventEnvelope;
      if (typeof event.id !== 'string' || typeof event.name !== 'string')
        throw new Error('not an event');
      return event;
    } catch (error) {
      this.options.logger.error({ err: error }, 'Unparseable event sent to the dead-letter queue');
      this.settle(channel, () => channel.nack(msg, false, false));
      return undefined;
    }
  }

  private requestIdOf(msg: ConsumeMessage): string {
    const headers = msg.properties.headers ?? {};
    return String(headers[HEADERS.requestId] ?? msg.properties.messageId ?? '');
  }

  private async processBatch(items: Delivery[]) {
    // The inbox answers ids in PostgreSQL's form; any other spelling goes the one-by-one way.
    if (items.some(({ event }) => !CANONICAL_UUID.test(event.id)))
      throw new Error('event id not in canonical form');
    await withTransaction(this.options.db, async (tx) => {
      // One array per column: the same text for any batch size, prepared once per connection.
      const inserted = await executePrepared<{ event_id: string }>(
        tx,
        sql`INSERT INTO ${sql.raw(this.inbox)} (consumer, event_id, event_name)
            SELECT ${this.options.consumer}, id, name
              FROM unnest(${sql.param(items.map(({ event }) => event.id))}::uuid[],
                ${sql.param(items.map(({ event }) => event.name))}::text[]) AS e(id, name)
            ON CONFLICT DO NOTHING RETURNING event_id`,
      );
      const fresh = new Set(inserted.map((r) => r.event_id));
      for (const [index, { event, msg }] of items.entries()) {
        // Already processed (a redelivery), or twice in this batch: the effect happens once.
        if (!fresh.delete(event.id)) continue;
        const handler = this.options.handlers[event.name];
        if (!handler) continue;
        try {
          await runWithContext({ requestId: this.requestIdOf(msg) }, () => handler(event, tx));
        } catch (error) {
          throw new HandlerFailed(index, error);
        }
      }
    });
  }

  private async handle(
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    event: EventEnvelope,
  ): Promise<void> {
    const requestId = this.requestIdOf(msg);
    try {
      await runWithContext({ requestId }, () => this.process(event));
      failpoint(FAILPOINTS.consumerBeforeAck);
      this.settle(channel, () => channel.ack(msg));
    } catch (error) {
      await this.retryOrDeadLetter(channel, msg, event, error);
    }
  }

  private async process(event: EventEnvelope): Promise<void> {
    const handler = this.options.handlers[event.name];
    await withTransaction(this.options.db, async (tx) => {
      const inserted = await executePrepared(
        tx,
        sql`INSERT INTO ${sql.raw(this.inbox)} (consumer, event_id, event_name)
            VALUES (${this.options.consumer}, ${event.id}, ${event.name})
            ON CONFLICT DO NOTHING RETURNING event_id`,
      );
      if (inserted.length === 0) return; // already processed: the effect happened once
      if (handler) await handler(event, tx);
    });
  }

  private async retryOrDeadLetter(
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    event: EventEnvelope,
    error: unknown,
  ): Promise<void> {
    const attempts = Number(msg.properties.headers?.[HEADERS.attempts] ?? 0) + 1;
    const maxAttempts = this.options.maxAttempts ?? 5;
    if (attempts >= maxAttempts) {
      this.options.logger.error(
        { err: error, eventId: event.id, event: event.name, attempts },
        'Event handler failed for the last time; message dead-lettered',
      );
      this.settle(channel, () => channel.nack(msg, false, false));
      return;
    }
    this.options.logger.warn(
      { err: error, eventId: event.id, event: event.name, attempts },
      'Event handler failed; retrying',
    );
    await new Promise((resolve) =>
      setTimeout(resolve, (this.options.retryDelayMs ?? 200) * attempts),
    );
    try {
      // Republish with the attempt count before acking, so a crash in between duplicates (the
      // inbox absorbs that) rather than loses the message.
      channel.sendToQueue(this.queue, msg.content, {
        ...msg.properties,
        headers: { ...msg.properties.headers, [HEADERS.attempts]: attempts },
      });
      await channel.waitForConfirms();
      this.settle(channel, () => channel.ack(msg));
    } catch (republishError) {
      this.options.logger.warn(
        { err: republishError },
        'Retry republish failed; broker will redeliver',
      );
    }
  }

  /** Acks/nacks only on the channel the message came from; a replaced channel means redelivery. */
  private settle(channel: ConfirmChannel, action: () => void): void {
    if (channel !== this.channel && !this.stopping) return;
    try {
      action();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'Could not settle message: channel closed');
    }
  }
}

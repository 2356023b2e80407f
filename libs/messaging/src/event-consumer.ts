import type {
  ChannelModel,
  ConfirmChannel,
  ConsumeMessage,
  MessageProperties,
  Options,
} from 'amqplib';
import { sql } from 'drizzle-orm';
import {
  type AnyEvent,
  type AnyEventName,
  EVENT_ROUTES,
  HEADERS,
  TOPOLOGY,
} from '@custody/contracts';
import { failpoint, FAILPOINTS } from '@custody/faults';
import { runWithContext, type Logger } from '@custody/logging';
import { carrierOf, startSpan, tracingEnabled } from '@custody/telemetry';
import {
  type Database,
  executePrepared,
  type Transaction,
  quoteIdent,
  withTransaction,
} from '@custody/persistence';
import { type Broker, type BrokerComponent, guardChannel } from './broker';
import { decodeEventMessage, isEventBatch, isKnownEvent } from './event-message';
import { InFlight } from './in-flight';
import type { CallerPolicy } from './rpc-server';

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A message, settled (acked) once every event it carries is: one, or a batch (`eventBatch`). */
interface Received {
  channel: ConfirmChannel;
  msg: ConsumeMessage;
  /** Whether it carries a batch (`x-event-batch`), not an event alone. */
  batch: boolean;
  /** Events of this message not settled yet. */
  unsettled: number;
  /**
   * An event of it could not be republished or dead-lettered: once every event is settled, the
   * message goes back to the broker (requeued) instead of being acked.
   */
  givenBack?: boolean;
}

/** One event to handle, and the message it came in. */
interface Delivery {
  received: Received;
  event: AnyEvent;
  /** The headers the event was published with (its own, also inside a batch message). */
  headers: Record<string, unknown>;
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

/**
 * Thrown by a handler whose event may not take effect yet (wallet-ledger's restore gate is
 * closed): its transaction rolls back as for any failure, and the event comes again after
 * `delayMs`, republished to the back of its queue (the queue's other events go on meanwhile),
 * without counting as a failed attempt: it is never dead-lettered for waiting.
 */
export class EventDeferred extends Error {
  constructor(
    reason: string,
    readonly delayMs = 2_000,
  ) {
    super(reason);
    this.name = 'EventDeferred';
  }
}

/** Handles the events of one name (by default, of any), in the transaction of its inbox row. */
export type EventHandler<N extends AnyEventName = AnyEventName> = (
  event: AnyEvent<N>,
  tx: Transaction,
) => Promise<void>;

/** One handler per event name, each handed that name's payload. */
export type EventHandlers = { [N in AnyEventName]?: EventHandler<N> };

/** Runs the handler of the event's name, if there is one; true if there was. */
async function dispatch<N extends AnyEventName>(
  handlers: EventHandlers,
  event: AnyEvent<N>,
  tx: Transaction,
): Promise<boolean> {
  const handler = handlers[event.name];
  if (handler) await handler(event, tx);
  return handler !== undefined;
}

export interface EventConsumerOptions {
  broker: Broker;
  db: Database;
  /** The consuming service's schema, which holds its inbox table. */
  schema: string;
  /** Names the durable queue `<consumer>.events` and the inbox rows. */
  consumer: string;
  /** One handler per event name; the queue is bound to exactly these names. */
  handlers: EventHandlers;
  /** Told each time a handler ran without failing (in its transaction, before the commit). */
  onHandled?: (name: AnyEventName) => void;
  /**
   * Which app each broker user is: an event is taken only from a user of one of its publishers
   * (EVENT_ROUTES), or of this consumer (its own retries). Any user may write to a queue through
   * the default exchange, so the broker's topic permissions alone do not keep others out.
   */
  callers: CallerPolicy;
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
  withoutEffect?: (events: AnyEvent[]) => Promise<boolean[]>;
}

/** The arguments of an event queue beyond its type: its dead letters go to `<queue>.dlq`. */
export function eventQueueOptions(broker: Broker, queue: string): Options.AssertQueue {
  return { deadLetterExchange: broker.deadLetterExchange, deadLetterRoutingKey: queue };
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
    await broker.assertQueue(channel, this.deadLetterQueueName);
    await channel.bindQueue(this.deadLetterQueueName, broker.deadLetterExchange, this.queue);
    await broker.assertQueue(channel, this.queue, eventQueueOptions(broker, this.queue));
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
    for (const { channel, msg } of taken) parsed.push(...this.parse(channel, msg));
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
    return batch.filter((delivery, i) => {
      if (idle[i] !== true) return true;
      this.ack(delivery);
      return false;
    });
  }

  private async handleBatch(batch: Delivery[]): Promise<void> {
    if (batch.length === 0) return;
    if (batch.length === 1) return this.handle(batch[0] as Delivery);
    try {
      await this.processBatch(batch);
    } catch (error) {
      this.options.logger.debug({ err: error, events: batch.length }, 'batch failed');
      if (error instanceof HandlerFailed) {
        // Only that event goes its own way (retries, dead letter); the others batch again.
        const failed = batch[error.index] as Delivery;
        await Promise.all([
          this.handle(failed),
          this.handleBatch(batch.filter((_, i) => i !== error.index)),
        ]);
      } else {
        // Not a handler (the inbox insert, the connection): one at a time, not 64 at once.
        for (const d of batch) await this.handle(d);
      }
      return;
    }
    failpoint(FAILPOINTS.consumerBeforeAck);
    for (const delivery of batch) this.ack(delivery);
  }

  /**
   * The events of a message (one, or a batch's); none if it is not one, or comes from a user
   * that does not publish them (dead-lettered).
   */
  private parse(channel: ConfirmChannel, msg: ConsumeMessage): Delivery[] {
    try {
      const events = decodeEventMessage(msg.content, msg.properties.headers);
      const userId = typeof msg.properties.userId === 'string' ? msg.properties.userId : undefined;
      const refused = events.find(({ event }) => !this.publishedBy(event.name, userId));
      if (refused) {
        this.options.logger.warn(
          { audit: 'event_refused', event: refused.event.name, brokerUser: userId ?? null },
          'Event from a broker user that does not publish it sent to the dead-letter queue',
        );
        this.settle(channel, () => channel.nack(msg, false, false));
        return [];
      }
      const received: Received = {
        channel,
        msg,
        batch: isEventBatch(msg.properties.headers),
        unsettled: events.length,
      };
      const deliveries: Delivery[] = [];
      for (const { event, headers } of events) {
        if (isKnownEvent(event)) deliveries.push({ received, event, headers });
        // A name this build does not know (a newer publisher's) has no handler: no effect.
        else this.ack({ received });
      }
      return deliveries;
    } catch (error) {
      this.options.logger.error({ err: error }, 'Unparseable event sent to the dead-letter queue');
      this.settle(channel, () => channel.nack(msg, false, false));
      return [];
    }
  }

  private publishedBy(name: string, userId: string | undefined): boolean {
    const app = this.options.callers.appOf(userId);
    if (app === '*' || app === this.options.consumer) return true;
    const routes: Record<string, { publishers: readonly string[] } | undefined> = EVENT_ROUTES;
    return app !== undefined && (routes[name]?.publishers.includes(app) ?? false);
  }

  private requestIdOf({ headers, event, received }: Delivery): string {
    return String(
      headers[HEADERS.requestId] ??
        (received.batch ? event.id : received.msg.properties.messageId) ??
        '',
    );
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
      for (const [index, delivery] of items.entries()) {
        const { event } = delivery;
        // Already processed (a redelivery), or twice in this batch: the effect happens once.
        if (!fresh.delete(event.id)) continue;
        try {
          await this.traced(delivery, () =>
            runWithContext({ requestId: this.requestIdOf(delivery) }, () =>
              this.runHandler(event, tx),
            ),
          );
        } catch (error) {
          throw new HandlerFailed(index, error);
        }
      }
    });
  }

  private async handle(delivery: Delivery): Promise<void> {
    try {
      await this.traced(delivery, () =>
        runWithContext({ requestId: this.requestIdOf(delivery) }, () =>
          this.process(delivery.event),
        ),
      );
      failpoint(FAILPOINTS.consumerBeforeAck);
      this.ack(delivery);
    } catch (error) {
      await this.retryOrDeadLetter(delivery, error);
    }
  }

  /**
   * Runs `work` in a CONSUMER span of the event, a child of the span that published it (the
   * relay's, in the trace of the request that wrote it; docs/tracing.md), or a trace of its own
   * when it came without one. Off: `work` alone.
   */
  private traced(delivery: Delivery, work: () => Promise<void>): Promise<void> {
    if (!tracingEnabled()) return work();
    const { event, headers } = delivery;
    const span = startSpan(`${event.name} process`, 'consumer', {
      parent: carrierOf(headers) ?? null,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': event.name,
        'messaging.consumer.group.name': this.options.consumer,
        'messaging.message.id': event.id,
        'custody.attempt': Number(headers[HEADERS.attempts] ?? 0) + 1,
      },
    });
    if (!span) return work();
    return span.run(work).then(
      () => span.end(),
      (error: unknown) => {
        span.fail(error);
        span.end();
        throw error;
      },
    );
  }

  private async process(event: AnyEvent): Promise<void> {
    await withTransaction(this.options.db, async (tx) => {
      const inserted = await executePrepared(
        tx,
        sql`INSERT INTO ${sql.raw(this.inbox)} (consumer, event_id, event_name)
            VALUES (${this.options.consumer}, ${event.id}, ${event.name})
            ON CONFLICT DO NOTHING RETURNING event_id`,
      );
      if (inserted.length === 0) return; // already processed: the effect happened once
      await this.runHandler(event, tx);
    });
  }

  private async runHandler(event: AnyEvent, tx: Transaction): Promise<void> {
    if (await dispatch(this.options.handlers, event, tx)) this.options.onHandled?.(event.name);
  }

  private async retryOrDeadLetter(delivery: Delivery, error: unknown): Promise<void> {
    if (error instanceof EventDeferred) return this.deferred(delivery, error);
    const { event, headers, received } = delivery;
    const { channel } = received;
    const attempts = Number(headers[HEADERS.attempts] ?? 0) + 1;
    const maxAttempts = this.options.maxAttempts ?? 5;
    if (attempts >= maxAttempts) {
      this.options.logger.error(
        { err: error, eventId: event.id, event: event.name, attempts },
        'Event handler failed for the last time; message dead-lettered',
      );
      await this.deadLetter(delivery);
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
      // inbox absorbs that) rather than loses the message. An event of a batch goes alone.
      const { content, properties } = this.ownMessage(delivery);
      await publishConfirmed(channel, '', this.queue, content, {
        ...{},
        ...properties,
        userId: this.options.broker.username,
        headers: { ...{}, ...headers, [HEADERS.attempts]: attempts },
      });
      this.ack(delivery);
    } catch (republishError) {
      // Left unsettled, the message would sit unacked on a channel that stays open (a publish
      // the broker refused) until the connection closed: given back, it comes again now.
      this.options.logger.warn(
        { err: republishError, eventId: event.id },
        'Retry republish failed; message given back to the broker',
      );
      this.giveBack(delivery);
    }
  }

  /**
   * An event its handler deferred (EventDeferred): after the delay, republished as it came (its
   * attempts unchanged) to the back of the queue, then acked; given back if that fails.
   */
  private async deferred(delivery: Delivery, deferral: EventDeferred): Promise<void> {
    const { event, headers, received } = delivery;
    this.options.logger.debug(
      { eventId: event.id, event: event.name, reason: deferral.message },
      'event deferred',
    );
    await new Promise((resolve) => setTimeout(resolve, deferral.delayMs));
    try {
      const { content, properties } = this.ownMessage(delivery);
      await publishConfirmed(received.channel, '', this.queue, content, {
        ...{},
        ...properties,
        userId: this.options.broker.username,
        headers,
      });
      this.ack(delivery);
    } catch (error) {
      this.options.logger.warn(
        { err: error, eventId: event.id },
        'Deferred event not republished; message given back to the broker',
      );
      this.giveBack(delivery);
    }
  }

  /** The event as a message of its own: its message, or (from a batch) one made like it. */
  private ownMessage({ event, headers, received }: Delivery): {
    content: Buffer;
    properties: MessageProperties;
  } {
    const { msg } = received;
    if (!received.batch) return { content: msg.content, properties: msg.properties };
    return {
      content: Buffer.from(JSON.stringify(event)),
      properties: {
        ...{},
        ...msg.properties,
        messageId: event.id,
        // An envelope without a readable occurredAt keeps the batch's (a NaN would make the send
        // throw, and the event could then neither be retried nor dead-lettered).
        timestamp: Number.isFinite(Date.parse(event.occurredAt))
          ? Math.floor(Date.parse(event.occurredAt) / 1000)
          : msg.properties.timestamp,
        headers,
      },
    };
  }

  /** Settles one event; its message is acked once every event it carries is settled. */
  private ack({ received }: Pick<Delivery, 'received'>): void {
    received.unsettled -= 1;
    if (received.unsettled !== 0) return;
    const { channel, msg } = received;
    // Requeued whole: the events of it already applied are absorbed by the inbox.
    if (received.givenBack) this.settle(channel, () => channel.nack(msg, false, true));
    else this.settle(channel, () => channel.ack(msg));
  }

  /** Settles one event by giving its message back to the broker (see `Received.givenBack`). */
  private giveBack(delivery: Delivery): void {
    delivery.received.givenBack = true;
    this.ack(delivery);
  }

  /**
   * To the dead-letter queue: the message itself when it carries this event alone; an event of
   * a batch is published there by itself (confirmed) and then settled. If that fails, the batch
   * is given back to the broker and comes again (the inbox absorbs its events already applied).
   */
  private async deadLetter(delivery: Delivery): Promise<void> {
    const { channel, msg, batch } = delivery.received;
    if (!batch) {
      this.settle(channel, () => channel.nack(msg, false, false));
      return;
    }
    try {
      const { content, properties } = this.ownMessage(delivery);
      const exchange = this.options.broker.deadLetterExchange;
      await publishConfirmed(channel, exchange, this.queue, content, {
        ...{},
        ...properties,
        userId: this.options.broker.username,
      });
      this.ack(delivery);
    } catch (error) {
      this.options.logger.warn(
        { err: error, eventId: delivery.event.id },
        'Dead-lettering failed; message given back to the broker',
      );
      // Not at once: it comes straight back, and its handler runs again before this point.
      await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 200));
      this.giveBack(delivery);
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

/**
 * One publish and its own confirm. `waitForConfirms` waits for every publish outstanding on the
 * channel: another event's refused publish would fail it, and this event would be given back
 * although its copy was stored (then it would exist twice).
 */
function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.publish(exchange, routingKey, content, options, (error: unknown) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
    );
  });
}

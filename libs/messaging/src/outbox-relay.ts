import type { ChannelModel, ConfirmChannel, Message } from 'amqplib';
import type pg from 'pg';
import type { AnyEvent } from '@custody/contracts';
import { failpoint, FAILPOINTS } from '@custody/faults';
import type { Logger } from '@custody/logging';
import { sql } from 'drizzle-orm';
import { onOutboxCommit, pipeline, prepared, quoteIdent } from '@custody/persistence';
import { carrierOf, startSpan, type TracedSpan, tracingEnabled } from '@custody/telemetry';
import { type Broker, type BrokerComponent, guardChannel } from './broker';
import { encodeEventMessage } from './event-message';

export interface OutboxRelayOptions {
  broker: Broker;
  /** The pool the service writes its events with: a commit that wrote one wakes the relay. */
  pool: pg.Pool;
  schema: string;
  logger: Logger;
  batchSize?: number;
  pollIntervalMs?: number;
  confirmTimeoutMs?: number;
  /**
   * A relay cycle starts at most this often (ms): the first event after a quiet spell goes at
   * once, and under load the commits of the interval go in one cycle instead of one each.
   */
  minCycleMs?: number;
  /**
   * Consecutive events of one name sent as one message, at most this many (1: each alone, what
   * consumers from before batching read; see docs/decisions/events-and-outbox.md for the rolling
   * upgrade).
   */
  maxEventsPerMessage?: number;
  /**
   * An event the broker returned as unroutable waits this long (ms) before it goes again, doubled
   * at each return up to `maxReturnedRetryMs` (default 1 s, up to 5 min).
   */
  returnedRetryMs?: number;
  maxReturnedRetryMs?: number;
  /** Told the events of each name the broker returned in a batch (a counter). */
  onUnroutable?: (name: string, count: number) => void;
}

interface OutboxRow {
  seq: string;
  name: string;
  envelope: AnyEvent;
  headers: Record<string, unknown>;
}

/** A batch's outcome: rows claimed (the drain's measure), and of them those the broker took. */
interface BatchOutcome {
  claimed: number;
  sent: number;
}

/**
 * Publishes the schema's outbox to the `events` exchange. Rows are claimed with
 * FOR UPDATE SKIP LOCKED (replicas share the work), published on a confirm channel, and marked
 * sent only after the broker confirmed them, in the same transaction that holds the claim. A
 * crash between publish and mark republishes the rows: delivery is at-least-once and consumers
 * dedupe by event id.
 *
 * Every message is `mandatory`: one no queue is bound for comes back (basic.return, before its
 * confirm), and its rows stay unsent, to go again after a growing wait
 * (docs/decisions/sweeps.md, "Unroutable events"). A confirm alone would say the broker took
 * the message, though it dropped it.
 */
export class OutboxRelay implements BrokerComponent {
  private channel: ConfirmChannel | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private stopWaking: (() => void) | undefined;
  private wake: (() => void) | undefined;
  /** A commit was notified since the last cycle began (a wake-up during a cycle is not lost). */
  private pending = false;
  private readonly table: string;

  constructor(private readonly options: OutboxRelayOptions) {
    this.table = `${quoteIdent(options.schema)}.outbox`;
  }

  async start(): Promise<void> {
    this.running = true;
    await this.options.broker.register(this);
    this.stopWaking = onOutboxCommit(this.options.pool, () => this.notified());
    this.loop = this.run();
  }

  async attach(connection: ChannelModel): Promise<void> {
    const channel = await connection.createConfirmChannel();
    guardChannel(channel, this.options.logger, 'outbox relay');
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = undefined;
      if (this.running) this.options.broker.reattachLater(this);
    });
    this.channel = channel;
    this.notified();
  }

  detach(): void {
    this.channel = undefined;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopWaking?.();
    this.notified();
    await this.loop;
    this.options.broker.unregister(this);
    await this.channel?.close().catch(() => undefined);
    this.channel = undefined;
  }

  /** Publishes everything pending now; returns how many events went out. */
  async drain(): Promise<number> {
    const batchSize = this.options.batchSize ?? 200;
    let total = 0;
    for (;;) {
      const { claimed, sent } = await this.relayBatch(batchSize);
      total += sent;
      // A short batch took every unsent row due and not claimed by another replica.
      if (claimed < batchSize) return total;
    }
  }

  private notified(): void {
    this.pending = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    const poll = this.options.pollIntervalMs ?? 1_000;
    const minCycle = this.options.minCycleMs ?? 50;
    while (this.running) {
      const began = Date.now();
      this.pending = false;
      try {
        // Published rows are forgotten by the service's retention sweep (libs/service-kit).
        await this.drain();
      } catch (error) {
        this.options.logger.warn({ err: error }, 'Outbox relay batch failed; will retry');
      }
      if (!this.running) break;
      // Notified while draining: that commit may have missed this cycle's claim.
      const wait = this.pending ? Math.max(0, began + minCycle - Date.now()) : poll;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          this.wake = undefined;
          clearTimeout(timer);
          // Not sooner than minCycle after the last cycle began: commits arriving meanwhile
          // share the next cycle.
          setTimeout(resolve, Math.max(0, began + minCycle - Date.now()));
        };
      });
      this.wake = undefined;
    }
  }

  private async relayBatch(batchSize: number): Promise<BatchOutcome> {
    const channel = this.channel;
    if (!channel) return { claimed: 0, sent: 0 };
    const client = await this.options.pool.connect();
    let spans: TracedSpan[] = [];
    // The broker returns an unroutable message before its confirm: collected by message id
    // (the first event's id) until every confirm is in.
    const returned = new Set<string>();
    const onReturn = (message: Message) => {
      const id: unknown = message.properties.messageId;
      if (typeof id === 'string') returned.add(id);
    };
    channel.on('return', onReturn);
    try {
      // BEGIN and the claim in one round trip; claimed and marked in one statement. The mark
      // commits only after the broker confirmed every row, so a crash before COMMIT leaves them
      // unsent (at-least-once). Prepared: parsed and planned once per connection.
      const [, claimed] = await pipeline(client, [
        'BEGIN',
        prepared(sql`UPDATE ${sql.raw(this.table)} o SET sent_at = now()
           FROM (SELECT seq FROM ${sql.raw(this.table)}
                 WHERE sent_at IS NULL AND (retry_at IS NULL OR retry_at <= now())
                 ORDER BY seq LIMIT ${batchSize} FOR UPDATE SKIP LOCKED) claimed
          WHERE o.seq = claimed.seq
          RETURNING o.seq, o.name, o.envelope, o.headers`),
      ]);
      const rows = (claimed?.rows ?? []) as OutboxRow[];
      if (rows.length === 0) {
        await client.query('COMMIT');
        return { claimed: 0, sent: 0 };
      }
      // RETURNING has no order; events go out in commit-sequence order.
      rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
      if (tracingEnabled()) spans = publishSpans(rows);
      const runs = new Map<string, OutboxRow[]>();
      for (const run of runsOfOneName(rows, this.options.maxEventsPerMessage ?? 1)) {
        const { content, options } = encodeEventMessage(run);
        runs.set(String(options.messageId), run);
        // The user-id lets consumers check that this app publishes these events.
        const ok = channel.publish(
          this.options.broker.eventsExchange,
          (run[0] as OutboxRow).name,
          content,
          { ...{}, ...options, mandatory: true, userId: this.options.broker.username },
        );
        if (!ok)
          await this.settled(channel, new Promise((resolve) => channel.once('drain', resolve)));
      }
      await this.settled(channel, channel.waitForConfirms());
      const kept = [...returned].flatMap((id) => runs.get(id) ?? []);
      if (kept.length > 0) await this.keepUnsent(client, kept);
      failpoint(FAILPOINTS.outboxAfterPublish);
      await client.query('COMMIT');
      return { claimed: rows.length, sent: rows.length - kept.length };
    } catch (error) {
      for (const span of spans) span.fail(error);
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      channel.off('return', onReturn);
      for (const span of spans) span.end();
      client.release();
    }
  }

  /**
   * Rows whose message the broker returned: unsent again, in the claim's transaction, counted
   * and due after a wait that doubles with each return.
   */
  private async keepUnsent(client: pg.PoolClient, rows: OutboxRow[]): Promise<void> {
    const base = this.options.returnedRetryMs ?? 1_000;
    const max = this.options.maxReturnedRetryMs ?? 300_000;
    await client.query(
      `UPDATE ${this.table} SET sent_at = NULL, returns = returns + 1,
              retry_at = now() + least($2::float8 * power(2, least(returns, 30)), $3::float8)
                                 * interval '1 millisecond'
        WHERE seq = ANY($1::bigint[])`,
      [rows.map((row) => row.seq), base, max],
    );
    const byName = new Map<string, number>();
    for (const row of rows) byName.set(row.name, (byName.get(row.name) ?? 0) + 1);
    for (const [name, count] of byName) this.options.onUnroutable?.(name, count);
    this.options.logger.warn(
      { events: Object.fromEntries(byName) },
      'the broker returned events no queue is bound for; kept unsent, to be published again',
    );
  }

  /**
   * Waits for the broker, but not forever: a blocked connection (memory or disk alarm) or a
   * closed channel must not keep the claimed rows locked. On timeout the channel is closed, the
   * batch rolls back, and the rows go out again later.
   */
  private async settled<T>(channel: ConfirmChannel, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let onClose: (() => void) | undefined;
    try {
      return await Promise.race([
        work,
        new Promise<never>((_, reject) => {
          onClose = () => reject(new Error('channel closed while publishing'));
          channel.once('close', onClose);
          timer = setTimeout(() => {
            reject(new Error('broker did not confirm in time'));
            void channel.close().catch(() => undefined);
          }, this.options.confirmTimeoutMs ?? 30_000);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (onClose) channel.off('close', onClose);
    }
  }
}

/**
 * A PRODUCER span for each event written in a traced request (its row keeps the request's span
 * context, `outboxRecord`), a child of that span: the event goes out with the producer span's
 * context instead, so its consumers' spans follow the publish in the request's trace
 * (docs/tracing.md). Events written outside any trace go out as they are.
 */
function publishSpans(rows: OutboxRow[]): TracedSpan[] {
  const spans: TracedSpan[] = [];
  for (const row of rows) {
    const parent = carrierOf(row.headers);
    if (!parent) continue;
    const span = startSpan(`${row.name} publish`, 'producer', {
      parent,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation.type': 'publish',
        'messaging.destination.name': row.name,
        'messaging.message.id': row.envelope.id,
      },
    });
    if (!span) continue;
    spans.push(span);
    row.headers = { ...{}, ...row.headers, ...span.carrier() };
  }
  return spans;
}

/**
 * The rows (in commit order) as runs of consecutive events of one name, each at most `max` long:
 * one message per run keeps every event's place in the queue's order. A message's per-event cost
 * at the broker (a publish, a confirm, a persisted write, a delivery, an ack) was a tenth of a
 * transfer's CPU (docs/performance.md, "Event batches").
 */
export function runsOfOneName<T extends { name: string }>(rows: T[], max: number): T[][] {
  const runs: T[][] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last && last.length < max && (last[0] as T).name === row.name) last.push(row);
    else runs.push([row]);
  }
  return runs;
}

import amqp from 'amqplib';
import { sql } from 'drizzle-orm';
import { type AnyEvent, type EventBatchItem, EVENTS, HEADERS } from '@custody/contracts';
import { runWithContext } from '@custody/logging';
import { enqueueEvent, outboxBacklog, withTransaction } from '@custody/persistence';
import { TEST_EVENT, testEvent, testLogger, testServiceUrls, waitFor } from '@custody/testing';
import {
  EventConsumer,
  EventDeferred,
  type EventHandler,
  type EventHandlers,
} from './event-consumer';
import { decodeEventMessage, isKnownEvent } from './event-message';
import { OutboxRelay, type OutboxRelayOptions, runsOfOneName } from './outbox-relay';
import { CallerPolicy } from './rpc-server';
import {
  createHarness,
  type Harness,
  readyCount,
  refusePublishesTo,
  SCHEMA,
  spawnFixture,
} from './test-harness';

const EVENT = TEST_EVENT;
/** The tests' one broker user, shared by the publishers and consumers they play. */
const SHARED_USER = new CallerPolicy('guest=*');
let h: Harness;
const stoppers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  h = await createHarness();
});

afterEach(async () => {
  for (const stop of stoppers.splice(0).reverse()) await stop();
  await h.pool.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.effects`);
});

afterAll(async () => {
  await h.close();
});

async function startedRelay(options: Parameters<typeof relay>[0] = {}) {
  const r = relay(options);
  await r.start();
  return r;
}

function relay(
  options: Partial<
    Pick<
      OutboxRelayOptions,
      'pollIntervalMs' | 'minCycleMs' | 'maxEventsPerMessage' | 'returnedRetryMs' | 'onUnroutable'
    >
  > = {},
) {
  const r = new OutboxRelay({
    broker: h.broker,
    pool: h.pool,
    schema: SCHEMA,
    logger: testLogger(),
    pollIntervalMs: 50,
    ...options,
  });
  stoppers.push(() => r.stop());
  return r;
}

const recordEffect: EventHandler = async (event, tx) => {
  await tx.execute(sql`INSERT INTO svc.effects (event_id) VALUES (${event.id})`);
};

async function consumer(
  name: string,
  handler: EventHandler<typeof EVENT> = recordEffect,
  maxAttempts = 3,
) {
  const c = new EventConsumer({
    callers: SHARED_USER,
    broker: h.broker,
    db: h.db,
    schema: SCHEMA,
    consumer: name,
    handlers: { [EVENT]: handler },
    logger: testLogger(),
    maxAttempts,
    retryDelayMs: 10,
  });
  await c.start();
  stoppers.push(() => c.stop(2_000));
  return c;
}

async function writeEvent(n = 1): Promise<AnyEvent<typeof EVENT>> {
  return withTransaction(h.db, (tx) => enqueueEvent(tx, SCHEMA, testEvent(n)));
}

async function unsent(): Promise<number> {
  const { rows } = await h.pool.query(
    `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE sent_at IS NULL`,
  );
  return rows[0].n;
}

/** Declares a plain queue bound to the event so a test can count what was published. */
async function tap(name: string = EVENT): Promise<{
  count: () => Promise<number>;
  take: () => Promise<AnyEvent | undefined>;
  takeMessage: () => Promise<amqp.GetMessage | false>;
}> {
  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  const channel = await connection.createChannel();
  await channel.assertExchange(h.broker.eventsExchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, h.broker.eventsExchange, name);
  stoppers.push(() => connection.close());
  return {
    count: async () => (await channel.checkQueue(queue)).messageCount,
    take: async () => {
      const msg = await channel.get(queue, { noAck: true });
      return msg ? (JSON.parse(msg.content.toString()) as AnyEvent) : undefined;
    },
    takeMessage: () => channel.get(queue, { noAck: true }),
  };
}

describe('outbox relay', () => {
  it('publishes an event written in the same transaction as the change', async () => {
    const probe = await tap();
    const r = relay();
    await r.start();
    const event = await writeEvent();
    await waitFor(async () => (await probe.count()) === 1, { what: 'the published event' });
    expect(await probe.take()).toEqual(event);
    await waitFor(async () => (await unsent()) === 0, { what: 'the row marked sent' });
  });

  it('publishes every commit of a stream, woken by the commits of its own pool alone (no polling)', async () => {
    const probe = await tap();
    const r = relay({ pollIntervalMs: 600_000, minCycleMs: 5 });
    await r.start();
    // Commits keep landing while cycles run: a wake-up during a cycle must not be lost.
    const written: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const burst = await Promise.all([writeEvent(), writeEvent(), writeEvent()]);
      written.push(...burst.map((e) => e.id));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor(async () => (await probe.count()) === written.length, {
      what: 'every event published',
      timeoutMs: 10_000,
    });
    const published: string[] = [];
    for (let e = await probe.take(); e; e = await probe.take()) published.push(e.id);
    expect(published.sort()).toEqual([...written].sort());
    expect(await unsent()).toBe(0);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const probe = await tap();
    await expect(
      withTransaction(h.db, async (tx) => {
        await enqueueEvent(tx, SCHEMA, testEvent());
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const r = relay();
    await r.start();
    expect(await r.drain()).toBe(0);
    expect(await probe.count()).toBe(0);
  });

  it('keeps the events no queue is bound for unsent and counted, and publishes them once one is', async () => {
    // A name nothing in this namespace binds (the consumers of the other tests bind EVENT), in
    // the middle of a batch whose other events are routed.
    const LONELY = EVENTS.walletDeleted;
    const probe = await tap();
    const first = await writeEvent(1);
    const lonely = await withTransaction(h.db, async (tx) => {
      const one = await enqueueEvent(tx, SCHEMA, { ...testEvent(2), name: LONELY } as never);
      const two = await enqueueEvent(tx, SCHEMA, { ...testEvent(3), name: LONELY } as never);
      return [one, two] as AnyEvent[];
    });
    const last = await writeEvent(4);
    const counted: [string, number][] = [];
    const r = relay({
      pollIntervalMs: 600_000,
      maxEventsPerMessage: 16,
      returnedRetryMs: 300,
      onUnroutable: (name, n) => counted.push([name, n]),
    });
    await r.start();
    await waitFor(async () => counted.length > 0, { what: 'the return of the lonely events' });

    // The routed events went out and are sent; the returned run is unsent, counted, and waits.
    expect(counted).toEqual([[LONELY, 2]]);
    expect(await probe.count()).toBe(2);
    expect([(await probe.take())?.id, (await probe.take())?.id]).toEqual([first.id, last.id]);
    const { rows } = await h.pool.query(
      `SELECT id::text, sent_at, returns, retry_at > now() AS waits FROM ${SCHEMA}.outbox
        WHERE sent_at IS NULL ORDER BY seq`,
    );
    expect(rows).toEqual(
      lonely.map((event) => ({ id: event.id, sent_at: null, returns: 1, waits: true })),
    );
    expect(await outboxBacklog(h.db, SCHEMA)).toMatchObject({ unsent: 2, unroutable: 2 });
    // Not due yet: a drain claims nothing.
    expect(await r.drain()).toBe(0);

    // Once a queue is bound, the next try publishes them, still as one run, and marks them sent.
    const lonelyProbe = await tap(LONELY);
    await waitFor(
      async () => {
        await r.drain();
        return (await unsent()) === 0;
      },
      { what: 'the lonely events published again', intervalMs: 100 },
    );
    const message = await lonelyProbe.takeMessage();
    expect(message && message.properties.headers?.[HEADERS.eventBatch]).toBe(2);
    expect(await outboxBacklog(h.db, SCHEMA)).toMatchObject({ unsent: 0, unroutable: 0 });
  });

  it('republishes after a relay killed between publish and mark, and the inbox applies it once', async () => {
    const probe = await tap();
    const event = await writeEvent();
    const child = spawnFixture('relay-child', {
      DATABASE_URL: h.database.url,
      AMQP_URL: h.amqpUrl,
      MQ_NAMESPACE: h.namespace,
      SCHEMA,
      FAILPOINTS: 'outbox.after-publish',
    });
    expect(await child.exited).toMatchObject({ signal: 'SIGKILL' });
    // Published once by the dead relay, yet still unsent in the outbox.
    expect(await probe.count()).toBe(1);
    expect(await unsent()).toBe(1);

    await consumer('probe');
    await relay().start();
    await waitFor(async () => (await unsent()) === 0, { what: 'the retried publish' });
    expect(await probe.count()).toBe(2); // delivered twice: at-least-once
    await waitFor(async () => (await readyCount(h.amqpUrl, `${h.namespace}.probe.events`)) === 0);
    await waitFor(async () => (await h.effects()) >= 1);
    const { rows } = await h.pool.query(`SELECT event_id FROM ${SCHEMA}.inbox`);
    expect(rows).toEqual([{ event_id: event.id }]);
    expect(await h.effects()).toBe(1); // but applied once
  });
});

describe('event consumer', () => {
  it("registers a handler only under its payload's name (checked by tsc)", () => {
    const onUser: EventHandler<typeof EVENTS.userCreated> = async () => undefined;
    // @ts-expect-error a user's handler under an approval's name
    const handlers: EventHandlers = { [EVENTS.approvalDecided]: onUser };
    expect(Object.keys(handlers)).toEqual([EVENTS.approvalDecided]);
  });

  const stranger = {
    id: '0190a8e4-0000-7000-8000-000000000001',
    name: 'thing.is-created',
    occurredAt: '2026-01-01T00:00:00.000Z',
    tenantId: 't1',
    data: {},
  };

  it('reads an envelope with every field, whatever its name, and refuses one short of a field', () => {
    const read = (body: unknown) => decodeEventMessage(Buffer.from(JSON.stringify(body)), {});
    expect(read(stranger)).toEqual([{ event: stranger, headers: {} }]);
    expect(read(stranger).map(({ event }) => isKnownEvent(event))).toEqual([false]);
    for (const field of ['id', 'name', 'occurredAt', 'tenantId', 'data'])
      expect(() => read({ ...stranger, [field]: undefined })).toThrow('not an event');
    expect(() => read({ ...stranger, data: 'text' })).toThrow('not an event');
    expect(read({ ...stranger, tenantId: null })[0]?.event.tenantId).toBeNull();
  });

  it('acks an event of a name it does not know with no effect, and dead-letters one short of a field', async () => {
    const c = await consumer('strangers');
    const connection = await amqp.connect(h.amqpUrl);
    const channel = await connection.createConfirmChannel();
    // Straight to its queue, from the tests' user, which may publish any name.
    const options = { userId: h.broker.username };
    channel.sendToQueue(c.queueName, Buffer.from(JSON.stringify(stranger)), options);
    const { tenantId: _, ...untenanted } = { ...stranger, name: EVENT };
    channel.sendToQueue(c.queueName, Buffer.from(JSON.stringify(untenanted)), options);
    await channel.waitForConfirms();
    await connection.close();
    await waitFor(async () => (await readyCount(h.amqpUrl, c.deadLetterQueueName)) === 1);
    await c.stop(2_000); // a message it never acked goes back to the queue and shows here
    expect(await readyCount(h.amqpUrl, c.queueName)).toBe(0);
    expect(await readyCount(h.amqpUrl, c.deadLetterQueueName)).toBe(1);
    expect(await h.effects()).toBe(0);
    expect((await h.pool.query(`SELECT event_id FROM ${SCHEMA}.inbox`)).rows).toEqual([]);
  });

  async function withoutEffectConsumer(withoutEffect: (events: AnyEvent[]) => Promise<boolean[]>) {
    const c = new EventConsumer({
      callers: SHARED_USER,
      broker: h.broker,
      db: h.db,
      schema: SCHEMA,
      consumer: 'probe',
      handlers: { [EVENT]: recordEffect },
      logger: testLogger(),
      withoutEffect,
    });
    await c.start();
    stoppers.push(() => c.stop(2_000));
    return c;
  }
  const odd = (e: AnyEvent) => e.name === EVENT && e.data.suppressed % 2 === 1;
  const handledIds = async () =>
    (await h.pool.query<{ event_id: string }>(`SELECT event_id FROM ${SCHEMA}.inbox`)).rows
      .map((r) => r.event_id)
      .sort();

  it('acks the events it would do nothing with, without a transaction or an inbox row', async () => {
    const c = await withoutEffectConsumer(async (events) => events.map(odd));
    const events = await Promise.all(Array.from({ length: 6 }, (_, i) => writeEvent(i)));
    await (await startedRelay()).drain();
    const even = events.filter((e) => !odd(e)).map((e) => e.id);
    await waitFor(async () => (await h.effects()) === even.length, { what: 'the even events' });
    await waitFor(async () => (await readyCount(h.amqpUrl, `${h.namespace}.probe.events`)) === 0);
    await c.stop(2_000); // what it had taken is finished and acked
    expect(await handledIds()).toEqual([...even].sort());
    expect(await h.effects()).toBe(even.length);
  });

  it('handles the whole batch the usual way when it cannot tell which have no effect', async () => {
    await withoutEffectConsumer(async () => {
      throw new Error('lookup failed');
    });
    const events = await Promise.all(Array.from({ length: 4 }, (_, i) => writeEvent(i)));
    await (await startedRelay()).drain();
    await waitFor(async () => (await h.effects()) === events.length, { what: 'every event' });
    expect(await handledIds()).toEqual(events.map((e) => e.id).sort());
  });

  it('gets a message redelivered when killed before ack, and applies it once', async () => {
    await consumer('crashy'); // declares the queue and bindings
    for (const stop of stoppers.splice(0)) await stop();
    const event = await writeEvent();
    await (await startedRelay()).drain();
    const child = spawnFixture('consumer-child', {
      DATABASE_URL: h.database.url,
      AMQP_URL: h.amqpUrl,
      MQ_NAMESPACE: h.namespace,
      SCHEMA,
      CONSUMER: 'crashy',
      FAILPOINTS: 'consumer.before-ack',
    });
    expect(await child.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(await h.effects()).toBe(1); // its transaction committed before the kill
    // The broker put the unacked message back.
    await waitFor(async () => (await readyCount(h.amqpUrl, `${h.namespace}.crashy.events`)) === 1);

    const handled: string[] = [];
    await consumer('crashy', async (e, tx) => {
      handled.push(e.id);
      await recordEffect(e, tx);
    });
    await waitFor(async () => (await readyCount(h.amqpUrl, `${h.namespace}.crashy.events`)) === 0);
    expect(handled).toEqual([]); // the inbox recognised the redelivery
    expect(await h.effects()).toBe(1);
    const { rows } = await h.pool.query(`SELECT event_id FROM ${SCHEMA}.inbox`);
    expect(rows).toEqual([{ event_id: event.id }]);
  });

  it('dead-letters a message whose handler keeps failing, with no effect left behind', async () => {
    let attempts = 0;
    const c = await consumer(
      'poison',
      async (event, tx) => {
        attempts++;
        await recordEffect(event, tx);
        throw new Error('cannot handle');
      },
      3,
    );
    await writeEvent();
    await (await startedRelay()).drain();
    await waitFor(async () => (await readyCount(h.amqpUrl, c.deadLetterQueueName)) === 1, {
      what: 'the dead-lettered message',
    });
    expect(attempts).toBe(3);
    expect(await h.effects()).toBe(0);
  });

  it('takes back an event its handler defers, past the attempts that dead-letter, and applies it once when it can', async () => {
    let deferrals = 0;
    let open = false;
    const c = await consumer(
      'gated',
      async (event, tx) => {
        if (!open) {
          deferrals++;
          throw new EventDeferred('not yet', 20);
        }
        await recordEffect(event, tx);
      },
      2,
    );
    await writeEvent();
    await (await startedRelay()).drain();
    await waitFor(() => deferrals >= 5, { what: 'the event to come back five times' });
    // Never counted as a failed attempt: nothing dead-lettered, nothing applied meanwhile.
    expect(await readyCount(h.amqpUrl, c.deadLetterQueueName)).toBe(0);
    expect(await h.effects()).toBe(0);
    open = true;
    await waitFor(async () => (await h.effects()) === 1, { what: 'the deferred event applied' });
    await waitFor(async () => (await readyCount(h.amqpUrl, c.queueName)) === 0);
    expect(await h.effects()).toBe(1);
    expect(await readyCount(h.amqpUrl, c.deadLetterQueueName)).toBe(0);
  });

  it('dead-letters a message that is not an event at all', async () => {
    const c = await consumer('poison');
    const connection = await amqp.connect(h.amqpUrl);
    const channel = await connection.createConfirmChannel();
    channel.publish(h.broker.eventsExchange, EVENT, Buffer.from('{not json'));
    await channel.waitForConfirms();
    await connection.close();
    await waitFor(async () => (await readyCount(h.amqpUrl, c.deadLetterQueueName)) >= 1);
  });
});

describe('event batches', () => {
  /** Events written in one transaction (consecutive in the outbox), each under its request id. */
  async function writeEvents(count: number): Promise<AnyEvent<typeof EVENT>[]> {
    return withTransaction(h.db, async (tx) => {
      const written: AnyEvent<typeof EVENT>[] = [];
      for (let n = 0; n < count; n++)
        written.push(
          await runWithContext({ requestId: `req-${n}` }, () =>
            enqueueEvent(tx, SCHEMA, testEvent(n)),
          ),
        );
      return written;
    });
  }
  const n = (e: AnyEvent<typeof EVENT>) => e.data.suppressed;
  // A double ack closes the channel (406) and the consumer attaches again: never in these tests.
  let reattached: jest.SpyInstance;
  beforeEach(() => {
    reattached = jest.spyOn(h.broker, 'reattachLater');
  });
  afterEach(() => {
    try {
      expect(reattached).not.toHaveBeenCalled();
    } finally {
      reattached.mockRestore();
    }
  });
  /** Stops the consumer: a message it never acked goes back to the queue and shows here. */
  async function stoppedWithNothingLeft(c: EventConsumer): Promise<void> {
    await c.stop(2_000);
    expect(await readyCount(h.amqpUrl, c.queueName)).toBe(0);
  }

  it('groups consecutive events of one name, at most the maximum per run, keeping their order', () => {
    const rows = ['a', 'a', 'a', 'b', 'a', 'a'].map((name, i) => ({ name, i }));
    expect(runsOfOneName(rows, 2).map((run) => run.map((r) => r.i))).toEqual([
      [0, 1],
      [2],
      [3],
      [4, 5],
    ]);
    expect(runsOfOneName(rows, 1)).toHaveLength(6);
  });

  it('publishes consecutive events of one name as one message each with its own headers, in commit order', async () => {
    const probe = await tap();
    const written = await writeEvents(5);
    await startedRelay({ maxEventsPerMessage: 3 });
    await waitFor(async () => (await unsent()) === 0, { what: 'every event published' });
    const messages: amqp.GetMessage[] = [];
    for (let m = await probe.takeMessage(); m; m = await probe.takeMessage()) messages.push(m);
    expect(messages.map((m) => m.properties.headers?.[HEADERS.eventBatch])).toEqual([3, 2]);
    const items = messages.flatMap((m) => JSON.parse(m.content.toString()) as EventBatchItem[]);
    expect(items.map((item) => item.event)).toEqual(written);
    expect(items.map((item) => item.headers[HEADERS.requestId])).toEqual(
      written.map((_, i) => `req-${i}`),
    );
    expect(await unsent()).toBe(0);
  });

  it('applies each event of a batch message once, also when the message comes again', async () => {
    const probe = await tap();
    const c = await consumer('batched');
    const written = await writeEvents(6);
    // The relay's own first cycle is the only claimer: a drain() beside it could claim part of
    // the rows (SKIP LOCKED) and split them over two messages.
    await startedRelay({ maxEventsPerMessage: 16 });
    await waitFor(async () => (await h.effects()) === 6, { what: 'every event applied' });
    // The same message again, as a redelivery would bring it.
    const message = await probe.takeMessage();
    if (!message) throw new Error('no message on the tap');
    expect(message.properties.headers?.[HEADERS.eventBatch]).toBe(6);
    const connection = await amqp.connect(h.amqpUrl);
    const channel = await connection.createConfirmChannel();
    channel.sendToQueue(c.queueName, message.content, message.properties);
    await channel.waitForConfirms();
    await connection.close();
    await waitFor(async () => (await readyCount(h.amqpUrl, c.queueName)) === 0);
    await stoppedWithNothingLeft(c);
    expect(await h.effects()).toBe(6);
    const { rows } = await h.pool.query<{ event_id: string }>(
      `SELECT event_id FROM ${SCHEMA}.inbox`,
    );
    expect(rows.map((r) => r.event_id).sort()).toEqual(written.map((e) => e.id).sort());
  });

  it('retries a failing event of a batch alone and applies the others once', async () => {
    let failures = 0;
    const c = await consumer('flaky', async (event, tx) => {
      if (n(event) === 2 && failures < 2) {
        failures++;
        throw new Error('not yet');
      }
      await recordEffect(event, tx);
    });
    await writeEvents(5);
    await (await startedRelay({ maxEventsPerMessage: 16 })).drain();
    await waitFor(async () => (await h.effects()) === 5, { what: 'every event applied' });
    await waitFor(async () => (await readyCount(h.amqpUrl, c.queueName)) === 0);
    await stoppedWithNothingLeft(c);
    expect(failures).toBe(2);
    expect(await h.effects()).toBe(5);
    expect(await readyCount(h.amqpUrl, c.deadLetterQueueName)).toBe(0);
  });

  it('gives a message back to the broker when its retry cannot be republished, and applies it once', async () => {
    let calls = 0;
    let failNow: () => void = () => undefined;
    const failing = new Promise<void>((resolve) => (failNow = resolve));
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const c = await consumer('refused', async (event, tx) => {
      calls++;
      if (calls === 1) {
        entered();
        await failing;
        throw new Error('not yet');
      }
      await recordEffect(event, tx);
    });
    await writeEvent();
    await (await startedRelay()).drain();
    await inHandler;
    // From now the broker nacks every publish to the consumer's queue: the retry's republish.
    const lift = await refusePublishesTo(c.queueName);
    try {
      failNow();
      await waitFor(async () => (await h.effects()) === 1, {
        what: 'the event applied when its message came again',
      });
    } finally {
      await lift();
    }
    await stoppedWithNothingLeft(c);
    expect(calls).toBe(2);
    expect(await h.effects()).toBe(1);
    expect(await readyCount(h.amqpUrl, c.deadLetterQueueName)).toBe(0);
  });

  it('gives a batch message back when an event of it cannot be dead-lettered, and dead-letters it later', async () => {
    let poisonedCalls = 0;
    const c = await consumer(
      'undeliverable',
      async (event, tx) => {
        if (n(event) === 1) {
          poisonedCalls++;
          throw new Error('cannot handle');
        }
        await recordEffect(event, tx);
      },
      1,
    );
    // The dead-letter queue refuses publishes: the poisoned event cannot be put there yet.
    const lift = await refusePublishesTo(c.deadLetterQueueName);
    try {
      await writeEvents(3);
      // The relay's own first cycle is the only claimer, so the three go as one batch message. A
      // drain() beside it could split them, and an event alone is dead-lettered by the broker,
      // not by the consumer (and dropped by a queue that refuses it).
      await startedRelay({ maxEventsPerMessage: 16 });
      // Once in the batch, once alone, then again when the given-back message comes again.
      await waitFor(async () => poisonedCalls >= 3, {
        what: 'the batch message coming again after the refused dead-lettering',
      });
    } finally {
      await lift();
    }
    await waitFor(async () => (await readyCount(h.amqpUrl, c.deadLetterQueueName)) === 1, {
      what: 'the poisoned event dead-lettered once the queue takes it',
    });
    await waitFor(async () => (await readyCount(h.amqpUrl, c.queueName)) === 0);
    await stoppedWithNothingLeft(c);
    expect(await h.effects()).toBe(2);
  });

  it.each([
    ['straight from the batch', 1],
    ['after a retry alone', 2],
  ])(
    'dead-letters only the event of a batch whose handler keeps failing (%s)',
    async (_, maxAttempts) => {
      const c = await consumer(
        'poisoned',
        async (event, tx) => {
          if (n(event) === 1) throw new Error('cannot handle');
          await recordEffect(event, tx);
        },
        maxAttempts,
      );
      const written = await writeEvents(4);
      await (await startedRelay({ maxEventsPerMessage: 16 })).drain();
      await waitFor(async () => (await readyCount(h.amqpUrl, c.deadLetterQueueName)) === 1, {
        what: 'the dead-lettered event',
      });
      await waitFor(async () => (await readyCount(h.amqpUrl, c.queueName)) === 0);
      await stoppedWithNothingLeft(c);
      expect(await h.effects()).toBe(3);
      const connection = await amqp.connect(h.amqpUrl);
      const channel = await connection.createChannel();
      const dead = await channel.get(c.deadLetterQueueName, { noAck: true });
      await connection.close();
      if (!dead) throw new Error('nothing in the dead-letter queue');
      // The event alone, as a message of its own: its id, its headers.
      expect(JSON.parse(dead.content.toString())).toEqual(written[1]);
      expect(dead.properties.messageId).toBe(written[1]?.id);
      expect(dead.properties.headers?.[HEADERS.requestId]).toBe('req-1');
      expect(dead.properties.headers?.[HEADERS.eventBatch]).toBeUndefined();
    },
  );

  it('dead-letters a batch message whose body is not a list of events', async () => {
    const c = await consumer('poison-batch');
    const connection = await amqp.connect(h.amqpUrl);
    const channel = await connection.createConfirmChannel();
    for (const body of ['{}', '[]', '[{"event":{"id":1}}]'])
      channel.publish(h.broker.eventsExchange, EVENT, Buffer.from(body), {
        headers: { [HEADERS.eventBatch]: 1 },
      });
    await channel.waitForConfirms();
    await connection.close();
    await waitFor(async () => (await readyCount(h.amqpUrl, c.deadLetterQueueName)) === 3);
    expect(await h.effects()).toBe(0);
  });
});

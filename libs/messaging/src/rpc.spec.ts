import amqp from 'amqplib';
import { HEADERS, TOPOLOGY } from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import { currentContext } from '@custody/logging';
import { testLogger, waitFor } from '@custody/testing';
import { RpcClient } from './rpc-client';
import { type RpcHandler, CallerPolicy, RpcServer } from './rpc-server';
import { createHarness, type Harness, openTo } from './test-harness';

let h: Harness;
let client: RpcClient;
const servers: RpcServer[] = [];

async function serve(
  handlers: Record<string, RpcHandler>,
  broker = h.broker,
  prefetch = 8,
  maxReplyBytes?: number,
) {
  const server = new RpcServer({
    broker,
    // The specs' clients are the gateway: this broker user is the test's.
    callers: new CallerPolicy('guest=gateway'),
    service: 'identity',
    handlers,
    access: openTo(handlers),
    prefetch,
    logger: testLogger(),
    ...(maxReplyBytes ? { maxReplyBytes } : {}),
  });
  await server.start();
  servers.push(server);
  return server;
}

beforeAll(async () => {
  h = await createHarness();
  client = new RpcClient({ broker: h.broker, defaultTimeoutMs: 2_000, logger: testLogger() });
  await client.start();
});

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop(1_000);
});

afterAll(async () => {
  await client.stop();
  await h.close();
});

describe('RPC over RabbitMQ', () => {
  it('returns the handler result to the caller with its auth context and request id', async () => {
    await serve({
      echo: async (params, ctx) => ({
        params,
        auth: ctx.auth,
        requestId: currentContext()?.requestId,
      }),
    });
    const auth = { clientId: 'c1', tenantId: 't1', audience: 'general' as const };
    const result = await client.callAny(
      'identity',
      'echo',
      { a: 1 },
      { auth, requestId: 'req-42' },
    );
    expect(result).toEqual({ params: { a: 1 }, auth, requestId: 'req-42' });
  });

  it("refuses an auditor's command before its handler runs, and serves its reads", async () => {
    let ran = 0;
    await serve({
      change: async () => {
        ran += 1;
        return 'changed';
      },
    });
    const auth = { clientId: 'c1', tenantId: 't1', audience: 'auditor' as const };
    const refused = await client
      .callAny('identity', 'change', {}, { auth })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 403, code: 'auditor_read_only' });
    expect(ran).toBe(0);
    expect(await client.callAny('identity', 'change', {}, { auth, idempotent: true })).toBe(
      'changed',
    );
    expect(ran).toBe(1);
  });

  it('carries an AppError back with its status, code and field errors', async () => {
    await serve({
      fail: async () => {
        throw Errors.validation([{ path: 'body.amount', message: 'Required' }]);
      },
    });
    const error = await client.callAny('identity', 'fail', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'body.amount' }],
    });
  });

  it('hides an unexpected handler error behind an opaque 500', async () => {
    await serve({
      crash: async () => {
        throw new Error('password=hunter2 in /srv/app.ts:12');
      },
    });
    const error = (await client
      .callAny('identity', 'crash', {})
      .catch((e: unknown) => e)) as AppError;
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal_error');
    expect(JSON.stringify(error.toWire())).not.toContain('hunter2');
  });

  it("tells its observer each call's outcome: ok, rejected (the caller's 4xx), error (a 5xx)", async () => {
    const outcomes: [string, string][] = [];
    const handlers: Record<string, RpcHandler> = {
      fine: async () => 'ok',
      refuse: async () => {
        throw Errors.notFound('user');
      },
      crash: async () => {
        throw new Error('boom');
      },
    };
    const server = new RpcServer({
      broker: h.broker,
      callers: new CallerPolicy('guest=gateway'),
      service: 'identity',
      handlers,
      access: openTo(handlers),
      prefetch: 8,
      logger: testLogger(),
      onCall: (method, outcome) => outcomes.push([method, outcome]),
    });
    await server.start();
    servers.push(server);
    await client.callAny('identity', 'fine', {});
    await client.callAny('identity', 'refuse', {}).catch(() => undefined);
    await client.callAny('identity', 'crash', {}).catch(() => undefined);
    expect(outcomes).toEqual([
      ['fine', 'ok'],
      ['refuse', 'rejected'],
      ['crash', 'error'],
    ]);
  });

  it('fails with 500, not a 503 broker outage, for params that cannot be serialized', async () => {
    await serve({ echo: async (params) => params });
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    await expect(client.callAny('identity', 'echo', circular)).rejects.toMatchObject({
      status: 500,
      code: 'internal_error',
    });
    // The channel is untouched: the next call goes through.
    await expect(client.callAny('identity', 'echo', { a: 1 })).resolves.toEqual({ a: 1 });
  });

  it('refuses a reply over its size limit with 500 rpc_reply_too_large, and sends the next', async () => {
    await serve(
      { rows: async (params) => 'é'.repeat((params as { n: number }).n) },
      h.broker,
      8,
      100_000,
    );
    // 'é' is two bytes in UTF-8: 50,001 of them are over 100,000 bytes though fewer characters.
    await expect(client.callAny('identity', 'rows', { n: 50_001 })).rejects.toMatchObject({
      status: 500,
      code: 'rpc_reply_too_large',
    });
    await expect(client.callAny('identity', 'rows', { n: 49_900 })).resolves.toHaveLength(49_900);
  });

  it('answers 501 for a method the service does not have', async () => {
    await serve({});
    await expect(client.callAny('identity', 'nope', {})).rejects.toMatchObject({
      status: 501,
      code: 'unknown_method',
    });
  });

  it('fails with 504 when the service does not answer in time', async () => {
    let release!: () => void;
    await serve({ slow: () => new Promise((resolve) => (release = () => resolve('late'))) });
    await expect(client.callAny('identity', 'slow', {}, { timeoutMs: 200 })).rejects.toMatchObject({
      status: 504,
      code: 'upstream_timeout',
    });
    release();
  });

  it('fails with 503 when no instance of the service ever declared its queue', async () => {
    await expect(client.callAny('trading', 'ping', {}, { timeoutMs: 2_000 })).rejects.toMatchObject(
      {
        status: 503,
        code: 'service_unavailable',
      },
    );
  });

  it('spreads calls over competing replicas', async () => {
    const other = h.newBroker();
    await other.connect();
    const seen = new Set<string>();
    const handler =
      (name: string): RpcHandler =>
      async () => {
        seen.add(name);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return name;
      };
    await serve({ who: handler('a') }, h.broker, 1);
    await serve({ who: handler('b') }, other, 1);
    await Promise.all(Array.from({ length: 20 }, () => client.callAny('identity', 'who', {})));
    expect(seen).toEqual(new Set(['a', 'b']));
  });

  it('lets in-flight calls finish when the server stops, and takes no new ones', async () => {
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const server = await serve({
      work: async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return 'done';
      },
    });
    const inFlight = client.callAny('identity', 'work', {});
    await handlerStarted;
    const stopped = server.stop(5_000);
    await expect(inFlight).resolves.toBe('done');
    await stopped;
    await expect(client.callAny('identity', 'work', {}, { timeoutMs: 300 })).rejects.toMatchObject({
      status: 504,
    });
  });

  it('starts consuming again when the broker cancels its consumer', async () => {
    await serve({ ping: async () => 'pong' });
    expect(await client.callAny('identity', 'ping', {})).toBe('pong');
    const connection = await amqp.connect(h.amqpUrl);
    const channel = await connection.createChannel();
    await channel.deleteQueue(h.broker.rpcQueue('identity'));
    await connection.close();
    const answer = await waitFor(
      () => client.callAny('identity', 'ping', {}, { timeoutMs: 300 }).catch(() => undefined),
      {
        what: 'an answer after the queue came back',
      },
    );
    expect(answer).toBe('pong');
  });

  it('recovers by itself after the broker connection drops', async () => {
    const broker = h.newBroker();
    await broker.connect();
    await serve({ ping: async () => 'pong' }, broker);
    const caller = new RpcClient({ broker, defaultTimeoutMs: 2_000, logger: testLogger() });
    await caller.start();
    await broker.dropConnection();
    const answer = await waitFor(
      () => caller.callAny('identity', 'ping', {}).catch(() => undefined),
      {
        what: 'an RPC answer after reconnect',
      },
    );
    expect(answer).toBe('pong');
    await caller.stop();
  });

  describe('pipelined calls', () => {
    /** Takes the next messages off the identity queue with a plain channel, instead of a server. */
    async function rawMessages(count: number) {
      const connection = await amqp.connect(h.amqpUrl);
      const channel = await connection.createChannel();
      const queue = h.broker.rpcQueue('identity');
      await channel.assertQueue(queue, h.broker.queueOptions());
      const seen: amqp.ConsumeMessage[] = [];
      await new Promise<void>((resolve) => {
        void channel.consume(queue, (msg) => {
          if (!msg) return;
          seen.push(msg);
          if (seen.length === count) resolve();
        });
      });
      return { seen, connection };
    }

    it('sends the calls of one event-loop turn in one message, at most 16 to a message', async () => {
      const taken = rawMessages(2);
      const calls = Array.from({ length: 20 }, (_, i) =>
        client.callAny('identity', 'echo', { i }, { timeoutMs: 500 }).catch(() => undefined),
      );
      const { seen, connection } = await taken;
      const sizes = seen.map((m) => m.properties.headers?.[HEADERS.batch]);
      const bodies = seen.map((m) => JSON.parse(m.content.toString()) as { request: unknown }[]);
      expect(sizes).toEqual([16, 4]);
      expect(bodies.flat().map((call) => call.request)).toEqual(
        Array.from({ length: 20 }, (_, i) => ({
          method: 'echo',
          params: { i },
          idempotent: false,
        })),
      );
      await connection.close();
      await Promise.all(calls);
    });

    it('sends each call alone when batches are off (a rolling upgrade)', async () => {
      const alone = new RpcClient({
        broker: h.broker,
        defaultTimeoutMs: 500,
        maxCallsPerMessage: 1,
        logger: testLogger(),
      });
      await alone.start();
      const taken = rawMessages(3);
      const calls = [1, 2, 3].map((i) =>
        alone.callAny('identity', 'echo', { i }).catch(() => undefined),
      );
      const { seen, connection } = await taken;
      expect(seen.map((m) => m.properties.headers?.[HEADERS.batch])).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
      expect(seen.map((m) => JSON.parse(m.content.toString()).params)).toEqual([
        { i: 1 },
        { i: 2 },
        { i: 3 },
      ]);
      await connection.close();
      await Promise.all(calls);
      await alone.stop();
    });

    describe('holding calls for the next reply', () => {
      // Closed after each test, passed or failed: a fake service left consuming would take the
      // next test's messages.
      const opened: { close(): Promise<void> }[] = [];
      afterEach(async () => {
        for (const each of opened.splice(0).reverse()) await each.close();
      });

      /**
       * Takes the identity queue's messages that carry `marker` with a plain channel, one at a
       * time, and answers any of them on request: the test plays the service. Other messages
       * are dropped, so no other consumer may be on the queue (every test's servers are
       * stopped after it, and the fake ones below too).
       */
      async function fakeService(marker: string) {
        const connection = await amqp.connect(h.amqpUrl);
        opened.push(connection);
        const channel = await connection.createChannel();
        const queue = h.broker.rpcQueue('identity');
        await channel.assertQueue(queue, h.broker.queueOptions());
        const arrived: amqp.ConsumeMessage[] = [];
        let wake: (() => void) | undefined;
        await channel.consume(
          queue,
          (msg) => {
            if (!msg?.content.toString().includes(marker)) return;
            arrived.push(msg);
            wake?.();
          },
          { noAck: true },
        );
        return {
          /** The next message: the params of each of its calls, and how to answer it. */
          async next() {
            while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
            const msg = arrived.shift() as amqp.ConsumeMessage;
            const body = JSON.parse(msg.content.toString()) as
              { params: unknown } | { correlationId: string; request: { params: unknown } }[];
            const params = Array.isArray(body)
              ? body.map((call) => call.request.params)
              : [body.params];
            const replyTo = msg.properties.replyTo as string;
            /** Answers the message's calls (of a batch, the `only` one), as a server does. */
            const answer = (result: unknown, only?: number) => {
              if (!Array.isArray(body)) {
                channel.sendToQueue(replyTo, Buffer.from(JSON.stringify({ ok: true, result })), {
                  correlationId: msg.properties.correlationId as string,
                });
                return;
              }
              const calls = only === undefined ? body : body.slice(only, only + 1);
              const replies = calls.map((call) => ({
                correlationId: call.correlationId,
                reply: { ok: true, result },
              }));
              channel.sendToQueue(replyTo, Buffer.from(JSON.stringify(replies)), {
                headers: { [HEADERS.batch]: replies.length },
              });
            };
            return { params, answer };
          },
        };
      }

      async function holdingClient(holdMs: number, broker = h.broker, maxCallsPerMessage = 16) {
        const holding = new RpcClient({
          broker,
          maxCallsPerMessage,
          defaultTimeoutMs: 10_000,
          holdMs,
          logger: testLogger(),
        });
        await holding.start();
        opened.push({ close: () => holding.stop() });
        return holding;
      }

      /** Call `i` to the fake service of `marker`; its outcome is not the point (it may fail). */
      const caller = (holding: RpcClient, marker: string) => (i: number) =>
        holding.callAny('identity', 'echo', { marker, i }).catch(() => undefined);

      const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

      it('sends the calls made while one is unanswered together when its reply arrives', async () => {
        const service = await fakeService('held-1');
        const holding = await holdingClient(60_000);
        const first = holding.callAny('identity', 'echo', { marker: 'held-1', i: 0 });
        const firstMessage = await service.next();
        expect(firstMessage.params).toEqual([{ marker: 'held-1', i: 0 }]);
        // Three calls in three later turns: each would be a message of its own.
        const later: Promise<unknown>[] = [];
        for (const i of [1, 2, 3]) {
          await nextTurn();
          later.push(holding.callAny('identity', 'echo', { marker: 'held-1', i }).catch(() => 0));
        }
        await nextTurn();
        firstMessage.answer('first');
        await expect(first).resolves.toBe('first');
        expect((await service.next()).params).toEqual(
          [1, 2, 3].map((i) => ({ marker: 'held-1', i })),
        );
        await holding.stop();
        await Promise.all(later);
      });

      it('holds calls until every call sent is answered, not only the first', async () => {
        const service = await fakeService('held-5');
        const holding = await holdingClient(60_000);
        const call = (i: number) => holding.callAny('identity', 'echo', { marker: 'held-5', i });
        const [a, b] = [call(0), call(1)];
        const both = await service.next();
        expect(both.params).toEqual([0, 1].map((i) => ({ marker: 'held-5', i })));
        await nextTurn();
        const c = call(2);
        both.answer('a', 0);
        await expect(a).resolves.toBe('a');
        // Released by that first answer, c would be sent alone in the next turn; it waits for
        // b's answer, and d made two turns later joins it.
        await nextTurn();
        await nextTurn();
        const d = call(3);
        await nextTurn();
        both.answer('b', 1);
        await expect(b).resolves.toBe('b');
        const rest = await service.next();
        expect(rest.params).toEqual([2, 3].map((i) => ({ marker: 'held-5', i })));
        rest.answer('c or d');
        await expect(Promise.all([c, d])).resolves.toEqual(['c or d', 'c or d']);
      });

      it.each([
        ['with a hold time of 0', 'held-6', 0, 16],
        ['when calls go one to a message (a rolling upgrade)', 'held-7', 60_000, 1],
      ])('holds nothing %s', async (_, marker, holdMs, maxCallsPerMessage) => {
        const service = await fakeService(marker);
        const holding = await holdingClient(holdMs, h.broker, maxCallsPerMessage);
        const call = caller(holding, marker);
        const calls = [call(0)];
        expect((await service.next()).params).toEqual([{ marker, i: 0 }]);
        // The first is still unanswered; two more calls in two turns go as two messages.
        await nextTurn();
        calls.push(call(1));
        await nextTurn();
        calls.push(call(2));
        expect((await service.next()).params).toEqual([{ marker, i: 1 }]);
        expect((await service.next()).params).toEqual([{ marker, i: 2 }]);
        await holding.stop();
        await Promise.all(calls);
      });

      it('sends held calls when the hold time is up, though no reply came', async () => {
        const service = await fakeService('held-2');
        const holding = await holdingClient(30);
        const settled = caller(holding, 'held-2');
        const calls = [settled(0)];
        expect((await service.next()).params).toEqual([{ marker: 'held-2', i: 0 }]);
        for (const i of [1, 2]) {
          await nextTurn();
          calls.push(settled(i));
        }
        expect((await service.next()).params).toEqual([1, 2].map((i) => ({ marker: 'held-2', i })));
        await holding.stop();
        await Promise.all(calls);
      });

      it('fails held calls with 503 when the broker connection drops, as those in flight', async () => {
        const service = await fakeService('held-4');
        const broker = h.newBroker();
        await broker.connect();
        opened.push({ close: () => broker.close() });
        const holding = await holdingClient(60_000, broker);
        const sent = holding.callAny('identity', 'echo', { marker: 'held-4', i: 0 });
        expect((await service.next()).params).toEqual([{ marker: 'held-4', i: 0 }]);
        await nextTurn();
        const held = holding.callAny('identity', 'echo', { marker: 'held-4', i: 1 });
        await broker.dropConnection();
        const outage = { status: 503, code: 'broker_unavailable' };
        await expect(sent).rejects.toMatchObject(outage);
        await expect(held).rejects.toMatchObject(outage);
        // The message lost with the connection holds nothing back after the reconnect.
        await broker.waitUntilConnected(10_000);
        const after = caller(holding, 'held-4')(2);
        expect((await service.next()).params).toEqual([{ marker: 'held-4', i: 2 }]);
        await holding.stop();
        await after;
      });

      it('does not hold calls behind one that timed out', async () => {
        const service = await fakeService('held-3');
        const holding = await holdingClient(60_000);
        const lost = holding.callAny(
          'identity',
          'echo',
          { marker: 'held-3', i: 0 },
          { timeoutMs: 50 },
        );
        expect((await service.next()).params).toEqual([{ marker: 'held-3', i: 0 }]);
        await expect(lost).rejects.toMatchObject({ status: 504 });
        const next = caller(holding, 'held-3')(1);
        expect((await service.next()).params).toEqual([{ marker: 'held-3', i: 1 }]);
        await holding.stop();
        await next;
      });
    });

    it('answers each call of a batch on its own: results, errors, request ids, a slow one last', async () => {
      let releaseSlow!: () => void;
      await serve({
        echo: async (params) => ({ params, requestId: currentContext()?.requestId }),
        fail: async () => {
          throw Errors.conflict('No.', 'refused');
        },
        slow: () => new Promise((resolve) => (releaseSlow = () => resolve('slow'))),
      });
      const order: string[] = [];
      const slow = client.callAny('identity', 'slow', {}).then((r) => order.push('slow') && r);
      const echoed = client
        .callAny('identity', 'echo', { a: 1 }, { requestId: 'req-a' })
        .then((r) => order.push('echo') && r);
      const failed = client
        .callAny('identity', 'fail', {})
        .catch((e: unknown) => e)
        .then((e) => order.push('fail') && e);
      await expect(echoed).resolves.toEqual({ params: { a: 1 }, requestId: 'req-a' });
      await expect(failed).resolves.toMatchObject({ status: 409, code: 'refused' });
      // The slow call holds back neither the others' replies nor its own.
      releaseSlow();
      await expect(slow).resolves.toBe('slow');
      expect(order).toEqual(['echo', 'fail', 'slow']);
    });

    it('refuses the commands of a redelivered batch and runs its reads', async () => {
      // The batch reaches a consumer that dies before acking (its channel closes): the broker
      // delivers it again, flagged as redelivered, to the server that starts next.
      const taken = rawMessages(1);
      const command = client.callAny('identity', 'count', {}).catch((e: unknown) => e);
      const read = client.callAny('identity', 'count', {}, { idempotent: true });
      const { seen, connection } = await taken;
      expect(seen[0]?.properties.headers?.[HEADERS.batch]).toBe(2);
      await connection.close();
      let runs = 0;
      await serve({ count: async () => ++runs });
      await expect(command).resolves.toMatchObject({ status: 503, code: 'retry_required' });
      await expect(read).resolves.toBe(1);
      expect(runs).toBe(1);
    });

    it('answers a caller that does not read combined replies one message per call', async () => {
      // A caller from before pipelining: single messages, no x-rpc-accepts-batch header.
      let release!: () => void;
      const both = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      await serve({
        wait: async (params) => {
          if (++started === 2) release();
          await both; // both finish in the same turn
          return params;
        },
      });
      const connection = await amqp.connect(h.amqpUrl);
      const channel = await connection.createChannel();
      const replies: amqp.ConsumeMessage[] = [];
      await channel.consume(TOPOLOGY.replyTo, (msg) => msg && replies.push(msg), { noAck: true });
      for (const id of ['old-1', 'old-2']) {
        channel.sendToQueue(
          h.broker.rpcQueue('identity'),
          Buffer.from(JSON.stringify({ method: 'wait', params: { id }, idempotent: true })),
          { correlationId: id, replyTo: TOPOLOGY.replyTo, userId: 'guest' },
        );
      }
      await waitFor(() => replies.length === 2 || undefined, { what: 'two replies' });
      expect(
        replies.map((m) => [m.properties.correlationId, m.properties.headers?.[HEADERS.batch]]),
      ).toEqual([
        ['old-1', undefined],
        ['old-2', undefined],
      ]);
      expect(replies.map((m) => JSON.parse(m.content.toString()))).toEqual([
        { ok: true, result: { id: 'old-1' } },
        { ok: true, result: { id: 'old-2' } },
      ]);
      await connection.close();
    });

    it('runs no more calls at once than its prefetch, however many a message carries', async () => {
      let now = 0;
      let most = 0;
      await serve(
        {
          work: async () => {
            most = Math.max(most, ++now);
            await new Promise((resolve) => setTimeout(resolve, 20));
            now -= 1;
            return 'done';
          },
        },
        h.broker,
        2,
      );
      // Two rounds: slots handed from call to call must all come back for the second.
      for (let round = 0; round < 2; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => client.callAny('identity', 'work', {})),
        );
        expect(answers).toEqual(Array.from({ length: 8 }, () => 'done'));
      }
      expect(most).toBe(2);
    });

    it('does not run a call that waited for a slot once its message went back to the broker', async () => {
      const broker = h.newBroker();
      await broker.connect();
      let started!: () => void;
      let release!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      let runs = 0;
      await serve(
        {
          count: async () => {
            runs += 1;
            if (runs === 1) {
              started();
              await gate;
            }
            return runs;
          },
        },
        broker,
        1,
      );
      // One message of two commands; with one slot, the second waits for the first.
      const calls = [1, 2].map(() =>
        client.callAny('identity', 'count', {}).catch((e: unknown) => e),
      );
      await firstStarted;
      await broker.dropConnection();
      release();
      // The message came back redelivered: both are refused, and the waiting one never ran.
      expect(await Promise.all(calls)).toEqual([
        expect.objectContaining({ code: 'retry_required' }),
        expect.objectContaining({ code: 'retry_required' }),
      ]);
      expect(runs).toBe(1);
    });

    it('fails every call of a batch with 503 when the service has no queue', async () => {
      const calls = Array.from({ length: 3 }, () =>
        client.callAny('trading', 'ping', {}, { timeoutMs: 2_000 }).catch((e: unknown) => e),
      );
      expect(await Promise.all(calls)).toEqual(
        Array.from({ length: 3 }, () =>
          expect.objectContaining({ status: 503, code: 'service_unavailable' }),
        ),
      );
    });
  });
});

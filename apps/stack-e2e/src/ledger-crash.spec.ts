import { sql } from 'drizzle-orm';
import { EVENTS } from '@custody/contracts';
import { Broker, CallerPolicy, EventConsumer } from '@custody/messaging';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  APP_BROKER_CALLERS,
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  waitFor,
  type TestDatabase,
} from '@custody/testing';
import type pg from 'pg';
import { Api } from './api';
import { type Stack, startStack } from './stack';

// Crash safety of money movement: wallet-ledger is SIGKILLed in the middle of a burst of
// transfers; clients retry with their Idempotency-Key as a production client would.
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let probeDb: TestDatabase;
let probePool: pg.Pool;
let broker: Broker;
let consumer: EventConsumer;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing'],
    env: { gateway: { RPC_TIMEOUT_MS: '3000' } },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Crash tenant');
  // A downstream consumer with its own database and inbox, like any other service's.
  probeDb = await createTestDatabase();
  probePool = createPool(probeDb.url);
  await migrate(probePool, { schema: 'probe' });
  await probePool.query(
    'CREATE TABLE probe.effects (event_id uuid NOT NULL, transfer_id uuid NOT NULL)',
  );
  broker = new Broker({
    url: testServiceUrls().amqpUrl,
    namespace: stack.namespace,
    logger: testLogger(),
  });
  await broker.connect();
  consumer = new EventConsumer({
    broker,
    db: createDatabase(probePool),
    schema: 'probe',
    consumer: 'crash-probe',
    // The stack's apps log in as their own users: the transfer events come from wallet-ledger's.
    callers: new CallerPolicy(APP_BROKER_CALLERS),
    logger: testLogger(),
    handlers: {
      [EVENTS.transferCreated]: async (event, tx) => {
        const transfer = event.data as { id: string };
        await tx.execute(
          sql`INSERT INTO probe.effects (event_id, transfer_id) VALUES (${event.id}, ${transfer.id})`,
        );
      },
    },
  });
  await consumer.start();
}, 120_000);

afterAll(async () => {
  await consumer?.stop(2_000);
  await broker?.close();
  await probePool?.end();
  await probeDb?.drop();
  if (stack) await deleteMqNamespace(stack.namespace, ['crash-probe']);
  await stack?.cleanup();
});

const device = { device: 'd', ip: '192.0.2.1' };

/** A user of the tenant with an eth wallet holding `amount` (a confirmed income). */
async function fundedParty(amount: string, chainTx: string) {
  const user = (
    await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id as string;
  const wallet = (
    await api.post(`/v1/users/${user}/wallets`, {
      token: tenant.token,
      body: { assetId: 'eth', ...device },
    })
  ).body.id as string;
  if (amount !== '0') {
    const income = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: wallet,
        amount,
        blockchainTransactionId: chainTx,
        senderAddress: '0xb',
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    });
    await api.patch(`/v1/admin/incomes/${income.body.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    });
  }
  return { user, wallet };
}

/** Sends until the answer is definitive (201 or 400), retrying 5xx with the same key. */
async function transferWithRetries(
  body: unknown,
  key: string,
): Promise<{ status: number; id?: string }> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const res = await api
      .post('/v1/transfers', { token: tenant.token, body, headers: { 'idempotency-key': key } })
      .catch(() => undefined);
    if (res && (res.status === 201 || res.status === 400))
      return { status: res.status, id: res.body?.id };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no definitive answer for ${key}`);
}

it('keeps every accepted transfer exactly once, and its event once downstream, across a crash', async () => {
  const parties: { user: string; wallet: string }[] = [];
  for (let i = 0; i < 10; i++) parties.push(await fundedParty('100', `0xcrash${i}`));
  const requests = Array.from({ length: 300 }, (_, i) => {
    const from = parties[i % 10]!;
    const to = parties[(i * 7 + 3) % 10 === i % 10 ? (i + 1) % 10 : (i * 7 + 3) % 10]!;
    return {
      key: `crash-${i}`,
      body: {
        requestedTransactions: [
          {
            assetId: 'eth',
            senderUserId: from.user,
            senderWalletId: from.wallet,
            receiverUserId: to.user,
            receiverWalletId: to.wallet,
            amount: '1.5',
          },
        ],
      },
    };
  });

  let accepted = 0;
  let crashed = false;
  const results: { key: string; status: number; id?: string }[] = [];
  const queue = [...requests];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const r = await transferWithRetries(next.body, next.key);
      results.push({ key: next.key, ...r });
      if (r.status === 201) accepted++;
      if (accepted >= 80 && !crashed) {
        crashed = true;
        await stack.crashAndRestart('wallet-ledger');
      }
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  expect(crashed).toBe(true);
  expect(results).toHaveLength(300);

  // Every accepted request names one transfer, and a retried key never made a second one.
  const ids = results.filter((r) => r.status === 201).map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids.slice(0, 20))
    expect((await api.get(`/v1/transfers/${id}`, { token: tenant.token })).status).toBe(200);
  const all = await api.get('/v1/transfers?limit=0', { token: tenant.token });
  expect(all.body.map((t: { id: string }) => t.id).sort()).toEqual([...ids].sort());

  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
  const balances = await Promise.all(
    parties.map(
      async (p) =>
        (await api.get(`/v1/users/${p.user}/wallets/${p.wallet}`, { token: tenant.token })).body
          .balance,
    ),
  );
  expect(balances.reduce((sum: number, b: string) => sum + Number(b), 0)).toBe(1000);

  // Downstream: one effect per transfer, none twice (redeliveries absorbed by the inbox).
  await waitFor(
    async () => {
      const { rows } = await probePool.query('SELECT count(*)::int AS n FROM probe.effects');
      return rows[0].n >= ids.length;
    },
    { timeoutMs: 20_000, what: 'every transfer event downstream' },
  );
  const { rows } = await probePool.query(
    'SELECT transfer_id, count(*)::int AS n FROM probe.effects GROUP BY transfer_id',
  );
  expect(rows).toHaveLength(ids.length);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  expect(rows.map((r) => r.transfer_id).sort()).toEqual([...ids].sort());
}, 180_000);

it('answers a transfer whose COMMIT lost its connection by what the database did, applied once', async () => {
  // wallet-ledger cuts its database connection right after the next transfer batch's COMMIT
  // went out: the answer is lost, the outcome is read back by the transaction's id.
  await stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: 'db.cut-after-commit-sent' });
  try {
    const a = await fundedParty('10', '0xcut');
    const b = await fundedParty('0', '');
    const body = {
      requestedTransactions: [
        {
          assetId: 'eth',
          senderUserId: a.user,
          senderWalletId: a.wallet,
          receiverUserId: b.user,
          receiverWalletId: b.wallet,
          amount: '2',
        },
      ],
    };
    // Without an Idempotency-Key: running the batch again after a commit that happened would
    // move the money twice.
    const res = await api.post('/v1/transfers', { token: tenant.token, body });
    expect(res.status).toBe(201);
    // Once: one transfer, one debit.
    const mine = await api.get(`/v1/users/${a.user}/wallets/${a.wallet}`, { token: tenant.token });
    expect(mine.body.balance).toBe('8');
    const listed = await api.get(`/v1/users/${a.user}/wallets/${a.wallet}/transactions?limit=0`, {
      token: tenant.token,
    });
    expect(
      listed.body
        .filter((t: { type: string }) => t.type === 'transfer')
        .map((t: { txLog: string }) => t.txLog),
    ).toEqual([res.body.id]);
    const check = await api.get('/v1/admin/ledger/check', { token: admin });
    expect(check.body).toMatchObject({ ok: true, violations: [] });
    expect(
      stack.apps['wallet-ledger'].logs.some((l) =>
        String(l['stderr'] ?? '').includes('fault db.cut-after-commit-sent injected'),
      ),
    ).toBe(true);
  } finally {
    await stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: '' });
  }
}, 60_000);

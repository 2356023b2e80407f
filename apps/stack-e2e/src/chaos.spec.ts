import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { closeBrokerConnections } from './chaos';
import {
  ethTransfer,
  FAULT_STACK_ENV,
  faultSeed,
  fundedEthWallets,
  replayable,
  seededRandom,
  startWebhookSink,
  subscribe,
  untilDefinitive,
} from './fault-kit';
import { type Stack, startStack } from './stack';

// Chaos: random concurrent transfers, purchases and withdrawals while wallet-ledger, trading,
// notifier and the policy service are SIGKILLed and restarted and the stack's RabbitMQ
// connections are closed under them. Clients retry 5xx answers with their Idempotency-Key, as
// production clients do. Policies govern them: transfers are counted in a velocity window,
// withdrawals above 0.5 ETH wait for an approval that an approver decides meanwhile. Then: the
// ledger invariants hold, every operation answered 2xx has exactly one effect, every held
// withdrawal ran exactly when its approval was approved, and every committed operation produced
// one event, delivered to the webhook sink.
// CHAOS_SECONDS sets the length (npm test: a short run; npm run test:faults: 120 s). Every
// choice is seeded (FAULT_SEED, printed), so a failing run's faults and requests are replayed.
const CHAOS_MS = Number(process.env['CHAOS_SECONDS'] ?? 20) * 1000;
const WORKERS = 4;
const SEED = faultSeed();
const random = seededRandom(SEED);

let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let approver: string;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
/** Event id → its deliveries (webhook-id of each), per operation id. */
const delivered = new Map<string, { events: Set<string>; webhookIds: string[] }>();

beforeAll(async () => {
  console.log(`chaos: FAULT_SEED=${SEED}`);
  sink = await startWebhookSink((body, headers) => {
    const entry = delivered.get(body.data.id) ?? { events: new Set<string>(), webhookIds: [] };
    entry.events.add(body.id);
    entry.webhookIds.push(String(headers['webhook-id']));
    delivered.set(body.data.id, entry);
  });
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier', 'policy'],
    env: {
      ...FAULT_STACK_ENV,
      trading: { RPC_TIMEOUT_MS: '1500', PURCHASE_RECOVERY_INTERVAL_MS: '500' },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Chaos tenant');
  await subscribe(
    api,
    tenant.token,
    ['transfer.is-created', 'purchase.is-created', 'withdrawal.is-created'],
    sink.url,
  );
  approver = await approverOf(tenant.id);
  for (const body of [
    {
      name: 'Withdrawals above 0.5 ETH wait for an approval',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '0.5' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    },
    {
      name: 'A velocity window every transfer is counted in',
      activity: 'transfer',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 1_000_000 },
      action: 'block',
    },
  ])
    expect((await api.post('/v1/policies', { token: tenant.token, body })).status).toBe(201);
}, 120_000);

/** A member of the tenant that decides approvals: its token. */
async function approverOf(tenantId: string): Promise<string> {
  const email = `approver-${randomUUID()}@chaos.test`;
  const created = await api.post('/v1/clients', {
    token: admin,
    body: { name: 'Approver', email, password: 'a-long-approver-password', tenantId },
  });
  expect(created.status).toBe(201);
  return (await api.login(email, 'a-long-approver-password')).access_token;
}

const decisions = random.fork('decisions');

/** Decides every pending approval, at random; answers the decisions made. */
async function decidePending(decided: Map<string, string>): Promise<number> {
  const pending = await api.get('/v1/approvals?status=pending&limit=100', { token: approver });
  if (pending.status !== 200) return 0;
  let made = 0;
  for (const { id, operationId } of pending.body as { id: string; operationId: string }[]) {
    const decision = decisions.chance(0.7) ? 'approve' : 'reject';
    const res = await untilDefinitive(() =>
      api.post(`/v1/approvals/${id}/decisions`, { token: approver, body: { decision } }),
    );
    // A retry whose first attempt counted answers 409 already_decided: that decision stands.
    if (res.status === 201 || res.body?.code === 'already_decided') {
      if (!decided.has(operationId) || res.status === 201) decided.set(operationId, decision);
      made += 1;
    }
  }
  return made;
}

afterAll(async () => {
  await stack?.cleanup();
  await sink?.close();
});

const device = { device: 'chaos', ip: '203.0.113.7' };

it(
  `keeps every effect exactly once through ${CHAOS_MS / 1000} s of crashes and broker cuts (seed ${SEED})`,
  replayable(SEED, 'chaos.spec.ts', async () => {
    // Arrange: ten funded ETH wallets.
    const parties = await fundedEthWallets(api, {
      admin,
      token: tenant.token,
      count: 10,
      amount: '100',
      tag: 'chaos',
    });
    const ok = { transfer: [] as string[], purchase: [] as string[], withdrawal: [] as string[] };
    const held: string[] = [];
    /** Held withdrawal → the decision that counted on its approval. */
    const decided = new Map<string, string>();
    let refused = 0;
    let faults = 0;
    const until = Date.now() + CHAOS_MS;

    const worker = async (_: unknown, n: number) => {
      const choices = random.fork(`worker-${n}`);
      const pick = () => choices.pick(parties);
      while (Date.now() < until) {
        const key = { 'idempotency-key': randomUUID() };
        const roll = choices.next();
        const from = pick();
        if (roll < 0.6) {
          let to = pick();
          while (to === from) to = pick();
          const body = ethTransfer(from, to, (choices.below(100) / 100 + 0.01).toFixed(2));
          const res = await untilDefinitive(() =>
            api.post('/v1/transfers', { token: tenant.token, body, headers: key }),
          );
          if (res.status === 201) ok.transfer.push(res.body.id);
          else refused += 1;
        } else if (roll < 0.85) {
          const res = await untilDefinitive(() =>
            api.post(`/v1/users/${from.user}/wallets/${from.wallet}/purchases`, {
              token: tenant.token,
              body: { operation: 'buy', amount: '10', ...device },
              headers: key,
            }),
          );
          if (res.status === 201) ok.purchase.push(res.body.id);
          else refused += 1;
        } else {
          // Half of them above 0.5 ETH: held for approval.
          const amount = choices.chance(0.5) ? '0.05' : '0.6';
          const res = await untilDefinitive(() =>
            api.post(`/v1/users/${from.user}/wallets/${from.wallet}/withdrawals`, {
              token: tenant.token,
              body: {
                assetId: 'eth',
                receiverAddress: '0x000000000000000000000000000000000000dEaD',
                amount,
                ...device,
              },
              headers: key,
            }),
          );
          if (res.status === 201) ok.withdrawal.push(res.body.id);
          else refused += 1;
          if (res.status === 201 && amount === '0.6') held.push(res.body.id);
        }
      }
    };

    const chaos = async () => {
      const victims = ['wallet-ledger', 'trading', 'notifier', 'policy'] as const;
      const faultChoices = random.fork('faults');
      let round = 0;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, faultChoices.between(1500, 3000)));
        if (round % 2 === 0) {
          await stack.crashAndRestart(faultChoices.pick(victims));
        } else {
          await closeBrokerConnections(stack.namespace);
        }
        faults += 1;
        round += 1;
      }
    };

    const approvals = async () => {
      while (Date.now() < until) {
        await decidePending(decided).catch(() => 0);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };

    // Act.
    await Promise.all([...Array.from({ length: WORKERS }, worker), chaos(), approvals()]);
    // The approvals still pending are decided once the faults stop.
    await waitFor(async () => (await decidePending(decided)) === 0, {
      timeoutMs: 30_000,
      what: 'every approval decided',
    });

    // Assert: the ledger balances, and each 2xx has exactly one effect.
    const check = await api.get('/v1/admin/ledger/check', { token: admin });
    expect(check.body).toMatchObject({ ok: true, violations: [] });
    const all = async (path: string) =>
      (await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=0`, { token: admin })).body as {
        id: string;
        status?: string;
      }[];
    const transfers = await all('/v1/transfers');
    expect(transfers.map((t) => t.id).sort()).toEqual([...ok.transfer].sort());
    // Purchases a crash left pending are finished by trading's recovery loop.
    await waitFor(
      async () =>
        (await all('/v1/users/*/wallets/*/purchases')).every((p) => p.status !== 'pending'),
      { timeoutMs: 30_000, what: 'pending purchases to be settled' },
    );
    const purchases = await all('/v1/users/*/wallets/*/purchases');
    expect(
      purchases
        .filter((p) => p.status === 'approved')
        .map((p) => p.id)
        .sort(),
    ).toEqual([...ok.purchase].sort());
    // Each held withdrawal ran exactly when its approval was approved: on its way (`prepared`),
    // or cancelled with its hold released (the ledger check above counts the holds).
    await waitFor(
      async () =>
        (await all('/v1/users/*/wallets/*/withdrawals')).every(
          (w) => w.status !== 'pending_approval',
        ),
      { timeoutMs: 30_000, what: 'every held withdrawal settled' },
    );
    const withdrawals = await all('/v1/users/*/wallets/*/withdrawals');
    expect(withdrawals.map((w) => w.id).sort()).toEqual([...ok.withdrawal].sort());
    const statusOf = new Map(withdrawals.map((w) => [w.id, w.status]));
    for (const id of held)
      expect([id, statusOf.get(id)]).toEqual([
        id,
        decided.get(id) === 'approve' ? 'prepared' : 'cancelled',
      ]);
    expect((await api.get('/v1/admin/ledger/check', { token: admin })).body).toMatchObject({
      ok: true,
    });
    const movements = await all('/v1/users/*/wallets/*/transactions');
    const perOperation = new Map<string, number>();
    for (const m of movements as unknown as { txLog: string }[]) {
      perOperation.set(m.txLog, (perOperation.get(m.txLog) ?? 0) + 1);
    }
    for (const id of ok.transfer) expect([id, perOperation.get(id)]).toEqual([id, 2]);
    for (const id of ok.purchase) expect([id, perOperation.get(id)]).toEqual([id, 1]);

    // Every committed operation's event reached the sink, as one event (redeliveries of the same
    // delivery carry the same webhook-id, which receivers deduplicate on).
    const committed = [...ok.transfer, ...ok.purchase, ...ok.withdrawal];
    // Patience grows with the run: after a long run the backlog of deliveries is longer, and a
    // notifier killed near the end leaves jobs BullMQ runs again only after they stall (≤ 15 s)
    // or, stalled twice, the reaper re-dispatches (≤ 40 s).
    await waitFor(() => committed.every((id) => delivered.has(id)), {
      timeoutMs: 60_000 + CHAOS_MS / 2,
      what: 'every event at the sink',
    }).catch(async (error: unknown) => {
      // Say where the missing events are: still in an outbox, in the notifier's inbox, or in
      // a delivery (with its status, attempts and last error).
      const missing = committed.filter((id) => !delivered.has(id));
      const db = new pg.Client({ connectionString: stack.databaseUrl });
      await db.connect();
      const where = await db.query(
        `SELECT m.id,
              (SELECT count(*) FROM ledger.outbox o WHERE o.envelope->'data'->>'id' = m.id AND o.sent_at IS NULL) AS unsent_ledger,
              (SELECT count(*) FROM trading.outbox o WHERE o.envelope->'data'->>'id' = m.id AND o.sent_at IS NULL) AS unsent_trading,
              (SELECT json_agg(json_build_object('status', d.status, 'attempts', d.attempts, 'enqueued', d.enqueued_at, 'dispatches', d.dispatches, 'error', d.last_error))
                 FROM notifier.deliveries d WHERE d.payload->'data'->>'id' = m.id) AS deliveries
         FROM unnest($1::text[]) AS m(id)`,
        [missing],
      );
      await db.end();
      console.error(JSON.stringify({ missing: missing.length, where: where.rows }, null, 1));
      throw error;
    });
    for (const id of committed) {
      const entry = delivered.get(id)!;
      expect([id, entry.events.size, new Set(entry.webhookIds).size]).toEqual([id, 1, 1]);
    }
    const unknown = [...delivered.keys()].filter((id) => !committed.includes(id));
    expect(unknown).toEqual([]);
    console.log(
      JSON.stringify({
        seed: SEED,
        chaosSeconds: CHAOS_MS / 1000,
        faultsInjected: faults,
        transfers: ok.transfer.length,
        purchases: ok.purchase.length,
        withdrawals: ok.withdrawal.length,
        held: held.length,
        approved: [...decided.values()].filter((d) => d === 'approve').length,
        refused,
        redeliveries: [...delivered.values()].reduce((n, e) => n + e.webhookIds.length - 1, 0),
        violations: 0,
      }),
    );
  }),
  300_000,
);

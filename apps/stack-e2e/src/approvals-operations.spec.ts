import { verifyMessage } from 'ethers';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { approvalsWorld, type Tenant } from './approvals-world';
import { type Stack, startStack } from './stack';
import { newUser, openWallet, TYPED_DATA } from './world';

/**
 * Policies in front of transfers and signatures, over HTTP: a held transfer holds its funds per
 * leg and is booked once on its quorum, or releases them exactly; a velocity limit counts what
 * ran, never what was refused; a held signature is not signed until its quorum.
 */

let stack: Stack;
let api: Api;
let admin: string;
const world = approvalsWorld(
  () => api,
  () => admin,
);
const { newTenant, member, policy, decide } = world;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

/** The tenant's second user with an ETH wallet: the receiver of its transfers. */
async function receiverOf(t: Tenant) {
  const user = await newUser(api, t.token, 'Bob');
  const wallet = await openWallet(api, t.token, user, 'eth');
  return { user, wallet };
}

function transfer(t: Tenant, to: { user: string; wallet: string }, ...amounts: string[]) {
  return api.post('/v1/transfers', {
    token: t.token,
    body: {
      requestedTransactions: amounts.map((amount) => ({
        assetId: 'eth',
        senderUserId: t.user,
        senderWalletId: t.wallet,
        receiverUserId: to.user,
        receiverWalletId: to.wallet,
        amount,
      })),
    },
  });
}

async function transferRead(t: Tenant, id: string) {
  return (await api.get(`/v1/transfers/${id}`, { token: t.token })).body as {
    status: string;
    approvalId?: string;
    failureReason?: string;
    transactions: { status: string }[];
  };
}

function settled(t: Tenant, id: string, status: string) {
  return waitFor(async () => (await transferRead(t, id)).status === status, {
    timeoutMs: 15_000,
    what: `transfer ${id} ${status}`,
  });
}

describe('a transfer held for approval', () => {
  let t: Tenant;
  let to: { user: string; wallet: string };
  let first: { id: string; token: string };
  let second: { id: string; token: string };

  beforeAll(async () => {
    t = await newTenant('Transfers governed', '10');
    to = await receiverOf(t);
    first = await member(t.id, [['approvals', 'decide']]);
    second = await member(t.id, [['approvals', 'decide']]);
    await policy(t.token, {
      name: 'Two approvers above 1 ETH moved at once',
      activity: 'transfer',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '1' },
      action: 'require_approval',
      approvers: { quorum: 2 },
    });
  }, 60_000);

  it('holds each leg at once, and is booked exactly once on its quorum', async () => {
    // Two legs of 0.75: each under the limit, together above it.
    const created = await transfer(t, to, '0.75', '0.75');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending_approval',
      approvalId: expect.any(String),
      transactions: [{ status: 'pending_approval' }, { status: 'pending_approval' }],
    });
    expect(await world.wallet(t, t.wallet)).toMatchObject({
      balance: '10',
      availableBalance: '8.5',
    });
    expect(await world.wallet({ token: t.token, user: to.user }, to.wallet)).toMatchObject({
      balance: '0',
    });
    const approvalId = created.body.approvalId as string;
    const approval = (await api.get(`/v1/approvals/${approvalId}`, { token: t.token })).body;
    expect(approval).toMatchObject({
      activity: 'transfer',
      operationId: created.body.id,
      summary: { walletId: t.wallet, assetId: 'eth', amount: '1.5', destination: to.wallet },
    });
    expect(approval.summary.legs).toHaveLength(2);
    expectProblem(await decide(t.token, approvalId), 403, 'self_approval_forbidden');
    // Both approvers at once: the quorum is reached once, the transfer booked once.
    const decisions = await Promise.all([
      decide(first.token, approvalId),
      decide(second.token, approvalId),
    ]);
    expect(decisions.map((d) => d.status)).toEqual([201, 201]);
    await settled(t, created.body.id, 'approved');
    expect((await transferRead(t, created.body.id)).transactions.map((l) => l.status)).toEqual([
      'approved',
      'approved',
    ]);
    expect(await world.wallet(t, t.wallet)).toMatchObject({
      balance: '8.5',
      availableBalance: '8.5',
    });
    expect(await world.wallet({ token: t.token, user: to.user }, to.wallet)).toMatchObject({
      balance: '1.5',
      availableBalance: '1.5',
    });
    // Each side's movements are in the read model, as for a transfer booked at once.
    const moves = await api.get(
      `/v1/users/${t.user}/wallets/${t.wallet}/transactions?txLog=${created.body.id}`,
      { token: t.token },
    );
    expect(
      moves.body.map((m: { movement: string; amount: string }) => [m.movement, m.amount]),
    ).toEqual([
      ['out', '0.75'],
      ['out', '0.75'],
    ]);
  });

  it('releases its holds exactly when an approver rejects', async () => {
    const before = await world.wallet(t, t.wallet);
    const created = await transfer(t, to, '2');
    expect(created.body.status).toBe('pending_approval');
    expect((await decide(first.token, created.body.approvalId, 'reject')).status).toBe(201);
    await settled(t, created.body.id, 'rejected');
    expect(await transferRead(t, created.body.id)).toMatchObject({
      failureReason: 'approval_rejected',
    });
    expect(await world.wallet(t, t.wallet)).toEqual(before);
  });

  it('is refused with nothing held when its sender cannot cover it', async () => {
    const before = await world.wallet(t, t.wallet);
    expectProblem(await transfer(t, to, '1000'), 400, 'insufficient_balance');
    expect(await world.wallet(t, t.wallet)).toEqual(before);
    // Its approval ended with it.
    const pending = (await api.get('/v1/approvals?status=pending', { token: t.token })).body;
    expect(pending).toEqual([]);
  });

  it('lets transfers no policy matches through at once', async () => {
    const created = await transfer(t, to, '0.5');
    expect(created.body).toMatchObject({ status: 'approved' });
    expect(created.body.approvalId).toBeUndefined();
  });
});

describe('transfer policies', () => {
  it('block what they match, and a velocity limit counts only what ran', async () => {
    const t = await newTenant('Transfers limited', '20');
    const to = await receiverOf(t);
    const cap = await policy(t.token, {
      name: 'Nothing above 5 ETH',
      activity: 'transfer',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '5' },
      action: 'block',
    });
    const refused = await transfer(t, to, '6');
    expectProblem(refused, 403, 'policy_blocked');
    expect(refused.body.policyIds).toEqual([cap]);
    await policy(t.token, {
      name: 'At most 3.1 ETH an hour from a wallet',
      activity: 'transfer',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', assetId: 'eth', maxAmount: '3.1' },
      action: 'block',
    });
    // 20 transfers of 0.25 at once: exactly 12 fit the limit.
    const raced = await Promise.all(Array.from({ length: 20 }, () => transfer(t, to, '0.25')));
    expect(raced.filter((r) => r.status === 201)).toHaveLength(12);
    for (const r of raced.filter((x) => x.status !== 201)) expectProblem(r, 403, 'policy_blocked');
    expect(await world.wallet(t, t.wallet)).toMatchObject({ balance: '17' });
    // The blocked ones counted nothing: 0.1 more still fits (3.1), 0.01 beyond it does not.
    expect((await transfer(t, to, '0.1')).status).toBe(201);
    expectProblem(await transfer(t, to, '0.01'), 403, 'policy_blocked');
  });

  it('count a refused transfer (short funds) for nothing', async () => {
    const t = await newTenant('Transfers counted', '1');
    const to = await receiverOf(t);
    await policy(t.token, {
      name: 'At most 2 transfers an hour from a wallet',
      activity: 'transfer',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 2 },
      action: 'block',
    });
    expectProblem(await transfer(t, to, '5'), 400, 'insufficient_balance');
    expect((await transfer(t, to, '0.1')).status).toBe(201);
    expect((await transfer(t, to, '0.1')).status).toBe(201);
    expectProblem(await transfer(t, to, '0.1'), 403, 'policy_blocked');
  });
});

describe('a transfer answered before', () => {
  it('is answered again under its Idempotency-Key, though a policy would now refuse it', async () => {
    const t = await newTenant('Transfers retried', '5');
    const to = await receiverOf(t);
    await policy(t.token, {
      name: 'One transfer an hour from a wallet',
      activity: 'transfer',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 1 },
      action: 'block',
    });
    const send = () =>
      api.post('/v1/transfers', {
        token: t.token,
        headers: { 'idempotency-key': 'retried-transfer-1' },
        body: {
          requestedTransactions: [
            {
              assetId: 'eth',
              senderUserId: t.user,
              senderWalletId: t.wallet,
              receiverUserId: to.user,
              receiverWalletId: to.wallet,
              amount: '1',
            },
          ],
        },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await world.wallet(t, t.wallet)).toMatchObject({ balance: '4' });
  });
});

describe("an admin's transfer", () => {
  it("is governed by its senders' tenant, and refused when they span tenants", async () => {
    const a = await newTenant('Admin transfers A', '5');
    const b = await newTenant('Admin transfers B', '5');
    await policy(b.token, {
      name: 'Nothing leaves B',
      activity: 'transfer',
      rule: { kind: 'always' },
      action: 'block',
    });
    const leg = (from: Tenant, to: Tenant) => ({
      assetId: 'eth',
      senderUserId: from.user,
      senderWalletId: from.wallet,
      receiverUserId: to.user,
      receiverWalletId: to.wallet,
      amount: '1',
    });
    const send = (...legs: ReturnType<typeof leg>[]) =>
      api.post('/v1/transfers', { token: admin, body: { requestedTransactions: legs } });
    expectProblem(await send(leg(b, a)), 403, 'policy_blocked');
    expectProblem(await send(leg(a, b), leg(b, a)), 400, 'senders_span_tenants');
    expect((await send(leg(a, b))).status).toBe(201);
    expect(await world.wallet(b, b.wallet)).toMatchObject({ balance: '6' });
  });
});

describe('a message signature held for approval', () => {
  it('is not signed until its quorum, and never when rejected', async () => {
    const t = await newTenant('Signatures governed', '1');
    const approver = await member(t.id, [['approvals', 'decide']]);
    await policy(t.token, {
      name: 'Every message waits for one approval',
      activity: 'sign-message',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const base = `/v1/users/${t.user}/wallets/${t.wallet}/sign-message`;
    const read = async (id: string) => (await api.get(`${base}/${id}`, { token: t.token })).body;
    const created = await api.post(base, { token: t.token, body: { message: 'hello' } });
    expect(created.status).toBe(200);
    const held = await read(created.body.id);
    expect(held).toMatchObject({
      status: 'pending_approval',
      signedMessage: null,
      message: 'hello',
    });
    const approval = (await api.get(`/v1/approvals/${held.approvalId}`, { token: t.token })).body;
    expect(approval).toMatchObject({ activity: 'sign-message', summary: { amount: '0' } });
    expect((await decide(approver.token, held.approvalId)).status).toBe(201);
    await waitFor(async () => (await read(created.body.id)).status === 'sent', {
      timeoutMs: 15_000,
      what: 'the held message signed',
    });
    const signed = await read(created.body.id);
    const wallet = (await api.get(`/v1/users/${t.user}/wallets/${t.wallet}`, { token: t.token }))
      .body;
    expect(verifyMessage('hello', signed.signedMessage)).toBe(wallet.address);

    const second = await api.post(base, { token: t.token, body: { message: 'no' } });
    const secondHeld = await read(second.body.id);
    expect((await decide(approver.token, secondHeld.approvalId, 'reject')).status).toBe(201);
    await waitFor(async () => (await read(second.body.id)).status === 'rejected', {
      timeoutMs: 15_000,
      what: 'the held message rejected',
    });
    expect(await read(second.body.id)).toMatchObject({
      signedMessage: null,
      failureReason: 'approval_rejected',
    });
  });

  it('is refused by a count limit on signatures', async () => {
    const t = await newTenant('Signatures limited', '1');
    await policy(t.token, {
      name: 'One typed-data signature an hour',
      activity: 'sign-typed-data',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 1 },
      action: 'block',
    });
    const base = `/v1/users/${t.user}/wallets/${t.wallet}/sign-typed-data`;
    expect((await api.post(base, { token: t.token, body: { typedData: TYPED_DATA } })).status).toBe(
      200,
    );
    expectProblem(
      await api.post(base, { token: t.token, body: { typedData: TYPED_DATA } }),
      403,
      'policy_blocked',
    );
    // Messages are another activity: not counted here.
    expect(
      (
        await api.post(`/v1/users/${t.user}/wallets/${t.wallet}/sign-message`, {
          token: t.token,
          body: { message: 'hi' },
        })
      ).status,
    ).toBe(200);
  });
});

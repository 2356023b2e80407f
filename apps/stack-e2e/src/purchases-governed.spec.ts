import { add } from '@custody/money';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { approvalsWorld, type Tenant } from './approvals-world';
import { type Stack, startStack } from './stack';
import { DEVICE } from './world';

/**
 * Purchases under policy, over HTTP (docs/decisions/purchases.md, "Under policy"): a buy over a
 * `purchase` policy's amount is refused with nothing recorded or booked, or held with nothing
 * booked until its approval's quorum settles it at its quote (a rejection ends it, nothing
 * booked); a velocity window counts purchases; the books stay sound throughout.
 */

let stack: Stack;
let api: Api;
let admin: string;
const world = approvalsWorld(
  () => api,
  () => admin,
);
const { newTenant, member, policy, decide, wallet } = world;

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

/** 100 EUR of ETH at the fixed 2500.5 EUR, less the 1.5 % fee. */
const ETH_FOR_100 = '0.039392121575684863';

function buy(t: Tenant, amount: string) {
  return api.post(`/v1/users/${t.user}/wallets/${t.wallet}/purchases`, {
    token: t.token,
    body: { operation: 'buy', amount, ...DEVICE },
  });
}

async function purchaseRead(t: Tenant, id: string) {
  return (
    await api.get(`/v1/users/${t.user}/wallets/${t.wallet}/purchases/${id}`, { token: t.token })
  ).body as {
    status: string;
    approvalId?: string;
    purchased: string;
    failure?: { code: string };
  };
}

async function purchases(t: Tenant) {
  return (await api.get(`/v1/users/${t.user}/wallets/${t.wallet}/purchases`, { token: t.token }))
    .body as { id: string }[];
}

async function ledgerIsSound() {
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
}

describe('a purchase policy', () => {
  it('takes amount, fiat and velocity rules; a destination rule does not apply', async () => {
    const t = await newTenant('Purchase rules', '1');
    for (const activity of ['purchase', 'issuer-activity'])
      expectProblem(
        await api.post('/v1/policies', {
          token: t.token,
          body: {
            name: 'Whitelisted only',
            activity,
            rule: { kind: 'destination_not_whitelisted' },
            action: 'block',
          },
        }),
        400,
        'rule_not_applicable',
      );
    expect(
      await policy(t.token, {
        name: 'Three buys a day',
        activity: 'purchase',
        rule: { kind: 'velocity', window: '24h', per: 'wallet', maxCount: 3 },
        action: 'block',
      }),
    ).toEqual(expect.any(String));
  });

  it('over its amount_above, refuses the buy with nothing recorded or booked', async () => {
    const t = await newTenant('Purchases blocked', '1');
    const limit = await policy(t.token, {
      name: 'No more than 0.01 ETH at once',
      activity: 'purchase',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '0.01' },
      action: 'block',
    });
    const refused = await buy(t, '100');
    expectProblem(refused, 403, 'policy_blocked');
    expect(refused.body.policyIds).toEqual([limit]);
    expect(await purchases(t)).toEqual([]);
    expect((await wallet(t, t.wallet)).balance).toBe('1');
    // Under the limit it settles at once.
    const small = await buy(t, '10');
    expect(small.status).toBe(201);
    expect(small.body).toEqual({ id: expect.any(String) });
    expect((await purchaseRead(t, small.body.id)).status).toBe('approved');
    await ledgerIsSound();
  });

  it('counts purchases in its velocity window', async () => {
    const t = await newTenant('Purchases counted', '1');
    const limit = await policy(t.token, {
      name: 'One buy an hour',
      activity: 'purchase',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 1 },
      action: 'block',
    });
    expect((await buy(t, '10')).status).toBe(201);
    const second = await buy(t, '10');
    expectProblem(second, 403, 'policy_blocked');
    expect(second.body.policyIds).toEqual([limit]);
    expect(await purchases(t)).toHaveLength(1);
  });
});

describe('a purchase held for approval', () => {
  let t: Tenant;
  let approver: { id: string; token: string };
  let held: string;

  beforeAll(async () => {
    t = await newTenant('Purchases held', '1');
    approver = await member(t.id, [['approvals', 'decide']]);
    held = await policy(t.token, {
      name: 'A second pair of eyes above 500 EUR',
      activity: 'purchase',
      rule: { kind: 'fiat_amount_above', amount: '500' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
  }, 60_000);

  it('books nothing until its quorum, then settles once at its quote', async () => {
    const created = await buy(t, '1000');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      status: 'pending_approval',
      approvalId: expect.any(String),
    });
    const { id, approvalId } = created.body as { id: string; approvalId: string };
    expect(await purchaseRead(t, id)).toMatchObject({ status: 'pending_approval', approvalId });
    expect((await wallet(t, t.wallet)).balance).toBe('1');
    const approval = await api.get(`/v1/approvals/${approvalId}`, { token: t.token });
    expect(approval.body).toMatchObject({
      status: 'pending',
      activity: 'purchase',
      operationId: id,
      policyIds: [held],
      summary: { walletId: t.wallet, assetId: 'eth', fiatAmount: '1000' },
    });
    // Under the limit, a buy goes through at once meanwhile.
    expect((await buy(t, '100')).body).toEqual({ id: expect.any(String) });
    expect((await wallet(t, t.wallet)).balance).toBe(add('1', ETH_FOR_100));

    expect((await decide(approver.token, approvalId)).status).toBe(201);
    await waitFor(async () => (await purchaseRead(t, id)).status === 'approved', {
      timeoutMs: 15_000,
      what: `purchase ${id} approved`,
    });
    const settled = await purchaseRead(t, id);
    expect((await wallet(t, t.wallet)).balance).toBe(add(add('1', ETH_FOR_100), settled.purchased));
    await ledgerIsSound();
  });

  it('rejected, ends rejected with nothing booked', async () => {
    const before = (await wallet(t, t.wallet)).balance;
    const created = await buy(t, '2000');
    const { id, approvalId } = created.body as { id: string; approvalId: string };
    expect((await decide(approver.token, approvalId, 'reject')).status).toBe(201);
    await waitFor(async () => (await purchaseRead(t, id)).status === 'rejected', {
      timeoutMs: 15_000,
      what: `purchase ${id} rejected`,
    });
    expect((await purchaseRead(t, id)).failure).toMatchObject({ code: 'approval_rejected' });
    expect((await wallet(t, t.wallet)).balance).toBe(before);
    await ledgerIsSound();
  });
});

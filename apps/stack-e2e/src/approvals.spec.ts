import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transaction } from 'ethers';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { tapEvents } from './events-tap';
import { type Stack, startStack } from './stack';
import { approvalsWorld, type Tenant } from './approvals-world';
import { DEVICE } from './world';

/**
 * Policies in front of withdrawals, over HTTP: a blocking policy refuses and holds nothing; an
 * approval policy holds the funds until its approvers' quorum, and the withdrawal then runs once;
 * a rejection releases the hold. Who may decide is checked on every decision.
 */

const RECEIVER = '0x000000000000000000000000000000000000dEaD';

let stack: Stack;
let sink: Awaited<ReturnType<typeof startSink>>;
let api: Api;
let admin: string;

const world = approvalsWorld(
  () => api,
  () => admin,
);
const { newTenant, member, policy } = world;

function withdraw(t: Tenant, amount: string) {
  return api.post(`/v1/users/${t.user}/wallets/${t.wallet}/withdrawals`, {
    token: t.token,
    body: { assetId: 'eth', receiverAddress: RECEIVER, amount, ...DEVICE },
  });
}

function wallet(t: Tenant) {
  return world.wallet(t, t.wallet);
}

async function withdrawal(t: Tenant, id: string) {
  return (
    await api.get(`/v1/users/${t.user}/wallets/${t.wallet}/withdrawals/${id}`, { token: t.token })
  ).body as { status: string; approvalId?: string };
}

function settled(t: Tenant, id: string, status: string) {
  return waitFor(async () => (await withdrawal(t, id)).status === status, {
    timeoutMs: 15_000,
    what: `withdrawal ${id} ${status}`,
  });
}

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy', 'notifier'],
    env: {
      // The policy service gives up on a silent trading in 2 s (and fails closed).
      policy: { RPC_TIMEOUT_MS: '2000' },
      // Webhooks to the test's local sink.
      notifier: { NOTIFIER_ALLOW_PRIVATE_URLS: 'true', NOTIFIER_DISPATCH_INTERVAL_MS: '100' },
    },
  });
  sink = await startSink();
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  await sink?.close();
});

/** A local webhook receiver: every body it is sent. */
async function startSink() {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('a blocking policy', () => {
  it('refuses a withdrawal it matches with 403 policy_blocked and holds nothing', async () => {
    const t = await newTenant('Blocked', '50');
    const cap = await policy(t.token, {
      name: 'Nothing above 10 ETH',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '10' },
      action: 'block',
    });
    const refused = await withdraw(t, '20');
    expectProblem(refused, 403, 'policy_blocked');
    expect(refused.body.policyIds).toEqual([cap]);
    expect(await wallet(t)).toMatchObject({ balance: '50', availableBalance: '50' });
    const allowed = await withdraw(t, '10');
    expect(allowed.status).toBe(201);
    expect(await withdrawal(t, allowed.body.id)).toMatchObject({ status: 'prepared' });
    // Disabled, it refuses nothing.
    await api.patch(`/v1/policies/${cap}`, { token: t.token, body: { enabled: false } });
    expect((await withdraw(t, '20')).status).toBe(201);
  });

  it('of the platform applies to every tenant, and wins over an approval policy', async () => {
    const t = await newTenant('Platformed', '5');
    await policy(t.token, {
      name: 'Approve everything',
      activity: 'any',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const platform = await policy(admin, {
      name: 'No withdrawal of exactly everything above 4 ETH',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '4' },
      action: 'block',
    });
    try {
      expectProblem(await withdraw(t, '4.5'), 403, 'policy_blocked');
      expect(await wallet(t)).toMatchObject({ availableBalance: '5' });
    } finally {
      await api.delete(`/v1/policies/${platform}`, { token: admin });
    }
  });

  it("values the withdrawal at trading's rate, and fails closed without one", async () => {
    const t = await newTenant('Valued', '5');
    await policy(t.token, {
      name: 'Nothing above 5,000 in fiat',
      activity: 'withdrawal',
      rule: { kind: 'fiat_amount_above', amount: '5000' },
      action: 'block',
    });
    // The fixed rate values 1 ETH at 2,500.5 EUR.
    expect((await withdraw(t, '1')).status).toBe(201);
    expectProblem(await withdraw(t, '2'), 403, 'policy_blocked');
    // Trading stops answering: no rate, so the rule matches (once the price the policy service
    // read above has served its second).
    stack.apps.trading.child.kill('SIGSTOP');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expectProblem(await withdraw(t, '1'), 403, 'policy_blocked');
    } finally {
      stack.apps.trading.child.kill('SIGCONT');
    }
    expect(await wallet(t)).toMatchObject({ availableBalance: '4' });
  });

  it('lets withdrawals reach only travel-rule verified whitelist addresses', async () => {
    const t = await newTenant('Whitelisted', '5');
    await policy(t.token, {
      name: 'Only verified destinations',
      activity: 'withdrawal',
      rule: { kind: 'destination_not_whitelisted' },
      action: 'block',
    });
    expectProblem(await withdraw(t, '1'), 403, 'policy_blocked');
    const whitelists = `/v1/users/${t.user}/wallets/${t.wallet}/whitelists`;
    const entry = await api.post(whitelists, {
      token: t.token,
      body: {
        address: RECEIVER.toLowerCase(),
        counterPartyFullName: 'Bob Receiver',
        counterPartyType: 'SELF_HOSTED',
      },
    });
    expect(entry.status).toBe(201);
    // Pending review: still refused.
    expectProblem(await withdraw(t, '1'), 403, 'policy_blocked');
    const verified = await api.patch(`${whitelists}/${entry.body.id}`, {
      token: admin,
      body: { travelRuleStatus: 'verified' },
    });
    expect(verified.status).toBe(200);
    // The same address in its checksummed spelling.
    expect((await withdraw(t, '1')).status).toBe(201);
    expect(await wallet(t)).toMatchObject({ availableBalance: '4' });
  });
});

describe('a raw signed transaction that moves value', () => {
  it('is a withdrawal to the policies too: refused by a block; held, it is signed on quorum', async () => {
    const t = await newTenant('Raw signer', '1');
    const base = `/v1/users/${t.user}/wallets/${t.wallet}/sign-tx`;
    const sign = (nonce: string) =>
      api.post(base, {
        token: t.token,
        body: {
          txJson: {
            to: RECEIVER,
            value: '1000',
            gasLimit: '21000',
            maxFeePerGas: '2000000000',
            maxPriorityFeePerGas: '1000000000',
            nonce,
          },
        },
      });
    const onlyVerified = await policy(t.token, {
      name: 'Only verified destinations',
      activity: 'withdrawal',
      rule: { kind: 'destination_not_whitelisted' },
      action: 'block',
    });
    const refused = await sign('0');
    expectProblem(refused, 403, 'policy_blocked');
    expect(refused.body.policyIds).toEqual([onlyVerified]);
    await api.patch(`/v1/policies/${onlyVerified}`, { token: t.token, body: { enabled: false } });
    const approver = await member(t.id, [['approvals', 'decide']]);
    await policy(t.token, {
      name: 'Everything waits for one approval',
      activity: 'any',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const created = await sign('1');
    expect(created.status).toBe(200);
    const held = (await api.get(`${base}/${created.body.id}`, { token: t.token })).body;
    expect(held).toMatchObject({
      status: 'pending_approval',
      approvalId: expect.any(String),
      signedTx: null,
    });
    // Not signed, nothing held yet.
    expect(await wallet(t)).toMatchObject({ balance: '1', availableBalance: '1' });
    const approval = (await api.get(`/v1/approvals/${held.approvalId}`, { token: t.token })).body;
    expect(approval).toMatchObject({
      activity: 'sign-tx',
      operationId: created.body.id,
      summary: { amount: '0.000000000000001', destination: RECEIVER },
    });
    expect((await world.decide(approver.token, held.approvalId)).status).toBe(201);
    await waitFor(
      async () =>
        (await api.get(`${base}/${created.body.id}`, { token: t.token })).body.status === 'sent',
      { timeoutMs: 15_000, what: 'the held transaction signed' },
    );
    const signed = (await api.get(`${base}/${created.body.id}`, { token: t.token })).body;
    expect(signed).toMatchObject({ to: RECEIVER, value: '1000', nonce: '1' });
    expect(Transaction.from(signed.signedTx).to).toBe(RECEIVER);
    // What it takes is held now, as for a transaction signed at once (value + 21,000 × 2 gwei).
    expect(signed.withdrawalId).toEqual(expect.any(String));
    expect(await wallet(t)).toMatchObject({ balance: '1', availableBalance: '0.999957999999999' });
  });
});

describe('a velocity policy', () => {
  it('lets exactly the withdrawals within its limit through when 50 race for it', async () => {
    const t = await newTenant('Racing', '100');
    // Each is far under the amount rule; together they would pass 10 ETH a day.
    await policy(t.token, {
      name: 'Nothing above 5 ETH at once',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '5' },
      action: 'block',
    });
    const limit = await policy(t.token, {
      name: 'At most 10 ETH a day from a wallet',
      activity: 'withdrawal',
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '10' },
      action: 'block',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(t, '1')));
    const passed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 403);
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused)
      expect(answer.body).toMatchObject({ code: 'policy_blocked', policyIds: [limit] });
    expect(await wallet(t)).toMatchObject({ balance: '100', availableBalance: '90' });
    // A count limit on the user holds the next one for approval instead.
    const approver = await member(t.id, [['approvals', 'decide']]);
    await api.patch(`/v1/policies/${limit}`, { token: t.token, body: { enabled: false } });
    await policy(t.token, {
      name: 'More than 12 withdrawals a day need an approval',
      activity: 'withdrawal',
      rule: { kind: 'velocity', window: '24h', per: 'user', maxCount: 12 },
      action: 'require_approval',
      approvers: { quorum: 1, clientIds: [approver.id] },
    });
    const [eleventh, twelfth, thirteenth] = [
      await withdraw(t, '1'),
      await withdraw(t, '1'),
      await withdraw(t, '1'),
    ];
    expect((await withdrawal(t, eleventh.body.id)).status).toBe('prepared');
    expect((await withdrawal(t, twelfth.body.id)).status).toBe('prepared');
    const held = await withdrawal(t, thirteenth.body.id);
    expect(held.status).toBe('pending_approval');
    // A rejected operation no longer counts: the next one is the 13th again, and held again.
    await api.post(`/v1/approvals/${held.approvalId}/decisions`, {
      token: approver.token,
      body: { decision: 'reject' },
    });
    await settled(t, thirteenth.body.id, 'cancelled');
    const again = await withdraw(t, '1');
    expect((await withdrawal(t, again.body.id)).status).toBe('pending_approval');
  });
});

describe('an approval policy', () => {
  let t: Tenant;
  let first: { id: string; token: string };
  let second: { id: string; token: string };
  let other: { id: string; token: string };
  let reader: { id: string; token: string };

  beforeAll(async () => {
    t = await newTenant('Governed', '100');
    first = await member(t.id, [['approvals', 'read', 'decide']]);
    second = await member(t.id, [['approvals', 'read', 'decide']]);
    other = await member(t.id);
    reader = await member(t.id, [['approvals', 'read']]);
    await policy(t.token, {
      name: 'Two approvers above 1 ETH',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '1' },
      action: 'require_approval',
      approvers: { quorum: 2, clientIds: [first.id, second.id] },
    });
  }, 60_000);

  it('holds the funds, and the quorum runs the withdrawal once', async () => {
    const created = await withdraw(t, '2');
    expect(created.status).toBe(201);
    const held = await withdrawal(t, created.body.id);
    expect(held).toMatchObject({ status: 'pending_approval', approvalId: expect.any(String) });
    expect(await wallet(t)).toMatchObject({ balance: '100', availableBalance: '98' });
    const path = `/v1/approvals/${held.approvalId}`;
    const approval = await api.get(path, { token: first.token });
    expect(approval.body).toMatchObject({
      status: 'pending',
      activity: 'withdrawal',
      operationId: created.body.id,
      initiator: { clientId: t.id },
      quorum: 2,
      decisions: [],
      summary: {
        userId: t.user,
        walletId: t.wallet,
        assetId: 'eth',
        amount: '2',
        destination: RECEIVER,
      },
    });
    expect(
      (await api.get('/v1/approvals?status=pending', { token: t.token })).body.map(
        (a: { id: string }) => a.id,
      ),
    ).toContain(held.approvalId);

    const decide = (token: string, decision = 'approve') =>
      api.post(`${path}/decisions`, { token, body: { decision, reason: 'checked' } });
    expectProblem(await decide(t.token), 403, 'self_approval_forbidden');
    expectProblem(await decide(other.token), 403, 'approver_forbidden');
    expectProblem(await decide(reader.token), 403, 'insufficient_scope');
    expect((await decide(first.token)).status).toBe(201);
    expectProblem(await decide(first.token), 409, 'already_decided');
    expect((await withdrawal(t, created.body.id)).status).toBe('pending_approval');
    expect((await decide(second.token)).status).toBe(201);

    await settled(t, created.body.id, 'prepared');
    const done = await api.get(path, { token: t.token });
    expect(done.body).toMatchObject({ status: 'approved' });
    expect(done.body.decisions.map((d: { clientId: string }) => d.clientId)).toEqual([
      first.id,
      second.id,
    ]);
    expectProblem(await decide(other.token), 409, 'approval_finished');
    // The hold placed at creation is the one the withdrawal keeps: nothing moved twice.
    expect(await wallet(t)).toMatchObject({ balance: '100', availableBalance: '98' });
  });

  it('releases the hold exactly when an approver rejects', async () => {
    const before = await wallet(t);
    const created = await withdraw(t, '3');
    const { approvalId } = await withdrawal(t, created.body.id);
    expect((await wallet(t)).availableBalance).not.toBe(before.availableBalance);
    const rejected = await api.post(`/v1/approvals/${approvalId}/decisions`, {
      token: second.token,
      body: { decision: 'reject', reason: 'unknown receiver' },
    });
    expect(rejected.status).toBe(201);
    await settled(t, created.body.id, 'cancelled');
    expect(await wallet(t)).toEqual(expect.objectContaining(before));
    expect((await api.get(`/v1/approvals/${approvalId}`, { token: t.token })).body).toMatchObject({
      status: 'rejected',
      decisions: [{ clientId: second.id, decision: 'reject' }],
    });
  });

  it('sends nothing for a user blocked while the approval waited, and releases the hold', async () => {
    const before = await wallet(t);
    const created = await withdraw(t, '2.5');
    const { approvalId } = await withdrawal(t, created.body.id);
    const blocked = await api.patch(`/v1/users/${t.user}/individual-person`, {
      token: admin,
      body: { status: 'blocked' },
    });
    expect(blocked.status).toBe(200);
    try {
      for (const token of [first.token, second.token])
        expect(
          (
            await api.post(`/v1/approvals/${approvalId}/decisions`, {
              token,
              body: { decision: 'approve' },
            })
          ).status,
        ).toBe(201);
      await settled(t, created.body.id, 'cancelled');
      expect(await wallet(t)).toMatchObject({
        balance: before.balance,
        availableBalance: before.availableBalance,
      });
    } finally {
      await api.patch(`/v1/users/${t.user}/individual-person`, {
        token: admin,
        body: { status: 'active' },
      });
    }
  });

  it("governs an admin's withdrawal from the tenant's wallet as the tenant's own", async () => {
    const created = await api.post(`/v1/users/${t.user}/wallets/${t.wallet}/withdrawals`, {
      token: admin,
      body: { assetId: 'eth', receiverAddress: RECEIVER, amount: '1.5', ...DEVICE },
    });
    expect(created.status).toBe(201);
    const { status, approvalId } = await withdrawal(t, created.body.id);
    expect(status).toBe('pending_approval');
    // The tenant sees it and its approvers decide it.
    const approval = await api.get(`/v1/approvals/${approvalId}`, { token: t.token });
    expect(approval.body).toMatchObject({ status: 'pending', quorum: 2 });
    for (const token of [first.token, second.token])
      expect(
        (
          await api.post(`/v1/approvals/${approvalId}/decisions`, {
            token,
            body: { decision: 'approve' },
          })
        ).status,
      ).toBe(201);
    await settled(t, created.body.id, 'prepared');
  });

  it("is out of other tenants' reach", async () => {
    const created = await withdraw(t, '1.5');
    const { approvalId } = await withdrawal(t, created.body.id);
    const outsider = await api.newClient(admin, 'Outsider');
    expectProblem(await api.get(`/v1/approvals/${approvalId}`, { token: outsider.token }), 404);
    expectProblem(
      await api.post(`/v1/approvals/${approvalId}/decisions`, {
        token: outsider.token,
        body: { decision: 'approve' },
      }),
      404,
    );
    expect(
      (await api.get('/v1/approvals', { token: outsider.token })).body.map(
        (a: { id: string }) => a.id,
      ),
    ).not.toContain(approvalId);
    // An admin reads every tenant's approvals, but decides only on the platform's.
    expect((await api.get(`/v1/approvals/${approvalId}`, { token: admin })).status).toBe(200);
    expectProblem(
      await api.post(`/v1/approvals/${approvalId}/decisions`, {
        token: admin,
        body: { decision: 'approve' },
      }),
      403,
      'approver_forbidden',
    );
  });
});

describe('one person, one vote', () => {
  it('refuses a person approving what they started through another client, and counts a person once', async () => {
    const t = await newTenant('Persons', '100');
    const decides = [['approvals', 'read', 'decide']];
    // Alice holds two logins: one that withdraws, one that approves.
    const aliceWithdraws = await member(t.id, undefined, 'alice');
    const aliceApproves = await member(t.id, decides, 'alice');
    const bob = await member(t.id, decides, 'bob');
    const bobAgain = await member(t.id, decides, 'bob');
    const carol = await member(t.id, decides, 'carol');
    expect((await api.get(`/v1/clients/${aliceApproves.id}`, { token: admin })).body).toMatchObject(
      { personId: 'alice' },
    );
    await policy(t.token, {
      name: 'Two people above 1 ETH',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '1' },
      action: 'require_approval',
      approvers: {
        quorum: 2,
        clientIds: [aliceApproves.id, bob.id, bobAgain.id, carol.id],
      },
    });
    const created = await api.post(`/v1/users/${t.user}/wallets/${t.wallet}/withdrawals`, {
      token: aliceWithdraws.token,
      body: { assetId: 'eth', receiverAddress: RECEIVER, amount: '2', ...DEVICE },
    });
    expect(created.status).toBe(201);
    const { approvalId } = await withdrawal(t, created.body.id);
    const decide = (token: string) =>
      api.post(`/v1/approvals/${approvalId}/decisions`, { token, body: { decision: 'approve' } });
    expectProblem(await decide(aliceApproves.token), 403, 'self_approval_forbidden');
    expect((await decide(bob.token)).status).toBe(201);
    // Bob's second login is still Bob: no second vote.
    expectProblem(await decide(bobAgain.token), 409, 'already_decided');
    expect((await withdrawal(t, created.body.id)).status).toBe('pending_approval');
    expect((await decide(carol.token)).status).toBe(201);
    await settled(t, created.body.id, 'prepared');
    // The person is set at creation only.
    expectProblem(
      await api.patch(`/v1/clients/${bob.id}`, { token: admin, body: { personId: 'carol' } }),
      400,
      'validation_failed',
    );
  });
});

describe('several holding policies', () => {
  it("need every one's quorum: the tenant's approvers never stand in for the admins", async () => {
    const t = await newTenant('Doubly governed', '10');
    const [one, two] = await Promise.all([
      member(t.id, [['approvals', 'decide']]),
      member(t.id, [['approvals', 'decide']]),
    ]);
    await policy(t.token, {
      name: 'Two of us',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 2 },
    });
    const platform = await policy(admin, {
      name: "An admin looks at this wallet's withdrawals",
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
      filters: { walletIds: [t.wallet] },
    });
    try {
      const created = await withdraw(t, '1');
      const { approvalId } = await withdrawal(t, created.body.id);
      const path = `/v1/approvals/${approvalId}`;
      expect((await api.get(path, { token: t.token })).body.requirements).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ policyId: platform, quorum: 1, platform: true }),
          expect.objectContaining({ quorum: 2, platform: false }),
        ]),
      );
      const decide = (token: string) =>
        api.post(`${path}/decisions`, { token, body: { decision: 'approve' } });
      expect((await decide(one.token)).status).toBe(201);
      expect((await decide(two.token)).status).toBe(201);
      // The tenant's quorum is met; a third of its clients is not needed.
      const third = await member(t.id, [['approvals', 'decide']]);
      expectProblem(await decide(third.token), 409, 'approval_not_needed');
      expect((await withdrawal(t, created.body.id)).status).toBe('pending_approval');
      expect((await decide(admin)).status).toBe(201);
      await settled(t, created.body.id, 'prepared');
    } finally {
      await api.delete(`/v1/policies/${platform}`, { token: admin });
    }
  });
});

describe("an approval's events", () => {
  it('reach the tenant’s webhook receivers when it is pending and when it is decided', async () => {
    const t = await newTenant('Hooked', '3');
    const approver = await member(t.id, [['approvals', 'decide']]);
    const types = (await api.get('/v1/notifications?limit=0', { token: t.token })).body as {
      id: string;
      event: string;
    }[];
    for (const event of ['approval.is-pending', 'approval.is-decided']) {
      const type = types.find((x) => x.event === event);
      expect(type).toBeDefined();
      const receiver = await api.post(`/v1/notifications/${type?.id}`, {
        token: t.token,
        body: { url: sink.url },
      });
      expect(receiver.status).toBe(201);
    }
    await policy(t.token, {
      name: 'One approval',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const created = await withdraw(t, '1');
    const { approvalId } = await withdrawal(t, created.body.id);
    await api.post(`/v1/approvals/${approvalId}/decisions`, {
      token: approver.token,
      body: { decision: 'approve' },
    });
    const delivered = (event: string) =>
      sink.bodies.filter((body) => body.includes(event) && body.includes(approvalId ?? '-'));
    await waitFor(() => delivered('approval.is-pending').length > 0, {
      timeoutMs: 15_000,
      what: 'approval.is-pending at the sink',
    });
    await waitFor(() => delivered('approval.is-decided').length > 0, {
      timeoutMs: 15_000,
      what: 'approval.is-decided at the sink',
    });
    expect(delivered('approval.is-decided')[0]).toContain('"approved"');
  });
});

describe('a quorum reached by many approvers at once', () => {
  it('runs the withdrawal once and moves its balance once', async () => {
    const t = await newTenant('Crowd', '10');
    const approvers = await Promise.all(
      Array.from({ length: 10 }, () => member(t.id, [['approvals', 'decide']])),
    );
    await policy(t.token, {
      name: 'Two of ten',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 2 },
    });
    const created = await withdraw(t, '4');
    const { approvalId } = await withdrawal(t, created.body.id);
    const answers = await Promise.all(
      approvers.map((a) =>
        api.post(`/v1/approvals/${approvalId}/decisions`, {
          token: a.token,
          body: { decision: 'approve' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // Exactly the quorum's decisions count; the rest find the approval finished.
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    for (const late of answers.filter((a) => a.status === 409))
      expect(late.body).toMatchObject({ code: 'approval_finished' });
    await settled(t, created.body.id, 'prepared');
    expect(await wallet(t)).toMatchObject({ balance: '10', availableBalance: '6' });
    const approval = await api.get(`/v1/approvals/${approvalId}`, { token: t.token });
    expect(approval.body).toMatchObject({ status: 'approved' });
    expect(approval.body.decisions).toHaveLength(2);
  });
});

describe('a crash around the quorum', () => {
  it('of wallet-ledger or the policy service still runs each withdrawal once', async () => {
    const tap = await tapEvents(stack.namespace, 'withdrawal.*');
    try {
      const t = await newTenant('Crashing', '10');
      const approver = await member(t.id, [['approvals', 'decide']]);
      await policy(t.token, {
        name: 'One approval for everything',
        activity: 'withdrawal',
        rule: { kind: 'always' },
        action: 'require_approval',
        approvers: { quorum: 1 },
      });
      const held = async (amount: string) => {
        const created = await withdraw(t, amount);
        expect(created.status).toBe(201);
        const { approvalId } = await withdrawal(t, created.body.id);
        return { id: created.body.id as string, approvalId: approvalId as string };
      };
      const approve = (approvalId: string) =>
        api.post(`/v1/approvals/${approvalId}/decisions`, {
          token: approver.token,
          body: { decision: 'approve' },
        });
      // wallet-ledger dies as the outcome reaches it; the policy service right after it
      // committed the quorum, before its outbox may have sent the outcome.
      const first = await held('3');
      const [decided] = await Promise.all([
        approve(first.approvalId),
        stack.crashAndRestart('wallet-ledger'),
      ]);
      expect(decided.status).toBe(201);
      const second = await held('2');
      expect((await approve(second.approvalId)).status).toBe(201);
      await stack.crashAndRestart('policy');
      await settled(t, first.id, 'prepared');
      await settled(t, second.id, 'prepared');
      // A third, decided after both restarts, comes after the others in the same queues.
      const third = await held('1');
      expect((await approve(third.approvalId)).status).toBe(201);
      await settled(t, third.id, 'prepared');

      const updates = (id: string) =>
        tap.events.filter((e) => e.name === 'withdrawal.is-updated' && e.data['id'] === id);
      await waitFor(() => updates(third.id).length > 0, { what: "the third's update event" });
      for (const { id } of [first, second, third]) expect(updates(id)).toHaveLength(1);
      expect(await wallet(t)).toMatchObject({ balance: '10', availableBalance: '4' });
    } finally {
      await tap.close();
    }
  });
});

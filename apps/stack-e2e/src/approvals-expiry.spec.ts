import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';
import { DEVICE, fund, newUser, openWallet } from './world';

/**
 * An approval nobody decides on expires (here after 2 seconds): its withdrawal ends cancelled and
 * its hold is released exactly; a late decision is refused.
 */

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: { policy: { APPROVAL_TTL_SECONDS: '2', APPROVAL_SWEEP_INTERVAL_MS: '200' } },
  });
  api = new Api(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

it('an undecided approval expires and releases its hold exactly', async () => {
  const admin = await api.adminToken();
  const tenant = await api.newClient(admin, 'Slow deciders');
  const user = await newUser(api, tenant.token);
  const wallet = await openWallet(api, tenant.token, user, 'eth');
  await fund(api, admin, wallet, '7');
  await api.post('/v1/policies', {
    token: tenant.token,
    body: {
      name: 'Everything waits for one approval',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    },
  });
  const base = `/v1/users/${user}/wallets/${wallet}`;
  const created = await api.post(`${base}/withdrawals`, {
    token: tenant.token,
    body: {
      assetId: 'eth',
      receiverAddress: '0x000000000000000000000000000000000000dEaD',
      amount: '5',
      ...DEVICE,
    },
  });
  expect(created.status).toBe(201);
  const read = async () =>
    (await api.get(`${base}/withdrawals/${created.body.id}`, { token: tenant.token })).body;
  const { approvalId } = await read();
  expect((await api.get(base, { token: tenant.token })).body).toMatchObject({
    availableBalance: '2',
  });

  await waitFor(async () => (await read()).status === 'cancelled', {
    timeoutMs: 15_000,
    what: 'the withdrawal cancelled at its approval’s expiry',
  });
  expect(
    (await api.get(`/v1/approvals/${approvalId}`, { token: tenant.token })).body,
  ).toMatchObject({ status: 'expired' });
  expect((await api.get(base, { token: tenant.token })).body).toMatchObject({
    balance: '7',
    availableBalance: '7',
  });
  const approver = await api.post('/v1/clients', {
    token: admin,
    body: {
      name: 'Late approver',
      email: `late-${Date.now()}@e2e.test`,
      password: 'a-long-member-password',
      tenantId: tenant.id,
    },
  });
  const late = await api.login(approver.body.email, 'a-long-member-password');
  expectProblem(
    await api.post(`/v1/approvals/${approvalId}/decisions`, {
      token: late.access_token,
      body: { decision: 'approve' },
    }),
    409,
    'approval_finished',
  );
});

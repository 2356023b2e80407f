import { formatUnits, MaxUint256, verifyTypedData } from 'ethers';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { approvalsWorld, type Tenant } from './approvals-world';
import { type Stack, startStack } from './stack';
import { TYPED_DATA } from './world';

/**
 * Typed data that lets someone take a wallet's tokens, recognized by what it does rather than by
 * its type names, over HTTP: refused where no policy allows token authorizations, held by one
 * that allows them with require_approval and signed on its quorum, and weighed by amount.
 */

let stack: Stack;
let api: Api;
let admin: string;
const world = approvalsWorld(
  () => api,
  () => admin,
);
const { newTenant, member, policy, decide } = world;

const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** An authorizing contract the operator configured (TOKEN_AUTHORIZING_CONTRACTS). */
const ROUTER = '0x00000000000000000000000000000000000e0c7e';
/** A token outside the catalog. */
const VOUCHER_TOKEN = '0x00000000000000000000000000000000000070c3';
const SPENDER = '0x00000000000000000000000000000000000bbeef';

let usdc: { contractAddress: string; decimals: number };

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: { 'wallet-ledger': { TOKEN_AUTHORIZING_CONTRACTS: ROUTER } },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  usdc = (await api.get('/v1/assets/usdc', { token: admin })).body;
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

/** Permit2's batch transfer permit with a witness, for `amount` base units of USDC. */
function permit2BatchWitness(amount: bigint) {
  return {
    domain: { name: 'Permit2', chainId: '1', verifyingContract: PERMIT2 },
    types: {
      PermitBatchWitnessTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions[]' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
        { name: 'witness', type: 'Order' },
      ],
      TokenPermissions: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
      Order: [
        { name: 'reference', type: 'string' },
        { name: 'user', type: 'address' },
      ],
    },
    value: {
      primaryType: 'PermitBatchWitnessTransferFrom',
      permitted: [{ token: usdc.contractAddress, amount: amount.toString() }],
      spender: SPENDER,
      nonce: '1',
      deadline: '9999999999',
      witness: { reference: 'order-1', user: SPENDER },
    },
  };
}

/** EIP-2612's permit under another name, verified by a token outside the catalog. */
const VOUCHER = {
  domain: { name: 'Voucher Token', version: '1', chainId: '1', verifyingContract: VOUCHER_TOKEN },
  types: {
    Voucher: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  value: {
    primaryType: 'Voucher',
    owner: SPENDER,
    spender: SPENDER,
    value: '1000000',
    nonce: '0',
    deadline: '9999999999',
  },
};

function signTypedData(t: Tenant, typedData: unknown) {
  return api.post(`/v1/users/${t.user}/wallets/${t.wallet}/sign-typed-data`, {
    token: t.token,
    body: { typedData },
  });
}

async function record(t: Tenant, id: string) {
  return (
    await api.get(`/v1/users/${t.user}/wallets/${t.wallet}/sign-typed-data/${id}`, {
      token: t.token,
    })
  ).body as { status: string; approvalId: string | null; signedTypedData: string | null };
}

describe('token authorizations', () => {
  it('are refused without a policy that allows them: a Permit2 batch-witness permit, a renamed EIP-2612 permit, what a configured contract verifies', async () => {
    const t = await newTenant('No permits', '1');
    const byRouter = {
      domain: { name: 'Router', chainId: '1', verifyingContract: ROUTER },
      types: { Swap: [{ name: 'route', type: 'string' }] },
      value: { primaryType: 'Swap', route: 'anything' },
    };
    for (const typedData of [permit2BatchWitness(MaxUint256), VOUCHER, byRouter])
      expectProblem(await signTypedData(t, typedData), 400, 'token_authorization_refused');
    const listed = await api.get(`/v1/users/${t.user}/wallets/${t.wallet}/sign-typed-data`, {
      token: t.token,
    });
    expect(listed.body).toEqual([]);
    // Typed data that authorizes nothing is signed at once, as before.
    expect((await signTypedData(t, TYPED_DATA)).status).toBe(200);
  });

  it('are held by a policy that allows them with require_approval, and signed on its quorum', async () => {
    const t = await newTenant('Permits held', '1');
    const approver = await member(t.id, [['approvals', 'decide']]);
    const allowing = await policy(t.token, {
      name: 'Token authorizations wait for one approval',
      activity: 'sign-typed-data',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
      allowTokenAuthorizations: true,
    });
    expect((await api.get(`/v1/policies/${allowing}`, { token: t.token })).body).toMatchObject({
      activity: 'sign-typed-data',
      allowTokenAuthorizations: true,
    });

    const permit = await signTypedData(t, permit2BatchWitness(MaxUint256));
    const voucher = await signTypedData(t, VOUCHER);
    expect([permit.status, voucher.status]).toEqual([200, 200]);
    const heldPermit = await record(t, permit.body.id);
    const heldVoucher = await record(t, voucher.body.id);
    for (const held of [heldPermit, heldVoucher])
      expect(held).toMatchObject({
        status: 'pending_approval',
        approvalId: expect.any(String),
        signedTypedData: null,
      });
    const summaryOf = async (approvalId: string | null) =>
      (await api.get(`/v1/approvals/${approvalId}`, { token: t.token })).body.summary;
    // Each is weighed as what it grants: the token, how much of it, and to whom.
    expect(await summaryOf(heldPermit.approvalId)).toMatchObject({
      assetId: 'usdc',
      amount: formatUnits(MaxUint256, usdc.decimals),
      destination: SPENDER,
    });
    expect(await summaryOf(heldVoucher.approvalId)).toMatchObject({
      assetId: 'unknown',
      amount: VOUCHER.value.value,
      destination: SPENDER,
    });

    expect((await decide(approver.token, heldVoucher.approvalId!)).status).toBe(201);
    await waitFor(async () => (await record(t, voucher.body.id)).status === 'sent', {
      timeoutMs: 15_000,
      what: 'the approved voucher signed',
    });
    const signed = await record(t, voucher.body.id);
    const wallet = (await api.get(`/v1/users/${t.user}/wallets/${t.wallet}`, { token: t.token }))
      .body;
    const { primaryType: _root, ...value } = VOUCHER.value;
    expect(verifyTypedData(VOUCHER.domain, VOUCHER.types, value, signed.signedTypedData!)).toBe(
      wallet.address,
    );
    expect((await record(t, permit.body.id)).status).toBe('pending_approval');
  });

  it("are weighed by the allowing policy's amount rule: unlimited or outside the catalog, blocked", async () => {
    const t = await newTenant('Permits up to 1000 USDC', '1');
    const limit = await policy(t.token, {
      name: 'Token authorizations up to 1000 USDC',
      activity: 'sign-typed-data',
      rule: { kind: 'amount_above', assetId: 'usdc', amount: '1000' },
      action: 'block',
      allowTokenAuthorizations: true,
    });
    const tenUsdc = 10n * 10n ** BigInt(usdc.decimals);
    const small = await signTypedData(t, permit2BatchWitness(tenUsdc));
    expect(small.status).toBe(200);
    expect(await record(t, small.body.id)).toMatchObject({
      status: 'sent',
      signedTypedData: expect.any(String),
    });
    for (const typedData of [permit2BatchWitness(MaxUint256), VOUCHER]) {
      const refused = await signTypedData(t, typedData);
      expectProblem(refused, 403, 'policy_blocked');
      expect(refused.body.policyIds).toEqual([limit]);
    }
  });
});

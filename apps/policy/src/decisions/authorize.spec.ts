import { parseUnits } from 'ethers';
import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  DECISION_TTL_MS,
  type DecisionClaims,
  type GovernedOperation,
  issuerKeyOwner,
  type PolicyDecision,
  type SignIntent,
} from '@custody/contracts';
import {
  dataHash,
  decisionVerifierKeys,
  erc20TransferData,
  evmMessageDigest,
  openDecision,
} from '@custody/intents';
import {
  approvalOf,
  callOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  USDC_CONTRACT,
} from '../test-harness';

// The decisions the signer takes (docs/decisions/signing-decisions.md): signed at once for a
// signature allowed with its intent; for a withdrawal, when its transaction is built, only for
// the transaction that pays exactly what was admitted; for a held signature, only once its
// approval has quorum and only for the payload held; for an issuer, only with its own key.

let h: PolicyHarness;
const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
const FROM = '0x00000000000000000000000000000000000face7';
const EMPTY = dataHash('0x');

beforeAll(async () => {
  h = await createPolicyHarness();
});

afterAll(async () => {
  await h.close();
});

const { keys } = decisionVerifierKeys({});

/** A decision's claims, checked against the development key as the signer checks them. */
async function claimsOf(token: string | undefined): Promise<DecisionClaims> {
  const opened = await openDecision(token, keys);
  if ('fault' in opened) throw new Error(`not a decision: ${opened.fault}`);
  return opened.claims as DecisionClaims;
}

function op(
  tenantId: string,
  activity: GovernedOperation['activity'],
  fields: Partial<GovernedOperation> = {},
  leg: Partial<GovernedOperation['legs'][number]> = {},
): GovernedOperation {
  return {
    activity,
    operationId: uuidv7(),
    tenantId,
    legs: [{ userId: 'u1', walletId: `w-${tenantId}`, assetId: 'eth', amount: '0', ...leg }],
    ...fields,
  };
}

async function evaluate(
  caller: AuthContext,
  operation: GovernedOperation,
): Promise<PolicyDecision> {
  const [decision] = await h.evaluation.evaluate(caller, [operation]);
  if (!decision) throw new Error('no decision');
  return decision;
}

/** A withdrawal's transaction intent: ETH to the recipient, nonce 3, 21,000 gas at most 50 wei. */
function ethTransfer(fields: Partial<Extract<SignIntent, { kind: 'evm-transfer' }>> = {}) {
  return {
    kind: 'evm-transfer' as const,
    chainId: '1',
    from: FROM,
    to: RECIPIENT,
    value: parseUnits('1.5', 18).toString(),
    dataHash: EMPTY,
    nonce: 3,
    maxFeePerGas: '50',
    gasLimit: '21000',
    assetId: 'eth',
    amount: '1.5',
    recipient: RECIPIENT,
    ...fields,
  };
}

const walletLedger = (operationId: string, owner: string, intent: SignIntent) =>
  h.authorize.run('wallet-ledger', undefined, { operationId, owner, intent });
const refused = { status: 403, code: 'decision_refused' };

describe('a signature allowed at once', () => {
  it('comes with its signed decision, for exactly its intent, valid for minutes', async () => {
    const intent: SignIntent = { kind: 'evm-message', digest: evmMessageDigest('hello') };
    const operation = op('sa', 'sign-message', { intent });
    const decision = await evaluate(clientOf('sa', 1), operation);
    expect(decision.decision).toBe('allow');
    const claims = await claimsOf(decision.decision === 'allow' ? decision.signed : undefined);
    expect(claims).toMatchObject({
      tenantId: 'sa',
      activity: 'sign-message',
      owner: 'w-sa',
      operationId: operation.operationId,
      intent,
      approval: null,
    });
    expect(claims.expiresAt - claims.issuedAt).toBe(DECISION_TTL_MS);
    // Nothing is kept to decide it again: a later request for it is refused.
    await expect(walletLedger(operation.operationId, 'w-sa', intent)).rejects.toMatchObject(
      refused,
    );
  });
});

describe("a withdrawal's transaction", () => {
  async function admitted(tenantId: string, assetId = 'eth', amount = '1.5') {
    const operation = op(tenantId, 'withdrawal', {}, { assetId, amount, destination: RECIPIENT });
    expect((await evaluate(clientOf(tenantId, 1), operation)).decision).toBe('allow');
    return operation.operationId;
  }

  it('is decided for the transaction that pays exactly the admitted withdrawal', async () => {
    const id = await admitted('wa');
    const claims = await claimsOf((await walletLedger(id, 'w-wa', ethTransfer())).decision);
    expect(claims).toMatchObject({ activity: 'withdrawal', owner: 'w-wa', tenantId: 'wa' });
    expect(claims.intent).toEqual(ethTransfer());
  });

  it.each([
    ['another recipient', { recipient: FROM, to: FROM }],
    ['another amount', { amount: '1.6', value: parseUnits('1.6', 18).toString() }],
    ['a value other than the amount', { value: '1' }],
    ['call data on a coin payment', { dataHash: dataHash('0x1234') }],
    ['another asset', { assetId: 'usdc' }],
    ['a gas top-up for a coin payment', { topUp: { maxValue: '1' } }],
  ])('is refused for %s, and nothing is bound', async (_name, fields) => {
    const id = await admitted('wb');
    await expect(walletLedger(id, 'w-wb', ethTransfer(fields))).rejects.toMatchObject(refused);
    // Refused, it bound nothing: the withdrawal's own transaction is still decided.
    await walletLedger(id, 'w-wb', ethTransfer({ nonce: 9 }));
  });

  it('is refused for another key, or an operation never admitted or released', async () => {
    const id = await admitted('wc');
    await expect(walletLedger(id, 'w-other', ethTransfer())).rejects.toMatchObject(refused);
    await expect(walletLedger(uuidv7(), 'w-wc', ethTransfer())).rejects.toMatchObject(refused);
    const released = await admitted('wc');
    await h.release.release(callOf('wallet-ledger'), [released]);
    await expect(walletLedger(released, 'w-wc', ethTransfer())).rejects.toMatchObject(refused);
  });

  it('keeps the nonce of its first decision, and never a higher fee cap', async () => {
    const id = await admitted('wd');
    await walletLedger(id, 'w-wd', ethTransfer());
    // A replacement (a lower cap, the same nonce) is decided again; another nonce never is.
    await walletLedger(id, 'w-wd', ethTransfer({ maxFeePerGas: '40' }));
    await expect(walletLedger(id, 'w-wd', ethTransfer({ nonce: 4 }))).rejects.toMatchObject(
      refused,
    );
    await expect(
      walletLedger(id, 'w-wd', ethTransfer({ maxFeePerGas: '51' })),
    ).rejects.toMatchObject(refused);
    await expect(walletLedger(id, 'w-wd', ethTransfer({ chainId: '5' }))).rejects.toMatchObject(
      refused,
    );
  });

  describe('of a token', () => {
    const units = parseUnits('2.5', 6);
    const usdc = (fields: Partial<Extract<SignIntent, { kind: 'evm-transfer' }>> = {}) =>
      ethTransfer({
        assetId: 'usdc',
        amount: '2.5',
        to: USDC_CONTRACT,
        value: '0',
        dataHash: dataHash(erc20TransferData(RECIPIENT, units)),
        gasLimit: '65000',
        topUp: { maxValue: (65_000n * 50n).toString() },
        ...fields,
      });

    it("is its contract's transfer, with a gas top-up no larger than its fee", async () => {
      const id = await admitted('wt', 'usdc', '2.5');
      const claims = await claimsOf((await walletLedger(id, 'w-wt', usdc())).decision);
      expect(claims.intent).toEqual(usdc());
      for (const fields of [
        { topUp: { maxValue: (65_000n * 50n + 1n).toString() } },
        { dataHash: dataHash(erc20TransferData(FROM, units)) },
        { value: '1' },
        // On the catalog's chain, the catalog's contract only.
        { to: '0x000000000000000000000000000000000000dEaD' },
      ])
        await expect(walletLedger(id, 'w-wt', usdc(fields))).rejects.toMatchObject(refused);
    });

    it("takes a local chain's own contract (the catalog names the mainnet one)", async () => {
      const id = await admitted('wu', 'usdc', '2.5');
      const local = usdc({ chainId: '31337', to: '0x5FbDB2315678afecb367f032d93F642f64180aa3' });
      expect((await claimsOf((await walletLedger(id, 'w-wu', local)).decision)).intent).toEqual(
        local,
      );
    });
  });
});

describe('a signature held for approval', () => {
  it('is decided only once approved, for the payload held, with its votes', async () => {
    await h.policies.create(clientOf('ha', 4), {
      name: 'every message',
      activity: 'sign-message',
      action: 'require_approval',
      approvers: { quorum: 1 },
      rule: { kind: 'always' },
    });
    const intent: SignIntent = { kind: 'evm-message', digest: evmMessageDigest('held') };
    const operation = op('ha', 'sign-message', { intent });
    const decision = await evaluate(clientOf('ha', 1), operation);
    if (decision.decision !== 'require_approval') throw new Error('not held');
    await expect(walletLedger(operation.operationId, 'w-ha', intent)).rejects.toMatchObject(
      refused,
    );
    await h.decide.decide(clientOf('ha', 2), decision.approvalId, { decision: 'approve' });
    const other: SignIntent = { kind: 'evm-message', digest: evmMessageDigest('not held') };
    await expect(walletLedger(operation.operationId, 'w-ha', other)).rejects.toMatchObject(refused);
    const claims = await claimsOf(
      (await walletLedger(operation.operationId, 'w-ha', intent)).decision,
    );
    expect(claims).toMatchObject({
      intent,
      approval: {
        id: decision.approvalId,
        quorum: 1,
        decisions: [{ clientId: 'ha-c2', decision: 'approve', signature: null }],
      },
    });
  });
});

describe("an issuer's signature", () => {
  const issuer = (id: string, tenantId = 'ia'): AuthContext => ({
    clientId: `issuer:${id}`,
    tenantId,
    audience: 'issuer',
    issuer: { id, version: 1 },
  });
  const typed: SignIntent = { kind: 'evm-typed-data', digest: evmMessageDigest('typed') };
  /** A REQUEST activity of the issuer: its leg names the issuer and the issue. */
  const activity = (issuerId: string): GovernedOperation => ({
    activity: 'issuer-activity',
    operationId: uuidv7(),
    tenantId: 'ia',
    legs: [{ userId: issuerId, walletId: 'issue-1', assetId: 'unknown', amount: '0' }],
    intent: typed,
  });
  const issuerAsks = (operationId: string, auth?: AuthContext, owner = issuerKeyOwner('i3')) =>
    h.authorize.run('issuer', auth, { operationId, owner, intent: typed });

  it("is evaluated for the issuer service, in its token's name, with its own key only", async () => {
    const allowed = activity('i1');
    const [decision] = await h.evaluation.ask('issuer', issuer('i1'), [allowed]);
    if (decision?.decision !== 'allow') throw new Error('not allowed');
    expect(await claimsOf(decision.signed)).toMatchObject({
      activity: 'issuer-activity',
      owner: issuerKeyOwner('i1'),
      tenantId: 'ia',
      intent: typed,
    });
    // Another issuer's, in another tenant, asked by another service or in a v1 caller's name,
    // or a wallet's operation asked by the issuer service: no decision.
    for (const [app, auth, operation] of [
      ['issuer', issuer('i2'), activity('i1')],
      ['issuer', issuer('i1', 'ib'), activity('i1')],
      ['wallet-ledger', clientOf('ia', 1), activity('i1')],
      ['trading', clientOf('ia', 1), activity('i1')],
      ['issuer', clientOf('ia', 1), activity('i1')],
      ['issuer', issuer('i1'), op('ia', 'sign-typed-data', { intent: typed })],
      [undefined, issuer('i1'), activity('i1')],
    ] as const)
      await expect(h.evaluation.ask(app, auth, [operation])).rejects.toMatchObject({
        status: 403,
        code: 'caller_not_allowed',
      });
    // Allowed at once, it was not admitted: there is no later decision for it.
    await expect(
      issuerAsks(allowed.operationId, undefined, issuerKeyOwner('i1')),
    ).rejects.toMatchObject(refused);
  });

  it("held, is decided on its quorum in the issuer service's own name only", async () => {
    await h.policy('ia', {
      activity: 'issuer-activity',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
      filters: { userIds: ['i3'] },
    });
    const held = activity('i3');
    const approvalId = approvalOf((await h.evaluation.ask('issuer', issuer('i3'), [held]))[0]);
    await expect(issuerAsks(held.operationId)).rejects.toMatchObject(refused);
    await h.decide.decide(clientOf('ia', 1), approvalId, { decision: 'approve' });
    // In a caller's context, for another key, or by wallet-ledger: refused.
    await expect(issuerAsks(held.operationId, issuer('i3'))).rejects.toMatchObject(refused);
    await expect(
      issuerAsks(held.operationId, undefined, issuerKeyOwner('i1')),
    ).rejects.toMatchObject(refused);
    await expect(
      h.authorize.run('wallet-ledger', undefined, {
        operationId: held.operationId,
        owner: issuerKeyOwner('i3'),
        intent: typed,
      }),
    ).rejects.toMatchObject(refused);
    expect(await claimsOf((await issuerAsks(held.operationId)).decision)).toMatchObject({
      activity: 'issuer-activity',
      owner: issuerKeyOwner('i3'),
      tenantId: 'ia',
      intent: typed,
      approval: { id: approvalId, quorum: 1 },
    });
  });
});

import { parseUnits } from 'ethers';
import { v7 as uuidv7 } from 'uuid';
import {
  type GovernedOperation,
  MAX_EVALUATED_OPERATIONS,
  RPC_REFUSED_EVENT,
  type RpcRefusalRecord,
  type SignIntent,
} from '@custody/contracts';
import { dataHash, evmMessageDigest } from '@custody/intents';
import { waitFor } from '@custody/testing';
import {
  approvalOf,
  callOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  withdrawal,
} from '../test-harness';

// Releasing operations wallet-ledger did not create, against a real PostgreSQL: their approvals
// end `cancelled` with the event, their velocity counts are freed, and nothing more is decided.

let h: PolicyHarness;

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const walletLedger = () => callOf('wallet-ledger');

describe('released operations', () => {
  it('end `cancelled` when the operation is released, with the event, and take no decision after', async () => {
    await h.policy('dc', { rule: { kind: 'always' } });
    const op = withdrawal('dc', '1');
    const id = approvalOf((await h.evaluation.evaluate(clientOf('dc', 1), [op]))[0]);
    expect(await h.release.release(walletLedger(), [op.operationId, 'not-a-uuid'])).toEqual({
      released: 0,
    });
    expect((await h.approvals.get(clientOf('dc', 1), id)).status).toBe('cancelled');
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'cancelled'],
    ]);
    await expect(
      h.decide.decide(clientOf('dc', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });
  });

  it('free their velocity counts once; a second release frees nothing', async () => {
    await h.policy('rv', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const op = withdrawal('rv', '0.6');
    expect(await h.evaluation.evaluate(clientOf('rv', 1), [op])).toEqual([{ decision: 'allow' }]);
    expect(await h.release.release(walletLedger(), [op.operationId])).toEqual({ released: 1 });
    expect(await h.release.release(walletLedger(), [op.operationId])).toEqual({ released: 0 });
    expect(await h.usage('rv')).toEqual([{ op: op.operationId, amount: '0.6', released: true }]);
  });

  it('refuse more operations at once than an evaluation takes, releasing none', async () => {
    await h.policy('rm', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const op = withdrawal('rm', '0.5');
    await h.evaluation.evaluate(clientOf('rm', 1), [op]);
    const many = [op.operationId, ...Array.from({ length: MAX_EVALUATED_OPERATIONS }, () => 'x')];
    await expect(h.release.release(walletLedger(), many)).rejects.toMatchObject({
      status: 400,
      code: 'too_many_operations',
    });
    expect((await h.usage('rm')).map((u) => u.released)).toEqual([false]);
  });
});

// Only the caller's own operations that no signed decision was given for (a compromised app
// holding its broker login and proof key must not end another app's approvals, nor free the
// count of what may have run): any other id refuses the whole call, and the audit log hears it.
describe('a release', () => {
  const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
  const refused = { status: 403, code: 'release_refused' };

  /**
   * Tenant `t` counts every operation (limit 100 ETH a day, 100 messages) and holds none unless
   * `held`.
   */
  async function counted(t: string, held = false) {
    for (const activity of ['withdrawal', 'transfer', 'purchase'] as const)
      await h.policy(t, {
        activity,
        action: 'block',
        approvers: undefined,
        rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '100' },
      });
    await h.policy(t, {
      activity: 'sign-message',
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', maxCount: 100 },
    });
    if (held) await h.policy(t, { rule: { kind: 'always' } });
  }

  /** An operation of `activity`, evaluated: its decision. */
  async function evaluated(
    t: string,
    activity: GovernedOperation['activity'],
    amount = '1',
    intent?: SignIntent,
  ) {
    const op: GovernedOperation = {
      ...{},
      ...withdrawal(t, amount, { destination: RECIPIENT }),
      activity,
      ...(intent ? { intent } : {}),
    };
    const [decision] = await h.evaluation.evaluate(clientOf(t, 1), [op]);
    return { id: op.operationId, decision };
  }

  /** The transaction of a 1.5 ETH withdrawal to RECIPIENT, at nonce 3, paying at most `cap`. */
  const transferOf = (cap: string): SignIntent => ({
    kind: 'evm-transfer',
    chainId: '1',
    from: '0x00000000000000000000000000000000000face7',
    to: RECIPIENT,
    value: parseUnits('1.5', 18).toString(),
    dataHash: dataHash('0x'),
    nonce: 3,
    maxFeePerGas: cap,
    gasLimit: '21000',
    assetId: 'eth',
    amount: '1.5',
    recipient: RECIPIENT,
  });

  const unreleased = async (t: string) =>
    (await h.usage(t)).filter((u) => !u.released).map((u) => u.op);

  /** The refusal identity's audit log hears of, by the request's id. */
  async function reported(requestId: string): Promise<RpcRefusalRecord> {
    return waitFor(
      async () => {
        const { rows } = await h.pool.query<{ data: RpcRefusalRecord }>(
          `SELECT envelope->'data' AS data FROM policy.outbox
            WHERE name = $1 AND envelope->'data'->>'requestId' = $2`,
          [RPC_REFUSED_EVENT, requestId],
        );
        return rows[0]?.data;
      },
      { timeoutMs: 5_000, intervalMs: 20, what: 'the refusal in the outbox' },
    );
  }

  it("of the caller's own operations never authorized frees their counts", async () => {
    await counted('ro');
    const transfer = await evaluated('ro', 'transfer');
    const purchase = await evaluated('ro', 'purchase');
    expect(await h.release.release(walletLedger(), [transfer.id])).toEqual({ released: 1 });
    expect(await h.release.release(callOf('trading'), [purchase.id])).toEqual({ released: 1 });
    expect(await unreleased('ro')).toEqual([]);
  });

  it("of another app's operation is refused whole: its count and its approval stay", async () => {
    await counted('rx', true);
    const held = await evaluated('rx', 'withdrawal');
    const approvalId = approvalOf(held.decision);
    const purchase = await evaluated('rx', 'purchase');
    for (const [app, ids] of [
      ['trading', [held.id]],
      ['issuer', [held.id]],
      ['wallet-ledger', [purchase.id]],
      // The caller's own purchase with wallet-ledger's withdrawal: neither is released.
      ['trading', [purchase.id, held.id]],
    ] as const) {
      const call = callOf(app);
      await expect(h.release.release(call, ids)).rejects.toMatchObject(refused);
      expect(await reported(call.requestId)).toMatchObject({
        service: 'policy',
        method: 'policies.release',
        caller: app,
        reason: 'other_app_operation',
        failed: 'caller',
      });
    }
    expect(await unreleased('rx')).toEqual([held.id, purchase.id]);
    expect((await h.approvals.get(clientOf('rx', 1), approvalId)).status).toBe('pending');
    expect((await h.eventsOf(approvalId)).map((e) => e.name)).toEqual(['approval.is-pending']);
  });

  it('of an operation a decision was signed for is refused, and it still counts', async () => {
    await counted('ra');
    const signed = await evaluated('ra', 'withdrawal', '1.5');
    const fresh = await evaluated('ra', 'withdrawal', '2');
    await h.authorize.run('wallet-ledger', undefined, {
      operationId: signed.id,
      owner: 'w1',
      intent: transferOf('50'),
    });
    // Alone, or with the caller's own operation never authorized: nothing is released.
    for (const ids of [[signed.id], [fresh.id, signed.id]]) {
      const call = walletLedger();
      await expect(h.release.release(call, ids)).rejects.toMatchObject(refused);
      expect(await reported(call.requestId)).toMatchObject({
        caller: 'wallet-ledger',
        reason: 'operation_authorized',
      });
    }
    expect(await unreleased('ra')).toEqual([signed.id, fresh.id]);
    // Its admission stands: the chain sender still gets its decision (a replacement's).
    await expect(
      h.authorize.run('wallet-ledger', undefined, {
        operationId: signed.id,
        owner: 'w1',
        intent: transferOf('40'),
      }),
    ).resolves.toMatchObject({ decision: expect.any(String) });
    expect(await h.release.release(walletLedger(), [fresh.id])).toEqual({ released: 1 });
  });

  /** A message signature of `t`'s, evaluated with its intent. */
  const message = (t: string, text: string) =>
    evaluated(t, 'sign-message', '0', { kind: 'evm-message', digest: evmMessageDigest(text) });

  it('of a signature allowed at once is refused: its decision came signed, it still counts', async () => {
    await counted('rs');
    const signature = await message('rs', 'allowed');
    expect(signature.decision).toMatchObject({ decision: 'allow', signed: expect.any(String) });
    const call = walletLedger();
    await expect(h.release.release(call, [signature.id])).rejects.toMatchObject(refused);
    expect(await reported(call.requestId)).toMatchObject({
      caller: 'wallet-ledger',
      reason: 'operation_authorized',
    });
    expect(await unreleased('rs')).toEqual([signature.id]);
  });

  it('of a held signature frees it until its decision is signed, not after', async () => {
    await counted('rh');
    await h.policy('rh', { activity: 'sign-message', rule: { kind: 'always' } });
    const intent: SignIntent = { kind: 'evm-message', digest: evmMessageDigest('held') };
    const undecided = await message('rh', 'held');
    const signed = await message('rh', 'held');
    // Never decided: its count and its approval go.
    expect(await h.release.release(walletLedger(), [undecided.id])).toEqual({ released: 1 });
    expect((await h.approvals.get(clientOf('rh', 1), approvalOf(undecided.decision))).status).toBe(
      'cancelled',
    );
    // Approved and signed for: it may have run, so it stays counted.
    await h.decide.decide(clientOf('rh', 2), approvalOf(signed.decision), { decision: 'approve' });
    await h.authorize.run('wallet-ledger', undefined, {
      operationId: signed.id,
      owner: 'w1',
      intent,
    });
    const call = walletLedger();
    await expect(h.release.release(call, [signed.id])).rejects.toMatchObject(refused);
    expect(await reported(call.requestId)).toMatchObject({ reason: 'operation_authorized' });
    expect(await unreleased('rh')).toEqual([signed.id]);
  });

  it('again, or of an operation the policy service holds nothing of, is no error', async () => {
    await counted('rr', true);
    const held = await evaluated('rr', 'withdrawal');
    const approvalId = approvalOf(held.decision);
    const call = walletLedger();
    expect(await h.release.release(call, [held.id, uuidv7()])).toEqual({ released: 1 });
    expect(await h.release.release(walletLedger(), [held.id, held.id])).toEqual({ released: 0 });
    expect((await h.approvals.get(clientOf('rr', 1), approvalId)).status).toBe('cancelled');
    expect(await unreleased('rr')).toEqual([]);
  });
});

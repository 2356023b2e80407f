import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import type { ApprovalView } from '@custody/contracts';
import { withTransaction } from '@custody/persistence';
import { ApprovalOutcomesSweep } from '@custody/service-kit';
import { decidedApproval, testLogger } from '@custody/testing';
import { heldPurchases } from './settle-purchase-approval';
import {
  clientA,
  createPurchaseHarness,
  type PurchaseHarness,
  type PurchaseWorld,
  seedPurchaseWorld,
  TENANT_A,
} from './test-harness';

// Purchases under policy (docs/decisions/purchases.md, "Under policy"), against a real
// PostgreSQL, with the policy service and wallet-ledger as stand-ins over real RPC: a purchase is
// decided on with its crypto and fiat amounts before anything is written; a block writes nothing;
// a held purchase books nothing until its approval passes, and its outcome applies once, even
// when it comes before the purchase is committed.

let h: PurchaseHarness;
let w: PurchaseWorld;

beforeAll(async () => {
  h = await createPurchaseHarness();
  w = await seedPurchaseWorld(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** A fresh ETH wallet of Alice's, holding `balance`, and its policy decision. */
function walletDeciding(
  decision: Parameters<PurchaseHarness['decisions']['set']>[1] | undefined,
  balance = '1',
) {
  const id = w.wallet(w.alice, TENANT_A, 'eth', balance);
  if (decision) h.decisions.set(id, decision);
  return id;
}

function outcome(operationId: string, approvalId: string, status: string) {
  return withTransaction(h.db, (tx) =>
    h.held.settleApproval(tx, { operationId, id: approvalId, status }),
  );
}

function buy(walletId: string, amount: string, key?: string) {
  return h.createPurchase.create(
    clientA,
    w.request('eth', 'buy', amount, { walletId }),
    key ? w.key(key) : undefined,
  );
}

/** An approval's outcome as the policy service answers it (what its event carries). */
const decided = (id: string, operationId: string, status: ApprovalView['status']) =>
  decidedApproval({ id, operationId, status, activity: 'purchase', initiator: clientA.clientId });

describe('a purchase under policy', () => {
  it('is decided on with its crypto amount and its fiat value as quoted', async () => {
    const wallet = walletDeciding(undefined);
    const { id } = await buy(wallet, '100');
    expect(h.evaluated.find((op) => op.operationId === id)).toEqual({
      activity: 'purchase',
      operationId: id,
      tenantId: TENANT_A,
      legs: [
        {
          userId: w.alice,
          walletId: wallet,
          assetId: 'eth',
          amount: '0.039392121575684863',
          fiatAmount: '100',
        },
      ],
    });
    expect(h.booked.get(id)).toBe('0.039392121575684863');
  });

  it('refused by a policy, writes and books nothing: 403 policy_blocked with its ids', async () => {
    const wallet = walletDeciding({ decision: 'block', policyIds: ['p-1'] });
    const before = await w.traces();
    await expect(buy(wallet, '100')).rejects.toMatchObject({
      status: 403,
      code: 'policy_blocked',
      details: { policyIds: ['p-1'] },
    });
    expect(await w.traces()).toEqual(before);
  });

  it('held, books nothing until its approval passes, then settles once at its quote', async () => {
    const approvalId = uuidv7();
    const wallet = walletDeciding({ decision: 'require_approval', policyIds: ['p-2'], approvalId });
    const created = await buy(wallet, '100', 'held-once');
    expect(created).toEqual({ id: expect.any(String), status: 'pending_approval', approvalId });
    const { id } = created;
    expect(await w.viewOf(wallet, id)).toMatchObject({ status: 'pending_approval', approvalId });
    expect(h.booked.has(id)).toBe(false);
    // A retry is answered as the first request was, and asks no policy again.
    const asked = h.evaluated.length;
    expect(await buy(wallet, '100', 'held-once')).toEqual(created);
    expect(h.evaluated).toHaveLength(asked);
    // Approved (and the outcome redelivered): booked once, with its event.
    await outcome(id, approvalId, 'approved');
    await outcome(id, approvalId, 'approved');
    expect(h.booked.get(id)).toBe('0.039392121575684863');
    expect(h.settleCalls.filter((c) => c.purchaseId === id)).toHaveLength(1);
    const view = await w.viewOf(wallet, id);
    expect(view).toMatchObject({
      status: 'approved',
      approvalId,
      purchased: '0.039392121575684863',
    });
    expect((await h.events()).filter((e) => e.data['id'] === id)).toEqual([
      { name: 'purchase.is-created', tenantId: TENANT_A, data: view },
    ]);
    expect(await buy(wallet, '100', 'held-once')).toEqual({ id, status: 'approved', approvalId });
  });

  it('held, its outcome lost on the way, is settled once by the sweep of waiting approvals', async () => {
    const sweep = new ApprovalOutcomesSweep({
      db: h.db,
      rpc: h.rpc,
      logger: testLogger(),
      held: heldPurchases(h.held),
    });
    const approved = uuidv7();
    const wallet = walletDeciding({
      decision: 'require_approval',
      policyIds: ['p'],
      approvalId: approved,
    });
    const { id } = await buy(wallet, '100', 'held-swept');
    const undecided = uuidv7();
    const other = walletDeciding({
      decision: 'require_approval',
      policyIds: ['p'],
      approvalId: undecided,
    });
    const { id: waiting } = await buy(other, '100', 'held-undecided');
    // Not decided yet: the sweep applies nothing.
    expect(await sweep.sweep()).toBe(0);
    // Decided, its approval.is-decided never came: the sweep reads it and settles it once.
    h.outcomes.set(approved, decided(approved, id, 'approved'));
    expect(await sweep.sweep()).toBe(1);
    expect(await w.viewOf(wallet, id)).toMatchObject({ status: 'approved' });
    expect(h.settleCalls.filter((c) => c.purchaseId === id)).toHaveLength(1);
    // No longer waiting: the next sweep asks nothing of it, and the late event changes nothing.
    expect(await sweep.sweep()).toBe(0);
    await outcome(id, approved, 'approved');
    expect(h.settleCalls.filter((c) => c.purchaseId === id)).toHaveLength(1);
    expect(await w.viewOf(other, waiting)).toMatchObject({ status: 'pending_approval' });
  });

  it('held and then rejected or expired, ends rejected with nothing booked', async () => {
    for (const status of ['rejected', 'expired'] as const) {
      const approvalId = uuidv7();
      const wallet = walletDeciding({ decision: 'require_approval', policyIds: ['p'], approvalId });
      const { id } = await buy(wallet, '50', `held-${status}`);
      await outcome(id, approvalId, status);
      // An outcome of another approval, or a second one, changes nothing.
      await outcome(id, uuidv7(), 'approved');
      await outcome(id, approvalId, 'approved');
      expect(await w.viewOf(wallet, id)).toMatchObject({
        status: 'rejected',
        approvalId,
        failure: { code: `approval_${status}` },
      });
      expect(h.settleCalls.some((c) => c.purchaseId === id)).toBe(false);
      expect((await h.events()).filter((e) => e.data['id'] === id)).toEqual([]);
      expect(await buy(wallet, '50', `held-${status}`)).toEqual({
        id,
        status: 'rejected',
        approvalId,
      });
    }
  });

  it('applies an outcome that came before the purchase was recorded', async () => {
    const approvalId = uuidv7();
    // The approval was decided between the policy service's commit and trading's.
    await outcome(uuidv7(), approvalId, 'approved');
    const wallet = walletDeciding({ decision: 'require_approval', policyIds: ['p'], approvalId });
    const { id } = await buy(wallet, '10');
    expect(await w.viewOf(wallet, id)).toMatchObject({ status: 'approved', approvalId });
    expect(h.booked.has(id)).toBe(true);
    const rejectedFirst = uuidv7();
    await outcome(uuidv7(), rejectedFirst, 'rejected');
    const other = walletDeciding({
      decision: 'require_approval',
      policyIds: ['p'],
      approvalId: rejectedFirst,
    });
    const refused = await buy(other, '10');
    expect(refused).toEqual({ id: refused.id, status: 'rejected', approvalId: rejectedFirst });
    expect(h.booked.has(refused.id)).toBe(false);
  });

  it('approved but refused by the ledger, ends rejected with its refusal and is released', async () => {
    const approvalId = uuidv7();
    const wallet = walletDeciding({ decision: 'require_approval', policyIds: ['p'], approvalId });
    const { id } = await buy(wallet, '10');
    h.ledgerFailures.set(wallet, [
      Errors.conflict('The house may not owe more of this asset.', 'treasury_insufficient'),
    ]);
    await outcome(id, approvalId, 'approved');
    expect(await w.viewOf(wallet, id)).toMatchObject({
      status: 'rejected',
      failure: { code: 'treasury_insufficient' },
    });
    expect(h.booked.has(id)).toBe(false);
    expect(h.released).toContain(id);
  });

  it('approved while the ledger cannot answer, is left pending for the recovery to settle', async () => {
    const approvalId = uuidv7();
    const wallet = walletDeciding({ decision: 'require_approval', policyIds: ['p'], approvalId });
    const { id } = await buy(wallet, '10');
    h.ledgerFailures.set(wallet, [Errors.unavailable('The ledger is restarting.')]);
    await outcome(id, approvalId, 'approved');
    expect((await w.viewOf(wallet, id)).status).toBe('pending');
    await h.recovery.recoverPending(0);
    expect(await w.viewOf(wallet, id)).toMatchObject({ status: 'approved', approvalId });
    expect(h.booked.has(id)).toBe(true);
  });

  it('releases the decision of a twin that lost the insert under its key', async () => {
    const wallet = walletDeciding(undefined);
    const asked = w.request('eth', 'buy', '5', { walletId: wallet });
    const [one, two] = await Promise.all([
      h.createPurchase.create(clientA, asked, w.key('twin-release')),
      h.createPurchase.create(clientA, asked, w.key('twin-release')),
    ]);
    expect(two).toEqual(one);
    const decided = h.evaluated.filter((op) => op.legs[0]?.walletId === wallet);
    expect(decided).toHaveLength(2);
    const loser = decided.find((op) => op.operationId !== one.id);
    expect(h.released).toContain(loser?.operationId);
  });
});

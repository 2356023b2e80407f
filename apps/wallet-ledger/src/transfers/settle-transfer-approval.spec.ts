import { v7 as uuidv7 } from 'uuid';
import {
  type GovernedOperation,
  LEDGER_RPC,
  type TransferView,
  WALLET_RPC,
} from '@custody/contracts';
import { add } from '@custody/money';
import { withTransaction } from '@custody/persistence';
import {
  admin,
  blockThirteen,
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  TENANT,
  type WalletRef,
} from '../test-harness';
import { applyBlock } from '../users/user-events';
import { SettleTransferApproval } from './settle-transfer-approval';

// An approval's outcome for the transfer it held, against a real PostgreSQL (the transfer held
// through wallet-ledger's RPC, the outcome settled as its `approval.is-decided` event would, in a
// transaction of its own): approved, booked once; otherwise its holds released.

let h: LedgerHarness;
let settle: SettleTransferApproval;
let bob: WalletRef;
/** The approval the policy stand-in made for each operation it held. */
const approvals = new Map<string, string>();
/** The approval the next held operation gets (a new one when unset). */
let nextApproval: string | undefined;

/** A leg of exactly 0.7 is what the policies hold. */
function holdSevenTenths(operation: GovernedOperation) {
  if (!operation.legs.some((l) => l.amount === '0.7')) return blockThirteen(operation);
  const approvalId = nextApproval ?? uuidv7();
  nextApproval = undefined;
  approvals.set(operation.operationId, approvalId);
  return { decision: 'require_approval' as const, policyIds: ['p-hold'], approvalId };
}

const wallet = (ref: WalletRef) => h.call(WALLET_RPC.getWallet, ref, client);
const transferOf = (id: string) => h.call(LEDGER_RPC.getTransfer, { id }, client);

/** A funded sender's transfer of 0.7 to Bob, held. */
async function held(): Promise<{ sender: WalletRef; transfer: TransferView }> {
  const sender = await h.newWallet();
  await h.fund(sender.walletId, '1');
  const transfer = await h.call(
    LEDGER_RPC.createTransfer,
    { requestedTransactions: [leg(sender, bob, '0.7')] },
    client,
  );
  expect(transfer.status).toBe('pending_approval');
  return { sender, transfer };
}

/** Its approval ends `status`, as the policy service's event says. */
async function decided(transfer: TransferView, status: string, approvalId = transfer.approvalId!) {
  await withTransaction(h.service.deps.db, (tx) =>
    settle.settleApproval(tx, { operationId: transfer.id, id: approvalId, status }),
  );
}

async function eventsOf(id: string): Promise<string[]> {
  const { rows } = await h.service.deps.pool.query<{ name: string }>(
    `SELECT name FROM ledger.outbox WHERE envelope->'data'->>'id' = $1 ORDER BY seq`,
    [id],
  );
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  h = await createLedgerHarness();
  h.policy.decide = holdSevenTenths;
  settle = new SettleTransferApproval(h.catalog);
  bob = await h.newWallet();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe("a held transfer's approval", () => {
  it('approved, books the transfer from the hold, once, with its event', async () => {
    const bobBefore = (await wallet(bob)).balance;
    const { sender, transfer } = await held();
    await decided(transfer, 'approved');
    expect(await transferOf(transfer.id)).toMatchObject({
      status: 'approved',
      transactions: [{ amount: '0.7' }],
    });
    expect(await wallet(sender)).toMatchObject({ balance: '0.3', availableBalance: '0.3' });
    expect((await wallet(bob)).balance).toBe(add(bobBefore, '0.7'));
    // A redelivered outcome finds the transfer settled: nothing moves twice.
    const bobAfter = await wallet(bob);
    await decided(transfer, 'approved');
    expect(await wallet(bob)).toEqual(bobAfter);
    expect(await eventsOf(transfer.id)).toEqual(['transfer.is-created', 'transfer.is-updated']);
    expect(await h.call(LEDGER_RPC.checkLedger, {}, admin)).toMatchObject({ ok: true });
  });

  it.each(['rejected', 'expired', 'cancelled'])(
    '%s, releases its hold and ends it rejected, saying why',
    async (status) => {
      const { sender, transfer } = await held();
      await decided(transfer, status);
      expect(await transferOf(transfer.id)).toMatchObject({
        status: 'rejected',
        failureReason: `approval_${status}`,
      });
      expect(await wallet(sender)).toMatchObject({ balance: '1', availableBalance: '1' });
      expect(await eventsOf(transfer.id)).toEqual(['transfer.is-created', 'transfer.is-updated']);
    },
  );

  it('approved after its sender was blocked, releases its hold and ends it failed', async () => {
    const { sender, transfer } = await held();
    // The block identity applies (wallet-ledger.rpc.ts, applyUserRef).
    await applyBlock(h.service.deps.db, h.users.get(sender.userId)!, TENANT);
    await decided(transfer, 'approved');
    expect(await transferOf(transfer.id)).toMatchObject({
      status: 'failed',
      failureReason: 'user_blocked',
    });
    expect(await wallet(sender)).toMatchObject({ balance: '1', availableBalance: '1' });
  });

  it('settles nothing of another approval than the one holding the transfer', async () => {
    const { sender, transfer } = await held();
    await decided(transfer, 'approved', uuidv7());
    expect((await transferOf(transfer.id)).status).toBe('pending_approval');
    expect(await wallet(sender)).toMatchObject({ balance: '1', availableBalance: '0.3' });
  });

  it('that came before its transfer was recorded, is applied as the transfer is created', async () => {
    const approvalId = uuidv7();
    await withTransaction(h.service.deps.db, (tx) =>
      settle.settleApproval(tx, { operationId: uuidv7(), id: approvalId, status: 'rejected' }),
    );
    nextApproval = approvalId;
    const sender = await h.newWallet();
    await h.fund(sender.walletId, '1');
    const transfer = await h.call(
      LEDGER_RPC.createTransfer,
      { requestedTransactions: [leg(sender, bob, '0.7')] },
      client,
    );
    expect(transfer).toMatchObject({
      approvalId,
      status: 'rejected',
      failureReason: 'approval_rejected',
    });
    expect(await wallet(sender)).toMatchObject({ balance: '1', availableBalance: '1' });
  });
});

import { v7 as uuidv7 } from 'uuid';
import { type GovernedOperation, LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import {
  blockThirteen,
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  type WalletRef,
} from '../test-harness';

// Transfers a policy holds, through wallet-ledger's RPC against a real PostgreSQL: recorded
// `pending_approval` with a hold on each sender's wallet (available drops, balance stays) and
// `transfer.is-created`, once per Idempotency-Key; refused whole when a leg is not covered.

let h: LedgerHarness;
let alice: WalletRef;
let bob: WalletRef;
/** The approval the policy stand-in made for each operation it held. */
const approvals = new Map<string, string>();

/** A leg of exactly 0.7 is what the policies hold. */
function holdSevenTenths(operation: GovernedOperation) {
  if (!operation.legs.some((l) => l.amount === '0.7')) return blockThirteen(operation);
  const approvalId = uuidv7();
  approvals.set(operation.operationId, approvalId);
  return { decision: 'require_approval' as const, policyIds: ['p-hold'], approvalId };
}

const wallet = (ref: WalletRef) => h.call(WALLET_RPC.getWallet, ref, client);

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
  alice = await h.newWallet();
  bob = await h.newWallet();
  await h.fund(alice.walletId, '1');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a held transfer', () => {
  it('is recorded pending its approval, holding the amount on the sender: available drops, balance stays', async () => {
    const transfer = await h.call(
      LEDGER_RPC.createTransfer,
      { requestedTransactions: [leg(alice, bob, '0.7')], externalReference: 'held-1' },
      client,
    );
    expect(transfer).toMatchObject({
      status: 'pending_approval',
      approvalId: approvals.get(transfer.id),
      externalReference: 'held-1',
      transactions: [{ status: 'pending_approval', amount: '0.7' }],
    });
    expect(await wallet(alice)).toMatchObject({ balance: '1', availableBalance: '0.3' });
    expect(await wallet(bob)).toMatchObject({ balance: '0', availableBalance: '0' });
    expect(await h.call(LEDGER_RPC.getTransfer, { id: transfer.id }, client)).toEqual(transfer);
    expect(await eventsOf(transfer.id)).toEqual(['transfer.is-created']);
  });

  it('answers a retried Idempotency-Key with the first held transfer, holding once', async () => {
    const payer = await h.newWallet();
    await h.fund(payer.walletId, '1');
    const key = uuidv7();
    const request = { requestedTransactions: [leg(payer, bob, '0.7')] };
    const first = await h.call(LEDGER_RPC.createTransfer, request, client, key);
    const again = await h.call(LEDGER_RPC.createTransfer, request, client, key);
    expect(again).toEqual(first);
    expect(await wallet(payer)).toMatchObject({ balance: '1', availableBalance: '0.3' });
  });

  it('is refused whole when a leg is not covered, holding nothing, and its operation released', async () => {
    const payer = await h.newWallet();
    await h.fund(payer.walletId, '1');
    await expect(
      h.call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(payer, bob, '0.7'), leg(payer, bob, '0.7')] },
        client,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'insufficient_balance' });
    expect(await wallet(payer)).toMatchObject({ balance: '1', availableBalance: '1' });
    const [held] = [...approvals.keys()].slice(-1);
    expect(h.policy.released).toContain(held);
  });
});

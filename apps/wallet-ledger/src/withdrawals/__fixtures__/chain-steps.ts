import { v7 as uuidv7 } from 'uuid';
import { LEDGER_RPC, WALLET_RPC } from '@custody/contracts';
import type { Database } from '@custody/persistence';
import { takeNonce } from '../../chain/nonces';
import { client, type LedgerHarness, type WalletRef } from '../../test-harness';
import type { SignedAttempt } from '../chain-adapter';
import { MoveWithdrawal } from '../move-withdrawal';
import { RecordReplacement } from '../record-replacement';
import { type SendPlan, SendWithdrawal } from '../send-withdrawal';
import { SettleSentWithdrawal } from '../settle-sent-withdrawal';
import { WithdrawalsService } from '../withdrawals.service';

// The withdrawals module's use-cases as the chain adapter calls them, against the harness's
// database, with what the adapter would have learned from the node made up here: no node runs.

export const NETWORK = 'ethereum';
export const RECEIVER = '0x000000000000000000000000000000000000dEaD';
/** 21,000 gas at 30 gwei: the most a native transfer's fee can be at the plan's fees. */
export const FEE_RESERVE = '0.00063';

export interface ChainSteps {
  db: Database;
  reads: WithdrawalsService;
  send: SendWithdrawal;
  settle: SettleSentWithdrawal;
  replacements: RecordReplacement;
}

export function chainSteps(h: LedgerHarness): ChainSteps {
  const db = h.service.deps.db;
  const moves = new MoveWithdrawal(h.catalog);
  return {
    db,
    reads: new WithdrawalsService(db, h.catalog, moves),
    send: new SendWithdrawal(db, moves),
    settle: new SettleSentWithdrawal(db, moves),
    replacements: new RecordReplacement(db, moves),
  };
}

export interface Prepared {
  owner: WalletRef;
  id: string;
  /** The wallet's address: the withdrawal's sending address. */
  address: string;
}

/** A new wallet of `assetId` funded with `funds`, and a `prepared` withdrawal of `amount`. */
export async function preparedWithdrawal(
  h: LedgerHarness,
  { amount = '0.1', funds = '1', assetId = 'eth' } = {},
): Promise<Prepared> {
  const userId = h.newUser();
  const owner = { userId, walletId: await h.openWallet(userId, assetId) };
  await h.fund(owner.walletId, funds);
  const { id } = await h.call(
    LEDGER_RPC.createWithdrawal,
    {
      ...owner,
      assetId,
      receiverAddress: RECEIVER,
      amount,
      device: 'test',
      ip: '203.0.113.1',
    },
    client,
  );
  const { address } = await h.call(WALLET_RPC.getWallet, owner, client);
  return { owner, id, address };
}

/** What the adapter plans for a native transfer at 30 gwei: the next nonce of its counter. */
export function nativePlan(address: string, overrides: Partial<SendPlan> = {}): SendPlan {
  return {
    network: NETWORK,
    fromAddress: address,
    gasLimit: '21000',
    maxFeePerGas: '30000000000',
    maxPriorityFeePerGas: '1000000000',
    feeCap: '500000000000',
    feeReserve: FEE_RESERVE,
    walletPaysFee: true,
    takeNonce: (tx) => takeNonce(tx, NETWORK, address, { latest: 0, pending: 0 }),
    ...overrides,
  };
}

/** A transaction signed at `nonce`: a stand-in (the module stores it, never parses it). */
export function signedAt(nonce: number, maxFeePerGas = '30000000000'): SignedAttempt {
  const hash = `0x${uuidv7().replace(/-/g, '').padEnd(64, '0')}`;
  return {
    hash,
    rawTx: `0x02${hash.slice(2)}`,
    nonce,
    gasLimit: '21000',
    maxFeePerGas,
    maxPriorityFeePerGas: '1000000000',
  };
}

/**
 * A withdrawal of `amount` taken through the sender's steps to `broadcast` at nonce 0 of its
 * address (its fee reserve held), with the first transaction it was sent as.
 */
export async function broadcastWithdrawal(
  h: LedgerHarness,
  steps: ChainSteps,
  options: { amount?: string; funds?: string } = {},
): Promise<Prepared & { first: SignedAttempt }> {
  const prepared = await preparedWithdrawal(h, options);
  const reserved = await steps.send.reserve(prepared.id, nativePlan(prepared.address));
  if (reserved.outcome !== 'reserved') throw new Error(`not reserved: ${reserved.outcome}`);
  const first = signedAt(0);
  await steps.send.storeSigned(reserved.row, first);
  await steps.send.markBroadcast(prepared.id, first.hash);
  return { ...prepared, first };
}

/** The events written for a withdrawal, in order: name and payload. */
export async function eventsOf(
  h: LedgerHarness,
  id: string,
): Promise<{ name: string; data: Record<string, unknown> }[]> {
  const { rows } = await h.service.deps.pool.query<{
    name: string;
    data: Record<string, unknown>;
  }>(
    `SELECT name, envelope->'data' AS data FROM ledger.outbox
      WHERE envelope->'data'->>'id' = $1 ORDER BY seq`,
    [id],
  );
  return rows;
}

import { createHash } from 'node:crypto';
import type {
  ReconciliationAssetView,
  ReconciliationDeltaView,
  ReconciliationEventData,
} from '@custody/contracts';
import { RECONCILIATION_EVENT_MAX_DELTAS } from '@custody/contracts';
import { add, canonical, isZero, sub, sum } from '@custody/money';

// The comparison of the books with the chain (docs/decisions/reconciliation.md), with no I/O:
// what each custody address should hold at the run's block, and what differs.

/** A custody address as the ledger has it in the run's snapshot. */
export interface CustodyAddress {
  walletId: string;
  assetId: string;
  address: string;
  /** The wallet's balance (what custody owes its user). */
  liability: string;
  /** The sum of its deposit and withdrawal postings: what the chain movements left there. */
  booked: string;
}

/** A deposit the ledger has pending, at its block (null: reported by hand, not seen on chain). */
export interface PendingDeposit {
  walletId: string;
  amount: string;
  blockNumber: number | null;
}

/** What a custody transaction the chain mined by the run's block took from its wallet's address. */
export interface MinedOutflow {
  walletId: string;
  amount: string;
}

/** A mined transaction as the chain reports it, in the units of the withdrawal's asset. */
export interface MinedTransaction {
  /** The receipt's status: 1 succeeded, 0 reverted (a reverted one still paid its fee). */
  status: number;
  /** Native coin: the value sent, unless sent back to its own address (a cancel). */
  value: string;
  /** Native coin: gas used × effective gas price. */
  fee: string;
  /** ERC-20: the `transfer` amount of a call to the asset's contract (0 for anything else). */
  tokenValue: string;
}

/**
 * What a mined transaction takes from its address in the withdrawal's asset, as the ledger books
 * it once settled: for the native coin the value and the fee (only the fee if it reverted); for
 * a token the amount transferred (nothing if it reverted; its gas is the house's).
 */
export function outflowOf(tx: MinedTransaction, native: boolean): string {
  if (native) return canonical(tx.status === 1 ? add(tx.value, tx.fee) : tx.fee);
  return canonical(tx.status === 1 ? tx.tokenValue : '0');
}

/**
 * What each wallet's address holds on chain by `block` beyond its booked postings: deposits the
 * ledger still has pending at a block up to `block` (+), and transactions mined by `block` whose
 * withdrawals the ledger has not settled yet (−). Exact decimals, per wallet id.
 */
export function inFlightByWallet(
  pending: readonly PendingDeposit[],
  mined: readonly MinedOutflow[],
  block: number,
): Map<string, string> {
  const inFlight = new Map<string, string>();
  const move = (walletId: string, amount: string) =>
    inFlight.set(walletId, add(inFlight.get(walletId) ?? '0', amount));
  for (const deposit of pending)
    if (deposit.blockNumber !== null && deposit.blockNumber <= block)
      move(deposit.walletId, deposit.amount);
  for (const out of mined) move(out.walletId, sub('0', out.amount));
  return inFlight;
}

/** A delta before it is stored (its id, run and time come with the run). */
export type Delta = Omit<ReconciliationDeltaView, 'id' | 'createdAt' | 'runId'>;

export interface Comparison {
  /** The addresses that differ, by asset then address. */
  deltas: Delta[];
  assets: ReconciliationAssetView[];
}

export interface ComparisonInput {
  addresses: readonly CustodyAddress[];
  inFlight: ReadonlyMap<string, string>;
  /** Each address's balance at the run's block, by wallet id. */
  onChain: ReadonlyMap<string, string>;
  /** Each asset's treasury balance. */
  treasury: ReadonlyMap<string, string>;
  /** The house's own coin per asset (the native asset's gas station and token-address gas). */
  house: ReadonlyMap<string, string>;
  /** The assets compared, in order (an asset with no address still has its line). */
  assetIds: readonly string[];
}

/**
 * Each address's balance at the run's block against what its booked movements and the ones in
 * flight leave there: any difference, however small, is a delta (the amounts are exact). The
 * asset lines sum the addresses, with the wallets' liabilities, the treasury and the house's own.
 */
export function compare(input: ComparisonInput): Comparison {
  const deltas: Delta[] = [];
  const rows = [...input.addresses].sort(
    (a, b) => cmp(a.assetId, b.assetId) || cmp(a.address, b.address),
  );
  const perAsset = new Map<string, ReturnType<typeof compareOne>[]>();
  for (const address of rows) {
    const row = compareOne(address, input);
    if (!isZero(row.difference)) deltas.push(row);
    perAsset.set(address.assetId, [...(perAsset.get(address.assetId) ?? []), row]);
  }
  const assets = input.assetIds.map((assetId): ReconciliationAssetView => {
    const of = perAsset.get(assetId) ?? [];
    return {
      assetId,
      addresses: of.length,
      liabilities: sum(of.map((r) => r.liability)),
      treasury: canonical(input.treasury.get(assetId) ?? '0'),
      booked: sum(of.map((r) => r.booked)),
      inFlight: sum(of.map((r) => r.inFlight)),
      onChain: sum(of.map((r) => r.onChain)),
      difference: sum(of.map((r) => r.difference)),
      house: canonical(input.house.get(assetId) ?? '0'),
    };
  });
  return { deltas, assets };
}

function compareOne(address: CustodyAddress, input: ComparisonInput): Delta {
  const inFlight = canonical(input.inFlight.get(address.walletId) ?? '0');
  const onChain = input.onChain.get(address.walletId);
  if (onChain === undefined) throw new Error(`no balance read for wallet ${address.walletId}`);
  const booked = canonical(address.booked);
  return {
    assetId: address.assetId,
    address: address.address,
    walletId: address.walletId,
    booked,
    inFlight,
    onChain: canonical(onChain),
    difference: sub(onChain, add(booked, inFlight)),
    liability: canonical(address.liability),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What names a break: the same addresses off by the same amounts are the same break. */
export function fingerprint(deltas: readonly Pick<Delta, 'assetId' | 'address' | 'difference'>[]) {
  const hash = createHash('sha256');
  for (const d of deltas) hash.update(`${d.assetId}\u0000${d.address}\u0000${d.difference}\n`);
  return hash.digest('hex');
}

/** The last run as the next one compares itself with. */
export interface PreviousRun {
  deltaCount: number;
  fingerprint: string;
}

/**
 * The event a run publishes: `broken` when it finds deltas and the run before found none or
 * another set (new addresses, other amounts); `clean` when it finds none after a broken one;
 * nothing when the state did not change (a break is told once, not every run).
 */
export function eventOf(
  previous: PreviousRun | undefined,
  current: PreviousRun,
): 'broken' | 'clean' | undefined {
  if (current.deltaCount > 0)
    return previous?.fingerprint === current.fingerprint && previous.deltaCount > 0
      ? undefined
      : 'broken';
  return previous && previous.deltaCount > 0 ? 'clean' : undefined;
}

/** An event's payload: the run and its first deltas. */
export function eventData(
  run: { id: string; network: string; blockNumber: number; checkedAt: string },
  deltas: readonly ReconciliationDeltaView[],
): ReconciliationEventData {
  return {
    runId: run.id,
    network: run.network,
    blockNumber: run.blockNumber,
    checkedAt: run.checkedAt,
    deltaCount: deltas.length,
    deltas: deltas.slice(0, RECONCILIATION_EVENT_MAX_DELTAS),
  };
}

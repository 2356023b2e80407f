import { LEDGER_RPC, SIGNATURE_RPC, WALLET_RPC } from '@custody/contracts';
import { erc20TransferData } from '@custody/intents';
import type { BooksBehind } from '../chain/nonces.rules';

/**
 * The rules of a restore, with no I/O (docs/operations/restore-runbook.md): which database this
 * is, what a chain transaction from a custody address is to the restored books, and what may be
 * called while the restore is not done.
 */

/** Who opened a restore: the operator (`restore-prepare`, `restore-accept-database`) or wallet-ledger. */
export type RestoreOrigin = 'command' | 'accepted' | 'detected';

/**
 * Why the gate is closed for an open restore, as readiness (`checks.restore`) and the 503
 * `restore_in_progress` say it: the restore, why wallet-ledger opened it if it did (the books
 * behind the chain), and the step it waits at.
 */
export function restoreReason(
  epoch: { id: string; origin: RestoreOrigin; detected?: readonly BooksBehind[] },
  step?: string,
): string {
  const found = epoch.detected?.[0];
  const why =
    epoch.origin === 'detected' && found
      ? ` opened by wallet-ledger: the books are behind the chain (${found.address} on ` +
        `${found.network} has ${found.chain} transaction(s), the books assigned ${found.assigned} ` +
        `nonce(s)): the database went back in time (a snapshot restored in place?) and a ` +
        `withdrawal it thinks unsent may be paid already`
      : '';
  return `restore ${epoch.id}${why}${step ? `: ${step}` : ' in progress'}`;
}

/** A PostgreSQL cluster as it identifies itself: a restore opens a new timeline, a copy another system. */
export interface DatabaseIdentity {
  systemIdentifier: string;
  timeline: number;
}

export type Recognition =
  /** The database wallet-ledger last ran on (or its first start): nothing to do. */
  | { state: 'normal'; record: boolean }
  /** A restore is open for this database: run it before any money moves. */
  | { state: 'restoring'; epochId: string }
  /** Another database and no restore open: hold everything until an operator says which. */
  | { state: 'unrecognised'; recorded: DatabaseIdentity; current: DatabaseIdentity };

export function sameDatabase(a: DatabaseIdentity, b: DatabaseIdentity): boolean {
  return a.systemIdentifier === b.systemIdentifier && a.timeline === b.timeline;
}

/**
 * What a start finds: the restore the operator opened for this database (restore-prepare), else
 * whether the database is the one last recorded. A restore opened on another database than this
 * one (it changed again since) is not this one's.
 */
export function recognise(
  current: DatabaseIdentity,
  recorded: DatabaseIdentity | undefined,
  open: { id: string; database: DatabaseIdentity } | undefined,
): Recognition {
  if (open) {
    if (sameDatabase(open.database, current)) return { state: 'restoring', epochId: open.id };
    return { state: 'unrecognised', recorded: open.database, current };
  }
  if (!recorded) return { state: 'normal', record: true };
  if (sameDatabase(recorded, current)) return { state: 'normal', record: false };
  return { state: 'unrecognised', recorded, current };
}

/**
 * The methods wallet-ledger answers while a restore is not done: the reads, and identity's copy
 * of a user's block (it moves no money, and a block must not wait). Anything else (a transfer, a
 * withdrawal, a signature, a wallet, an admin's report) is 503 `restore_in_progress` until the
 * chain is matched and the checks are clean. A method added later is refused until it is listed.
 */
export const READS_DURING_RESTORE: ReadonlySet<string> = new Set<string>([
  WALLET_RPC.applyUserRef,
  WALLET_RPC.listWallets,
  WALLET_RPC.getWallet,
  WALLET_RPC.countUserWallets,
  WALLET_RPC.getWalletRef,
  SIGNATURE_RPC.list,
  SIGNATURE_RPC.get,
  LEDGER_RPC.listTransfers,
  LEDGER_RPC.getTransfer,
  LEDGER_RPC.listIncomes,
  LEDGER_RPC.getIncome,
  LEDGER_RPC.listTransactions,
  LEDGER_RPC.getTransaction,
  LEDGER_RPC.checkLedger,
  LEDGER_RPC.listWithdrawals,
  LEDGER_RPC.getWithdrawal,
  LEDGER_RPC.chainStatus,
  LEDGER_RPC.reconciliation,
  LEDGER_RPC.reconciliationDeltas,
  LEDGER_RPC.listTreasury,
]);

/** What a transaction pays: its recipient (or contract), native value and call data. */
export interface Payment {
  to: string;
  value: bigint;
  data: string;
}

/** A transaction of the chain, as the restore's scan found it. */
export interface ChainTx extends Payment {
  hash: string;
  from: string;
  nonce: number;
  /** null: in the node's pool, not mined. */
  blockNumber: number | null;
}

/** A transaction the restored books sent (or reserved) at an address's nonce. */
export interface KnownSend {
  from: string;
  nonce: number;
  /** Every hash stored for it (its attempts: the first, speed-ups, cancels). */
  hashes: string[];
  /** The withdrawal it is for (a gas top-up's too); none for nothing else. */
  withdrawalId: string;
  kind: 'withdrawal' | 'top-up';
  /** What the withdrawal pays (none for a top-up or a client's signed transaction). */
  payment?: Payment;
}

/**
 * A restored withdrawal not sent yet (held for approval, or prepared without a nonce). Lists of
 * them are in the sender's order: prepared ones first, oldest first, then those held.
 */
export interface UnsentWithdrawal {
  withdrawalId: string;
  /** Its wallet's address: where its transaction would come from. */
  from: string;
  payment: Payment;
  /** `prepared`: approved, the sender would send it at its next poll; else held for approval. */
  status: 'prepared' | 'pending_approval';
}

export type Finding =
  /** One of the transactions the books stored (a withdrawal's, or its gas top-up). */
  | { kind: 'known'; withdrawalId: string; hash: string; send: KnownSend['kind'] }
  /** At a nonce the books hold, a speed-up or cancel they did not store: recorded as an attempt. */
  | { kind: 'replacement'; withdrawalId: string; attempt: 'speed-up' | 'cancel' }
  /** The gas station's coin to a custody address: house money, nothing to book. */
  | { kind: 'top-up' }
  /**
   * Nothing the books know: the restore waits for an operator. `candidates` are the restored
   * withdrawals that pay exactly what it pays, from its address (one is a proposal).
   */
  | { kind: 'unmatched'; reason: string; candidates: string[] };

export function nonceKey(from: string, nonce: number): string {
  return `${from.toLowerCase()}:${nonce}`;
}

function samePayment(a: Payment, b: Payment): boolean {
  return (
    a.to.toLowerCase() === b.to.toLowerCase() &&
    a.value === b.value &&
    a.data.toLowerCase() === b.data.toLowerCase()
  );
}

/** A cancel: nothing sent, to its own address. */
function isCancel(tx: ChainTx): boolean {
  return tx.to.toLowerCase() === tx.from.toLowerCase() && tx.value === 0n && tx.data === '0x';
}

/** What a withdrawal pays on chain: the coin itself, or the token contract's `transfer`. */
export function withdrawalPayment(
  w: { receiverAddress: string; units: bigint },
  token: string | undefined,
): Payment {
  return token
    ? { to: token, value: 0n, data: erc20TransferData(w.receiverAddress, w.units) }
    : { to: w.receiverAddress, value: w.units, data: '0x' };
}

/** The restored withdrawals a transaction from `tx.from` pays exactly, in the sender's order. */
export function candidatesFor(tx: ChainTx, unsent: readonly UnsentWithdrawal[]): string[] {
  return identicalTo(tx, unsent).map((u) => u.withdrawalId);
}

function identicalTo(tx: ChainTx, unsent: readonly UnsentWithdrawal[]): UnsentWithdrawal[] {
  return unsent.filter(
    (u) => u.from.toLowerCase() === tx.from.toLowerCase() && samePayment(u.payment, tx),
  );
}

/**
 * Why the operator's resolution "transaction `tx` paid withdrawal `withdrawalId`" cannot be
 * booked; undefined when it can. It must pay exactly that restored withdrawal, from its wallet's
 * address. Several restored withdrawals that pay exactly the same (same wallet, receiver, amount)
 * are told apart as the sender sent them: prepared ones before any held for approval (an approval
 * had still to come), oldest first, at increasing nonces. So identical payments are booked in
 * nonce order (`unmatched`: the transactions the books do not know yet), and each on the first
 * prepared one left: naming a held one while an identical one is prepared would book the payment
 * on a withdrawal never approved and send the prepared one again. Among identical ones all held,
 * which one is the operator's records' (the lost timeline's `withdrawal.is-updated` names its
 * transaction): the others stay frozen and are cancelled, so no choice pays twice.
 */
export function resolutionRefusal(
  tx: ChainTx,
  withdrawalId: string,
  unsent: readonly UnsentWithdrawal[],
  unmatched: readonly ChainTx[],
): string | undefined {
  if (!unsent.some((u) => u.withdrawalId === withdrawalId))
    return `withdrawal ${withdrawalId} is not a restored one waiting to be sent`;
  const identical = identicalTo(tx, unsent);
  if (!identical.some((u) => u.withdrawalId === withdrawalId))
    return `the transaction does not pay exactly withdrawal ${withdrawalId} from its address`;
  if (identical.length === 1) return undefined;
  const earlier = unmatched
    .filter(
      (u) =>
        u.from.toLowerCase() === tx.from.toLowerCase() && u.nonce < tx.nonce && samePayment(u, tx),
    )
    .sort((a, b) => a.nonce - b.nonce)[0];
  if (earlier)
    return (
      `${identical.length} restored withdrawals pay exactly this: resolve ${earlier.hash} ` +
      `(nonce ${earlier.nonce}) first, identical payments are booked in nonce order`
    );
  const first = identical.find((u) => u.status === 'prepared');
  if (first && first.withdrawalId !== withdrawalId)
    return (
      `${identical.length} restored withdrawals pay exactly this; the sender sends prepared ones ` +
      `first, oldest first: it paid withdrawal ${first.withdrawalId}`
    );
  return undefined;
}

/**
 * A transaction from a custody address (or the gas station) against what the restored books
 * know, matched by (from, nonce): its hash stored → known; another transaction at a nonce the
 * books hold → the same payment or a cancel is a replacement sent after the restored point,
 * anything else unmatched; a nonce the books never reserved → unmatched (the books did not send
 * it: a withdrawal approved after the restored point, or a transaction from outside custody),
 * except the gas station's plain coin to a custody address.
 */
export function classify(
  tx: ChainTx,
  known: ReadonlyMap<string, KnownSend>,
  context: {
    station: string;
    custody: ReadonlySet<string>;
    unsent: readonly UnsentWithdrawal[];
  },
): Finding {
  const held = known.get(nonceKey(tx.from, tx.nonce));
  if (held) {
    const hash = held.hashes.find((h) => h.toLowerCase() === tx.hash.toLowerCase());
    if (hash) return { kind: 'known', withdrawalId: held.withdrawalId, hash, send: held.kind };
    if (held.kind === 'withdrawal' && held.payment) {
      if (samePayment(held.payment, tx))
        return { kind: 'replacement', withdrawalId: held.withdrawalId, attempt: 'speed-up' };
      if (isCancel(tx))
        return { kind: 'replacement', withdrawalId: held.withdrawalId, attempt: 'cancel' };
    }
    return {
      kind: 'unmatched',
      reason: `another transaction at nonce ${tx.nonce}, which the books hold for withdrawal ${held.withdrawalId}`,
      candidates: [],
    };
  }
  if (tx.from.toLowerCase() === context.station.toLowerCase()) {
    if (context.custody.has(tx.to.toLowerCase()) && tx.data === '0x') return { kind: 'top-up' };
    return {
      kind: 'unmatched',
      reason: 'a gas station transaction that is no top-up',
      candidates: [],
    };
  }
  const candidates = candidatesFor(tx, context.unsent);
  return {
    kind: 'unmatched',
    reason:
      candidates.length === 1
        ? `nonce ${tx.nonce} was never reserved here; it pays exactly withdrawal ${candidates[0]}`
        : candidates.length > 1
          ? `nonce ${tx.nonce} was never reserved here; ${candidates.length} restored withdrawals pay exactly this (booked in nonce order, each on the first of them left)`
          : `nonce ${tx.nonce} was never reserved here, and no restored withdrawal pays this`,
    candidates,
  };
}

/**
 * Nonces of an address in the node's pool (`[mined, pending)`) that no stored transaction holds:
 * sent by a timeline the restore threw away, or from outside custody. The restore waits until
 * they are mined (then matched) or gone: a withdrawal sent meanwhile could take the next nonce
 * and pay beside them.
 */
export function unknownPending(
  from: string,
  mined: number,
  pending: number,
  known: ReadonlyMap<string, KnownSend>,
): number[] {
  const out: number[] = [];
  for (let nonce = mined; nonce < pending; nonce++)
    if (!known.has(nonceKey(from, nonce))) out.push(nonce);
  return out;
}

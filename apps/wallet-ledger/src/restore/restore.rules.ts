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
export type KnownSend =
  | (SendAt & {
      kind: 'withdrawal';
      /** The withdrawal it is for. */
      withdrawalId: string;
      /** What the withdrawal pays (none for a client's signed transaction held as one). */
      payment?: Payment;
    })
  /** The gas station's top-up for a withdrawal's fee. */
  | (SendAt & { kind: 'top-up'; withdrawalId: string })
  /**
   * A client's signed transaction (sign-tx) that holds no withdrawal: it moved nothing of its
   * wallet's asset. `signedItemId` null: its signed item was lost with the restore and the
   * operator resolved it (`restore-resolve --signed`).
   */
  | (SendAt & { kind: 'signed'; signedItemId: string | null });

/** Where a known transaction was sent: its address, nonce and every hash stored for it. */
export interface SendAt {
  from: string;
  nonce: number;
  /** Every hash stored for it (its attempts: the first, speed-ups, cancels). */
  hashes: string[];
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

/**
 * A client's transaction held for approval (sign-tx) in the restored books, `pending_approval` or
 * `approved`: not signed at the restored point, and possibly signed, sent and mined after it.
 */
export interface HeldSignedTx {
  signedItemId: string;
  status: 'pending_approval' | 'approved';
  /** Its wallet's address: where its transaction comes from. */
  from: string;
  /** The nonce, recipient, value and data its payload names, on the scanned network's chain id. */
  nonce: number;
  payment: Payment;
  /** The digest of its unsigned transaction (what the signer signs: gas and fees too). */
  digest: string;
}

export type Finding =
  /** One of the transactions the books stored (a withdrawal's, or its gas top-up). */
  | { kind: 'known'; withdrawalId: string; hash: string; send: 'withdrawal' | 'top-up' }
  /** A client's signed transaction the books stored (or the operator resolved): nothing to do. */
  | { kind: 'known'; signedItemId: string | null; hash: string; send: 'signed' }
  /** At a nonce the books hold, a speed-up or cancel they did not store: recorded as an attempt. */
  | { kind: 'replacement'; withdrawalId: string; attempt: 'speed-up' | 'cancel' }
  /** The gas station's coin to a custody address: house money, nothing to book. */
  | { kind: 'top-up' }
  /**
   * Nothing the books know: the restore waits for an operator. `candidates` are the restored
   * withdrawals that pay exactly what it pays, from its address (one is a proposal);
   * `signedItems`, the restored held sign-tx items it is (`restore-resolve --signed-item`).
   */
  | { kind: 'unmatched'; reason: string; candidates: string[]; signedItems?: string[] };

export function nonceKey(from: string, nonce: number): string {
  return `${from.toLowerCase()}:${nonce}`;
}

export function samePayment(a: Payment, b: Payment): boolean {
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

export function identicalTo(tx: ChainTx, unsent: readonly UnsentWithdrawal[]): UnsentWithdrawal[] {
  return unsent.filter(
    (u) => u.from.toLowerCase() === tx.from.toLowerCase() && samePayment(u.payment, tx),
  );
}

/** What the books hold a nonce for, as a finding's reason says it. */
export function heldFor(held: KnownSend): string {
  if (held.kind !== 'signed') return `withdrawal ${held.withdrawalId}`;
  return held.signedItemId
    ? `a client's signed transaction (signed item ${held.signedItemId})`
    : "a client's signed transaction (resolved by the operator)";
}

/**
 * The restored held sign-tx items a transaction is: from their wallet's address, at the nonce
 * and paying exactly what their payload names. Only the signer signs from a custody address, and
 * it signs a held item's payload as held: the lost timeline signed and the client sent it.
 */
export function heldItemsFor(tx: ChainTx, held: readonly HeldSignedTx[]): string[] {
  return held
    .filter(
      (h) =>
        h.from.toLowerCase() === tx.from.toLowerCase() &&
        h.nonce === tx.nonce &&
        samePayment(h.payment, tx),
    )
    .map((h) => h.signedItemId);
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
    /** The restored held sign-tx items (restored-books `held`). */
    held?: readonly HeldSignedTx[];
  },
): Finding {
  const held = known.get(nonceKey(tx.from, tx.nonce));
  if (held) {
    const hash = held.hashes.find((h) => h.toLowerCase() === tx.hash.toLowerCase());
    if (hash)
      return held.kind === 'signed'
        ? { kind: 'known', signedItemId: held.signedItemId, hash, send: held.kind }
        : { kind: 'known', withdrawalId: held.withdrawalId, hash, send: held.kind };
    if (held.kind === 'withdrawal' && held.payment) {
      if (samePayment(held.payment, tx))
        return { kind: 'replacement', withdrawalId: held.withdrawalId, attempt: 'speed-up' };
      if (isCancel(tx))
        return { kind: 'replacement', withdrawalId: held.withdrawalId, attempt: 'cancel' };
    }
    return {
      kind: 'unmatched',
      reason: `another transaction at nonce ${tx.nonce}, which the books hold for ${heldFor(held)}`,
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
  const signedItems = heldItemsFor(tx, context.held ?? []);
  if (signedItems.length > 0)
    return {
      kind: 'unmatched',
      reason:
        `nonce ${tx.nonce} was never reserved here; it is the client's transaction held for ` +
        `approval as signed item ${signedItems.join(', ')}, signed after the restored point: ` +
        `restore-resolve --signed-item records it sent`,
      candidates,
      signedItems,
    };
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

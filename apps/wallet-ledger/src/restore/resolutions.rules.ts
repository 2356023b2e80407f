import type { ValueMove } from '../signatures/signatures.rules';
import {
  type ChainTx,
  candidatesFor,
  type HeldSignedTx,
  heldFor,
  heldItemsFor,
  identicalTo,
  type KnownSend,
  nonceKey,
  samePayment,
  type UnsentWithdrawal,
} from './restore.rules';

// When an operator's answer to an unmatched transaction (`restore-resolve`) may be applied: the
// refusals, pure. What the restore knows and matches is restore.rules.ts.

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
  books: {
    /** What the books hold each (address, nonce) for, this restore's resolutions included. */
    known?: ReadonlyMap<string, KnownSend>;
    /** The restored held sign-tx items (restored-books `held`). */
    held?: readonly HeldSignedTx[];
  } = {},
): string | undefined {
  // Booked already (another resolution, or the books' own send): a second booking of the same
  // transaction would debit twice.
  const booked = books.known?.get(nonceKey(tx.from, tx.nonce));
  if (booked)
    return `nonce ${tx.nonce} is one the books hold, for ${heldFor(booked)}: the transaction is booked already`;
  const item = heldItemsFor(tx, books.held ?? [])[0];
  if (item)
    return `it is signed item ${item}, held for approval in the restored books: resolve it with --signed-item`;
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
 * Why the operator's resolution "a client signed `tx` with sign-tx after the restored point, its
 * signed item lost with the restore" (`restore-resolve --signed`) cannot be applied; undefined
 * when it can. Not the gas station's (no client signs with its key); not at a nonce the books
 * hold (that nonce is a known send's: the finding says whose); not a payment of exactly a
 * restored unsent withdrawal from its address (resolved as anything else, that withdrawal would
 * be sent again and paid twice: `--withdrawal` books it); not a restored held sign-tx item's
 * transaction (`--signed-item` records it, or the item would be signed again). `moved`: what sign-tx's rule
 * (signatures.rules `valueMoved`) finds it takes from its wallet, or why sign-tx would not have
 * signed it. One that moves value is refused too: the books must hold that outflow as the
 * client's withdrawal for the reconciliation to match, and the restore does not record one yet.
 */
export function signedResolutionRefusal(
  tx: ChainTx,
  known: ReadonlyMap<string, KnownSend>,
  context: {
    station: string;
    unsent: readonly UnsentWithdrawal[];
    moved: ValueMove | { refused: string };
    /** The restored held sign-tx items (restored-books `held`). */
    held?: readonly HeldSignedTx[];
  },
): string | undefined {
  if (tx.from.toLowerCase() === context.station.toLowerCase())
    return "a gas station transaction: no client signs with the gas station's key";
  const held = known.get(nonceKey(tx.from, tx.nonce));
  if (held)
    return `nonce ${tx.nonce} is one the books hold, for ${heldFor(held)}: not a transaction signed after the restored point`;
  const item = heldItemsFor(tx, context.held ?? [])[0];
  if (item)
    return (
      `it is signed item ${item}, held for approval in the restored books: resolve it with ` +
      `--signed-item, or that item would be signed again once the restore completes`
    );
  const paid = candidatesFor(tx, context.unsent);
  if (paid.length > 0)
    return (
      `it pays exactly restored withdrawal ${paid[0]} from its address: resolve it with ` +
      `--withdrawal, or that withdrawal would be sent again and paid twice`
    );
  const { moved } = context;
  if ('refused' in moved) return `sign-tx would not have signed it: ${moved.refused}`;
  if (moved.kind !== 'none')
    return (
      `it ${
        moved.kind === 'native'
          ? `takes ${moved.amount} and up to ${moved.feeReserve} of network fee from its wallet's coin`
          : `moves ${moved.amount} of its wallet's token`
      }: the books must hold that outflow as the client's withdrawal, which restore-resolve does ` +
      `not record yet; book it by hand with engineering (restore runbook, step 6)`
    );
  return undefined;
}

/**
 * Why the operator's resolution "transaction `tx` is restored held sign-tx item `signedItemId`,
 * signed after the restored point" (`restore-resolve --signed-item`) cannot be applied; undefined
 * when it can. The item must be one held (`pending_approval` or `approved`) in the restored
 * books, from the transaction's address, and the transaction exactly its payload signed: the same
 * nonce and payment (`heldItemsFor`) and the same unsigned transaction (`digest`: its gas and fees
 * too, which only its own signature has). Not at a nonce the books hold for another transaction.
 */
export function signedItemResolutionRefusal(
  tx: ChainTx,
  digest: string,
  signedItemId: string,
  held: readonly HeldSignedTx[],
  known: ReadonlyMap<string, KnownSend>,
): string | undefined {
  const item = held.find((h) => h.signedItemId === signedItemId);
  if (!item)
    return `signed item ${signedItemId} is not a client's transaction held for approval in the restored books`;
  const at = known.get(nonceKey(tx.from, tx.nonce));
  if (at)
    return `nonce ${tx.nonce} is one the books hold, for ${heldFor(at)}: not a transaction signed after the restored point`;
  if (!heldItemsFor(tx, [item]).includes(signedItemId))
    return `the transaction is not signed item ${signedItemId}'s: it is not from its wallet's address at its payload's nonce, paying exactly what its payload names`;
  if (item.digest.toLowerCase() !== digest.toLowerCase())
    return `the transaction's gas or fees are not signed item ${signedItemId}'s: not its signature`;
  return undefined;
}

/**
 * The rules of a sending address's nonces, with no I/O (docs/decisions/chain-connectivity.md,
 * "Withdrawals"; docs/operations/restore-runbook.md, "A restore wallet-ledger opens itself").
 */

/** What the node counts of an address's transactions: mined (`latest`), and with its pool (`pending`). */
export interface ChainCount {
  latest: number;
  pending: number;
}

/** The books behind the chain at an address: it sent more than they ever assigned. */
export interface BooksBehind {
  network: string;
  address: string;
  /** The books' next nonce: how many nonces they assigned. */
  assigned: number;
  /** How many transactions the chain counts from the address (its pool included). */
  chain: number;
}

export type NonceDecision =
  { outcome: 'take'; nonce: number } | { outcome: 'behind'; assigned: number; chain: number };

/**
 * The nonce of an address's next transaction: its stored next nonce (`assigned`; 0 for an address
 * the books never sent from). Every transaction from an address the service sends from is given
 * its nonce by the books before it is signed (withdrawals and gas top-ups here, clients' signed
 * transactions when they are signed, a restore's adopted ones), so the chain never counts more
 * than the books assigned. When it does, the books are behind the chain: the database went back in
 * time (a snapshot restored in place) and a withdrawal it thinks unsent may be paid already, or
 * the key was used outside custody. No nonce is taken then: sending at the next one could pay twice.
 */
export function nonceToTake(assigned: number, chain: ChainCount): NonceDecision {
  const counted = Math.max(chain.latest, chain.pending);
  if (counted > assigned) return { outcome: 'behind', assigned, chain: counted };
  return { outcome: 'take', nonce: assigned };
}

/** How far past the chain's count a client's signed transaction's nonce may go (sign-tx). */
export const SIGNED_NONCE_WINDOW = 16;
/** The highest nonce a counter holds without the chain to bound it: it stays an int4. */
export const MAX_SIGNED_NONCE = 2 ** 31 - 2;

export type SignedNonceDecision =
  | { outcome: 'reserve'; next: number }
  | { outcome: 'behind'; assigned: number; chain: number }
  | { outcome: 'too-far'; highest: number };

/**
 * The counter after a client's signed transaction (sign-tx) at `nonce` from an address whose
 * books assigned `assigned` nonces. With the node's count (`chain`: the transaction is for the
 * adapter's chain) the books are compared with the chain first, as for a withdrawal
 * (`nonceToTake`): behind, nothing is reserved, since moving the counter past the chain's count
 * would hide a lost timeline's transactions and let a withdrawal they paid be sent again. The
 * nonce may be at most SIGNED_NONCE_WINDOW past the chain's count (an honest wallet asks the
 * node for it); without the chain, at most MAX_SIGNED_NONCE. The counter never moves down.
 */
export function signedNonceToReserve(
  assigned: number,
  chain: ChainCount | undefined,
  nonce: number,
): SignedNonceDecision {
  let highest = MAX_SIGNED_NONCE;
  if (chain) {
    const counted = Math.max(chain.latest, chain.pending);
    if (counted > assigned) return { outcome: 'behind', assigned, chain: counted };
    highest = counted + SIGNED_NONCE_WINDOW;
  }
  if (nonce > highest) return { outcome: 'too-far', highest };
  return { outcome: 'reserve', next: Math.max(assigned, nonce + 1) };
}

export type UsedNonceDecision = { outcome: 'fail' } | { outcome: 'behind'; found: BooksBehind };

/**
 * A withdrawal the adapter signed and had not marked sent finds its nonce used on chain by
 * another transaction, mined deep enough. One the books know (a client's signed transaction, a
 * withdrawal there) means it can never be mined: it fails and its hold returns. One they do not
 * know means the books are behind the chain (a snapshot restored in place whose lost timeline
 * sent it, a speed-up or cancel of this very withdrawal maybe): failing it could release the hold
 * of a withdrawal already paid, so a restore matches the chain first.
 */
export function usedNonce(
  knownToBooks: boolean,
  at: { network: string; address: string; nonce: number },
  chain: number,
): UsedNonceDecision {
  if (knownToBooks) return { outcome: 'fail' };
  return {
    outcome: 'behind',
    found: { network: at.network, address: at.address, assigned: at.nonce, chain },
  };
}

/**
 * The first block after which the address had sent more than `count` transactions, by halving
 * `[0, head]` with `countAt` (the node's count at a block); undefined when even the head's is not
 * more (the transactions are in the pool only). About log2(head) questions to the node.
 */
export async function firstBlockPast(
  count: number,
  head: number,
  countAt: (block: number) => Promise<number>,
): Promise<number | undefined> {
  if ((await countAt(head)) <= count) return undefined;
  let low = 0;
  let high = head;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await countAt(middle)) > count) high = middle;
    else low = middle + 1;
  }
  return low;
}

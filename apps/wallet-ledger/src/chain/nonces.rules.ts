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

/** How many transactions the node counts from an address, its pool included. */
export function counted(chain: ChainCount): number {
  return Math.max(chain.latest, chain.pending);
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
  const onChain = counted(chain);
  if (onChain > assigned) return { outcome: 'behind', assigned, chain: onChain };
  return { outcome: 'take', nonce: assigned };
}

/** The highest nonce a counter holds: it stays an int4. */
export const MAX_SIGNED_NONCE = 2 ** 31 - 2;
/**
 * How many of an address's transactions may be signed and not on chain yet (sign-tx), past the
 * node's count: signing without sending would otherwise walk the counter, and the adapter's
 * withdrawals from the address behind it, without end.
 */
export const SIGNED_NONCE_WINDOW = 16;

export type SignedNonceDecision =
  | { outcome: 'reserve'; next: number }
  | { outcome: 'behind'; assigned: number; chain: number }
  | { outcome: 'gap'; next: number }
  | { outcome: 'too-far'; highest: number };

/**
 * The counter after a client's signed transaction (sign-tx) at `nonce` from an address whose
 * books assigned `assigned` nonces. With the node's count (`chain`: the address is one the
 * adapter sends from, on its network) the books are compared with the chain first, as for a
 * withdrawal (`nonceToTake`): behind, nothing is reserved, since moving the counter past the
 * chain's count would hide a lost timeline's transactions and let a withdrawal they paid be sent
 * again. Then the nonce may not skip any: every transaction from the address takes its nonce from
 * this counter, so one past `assigned` leaves a gap no transaction fills, and the adapter's next
 * withdrawals from the address wait behind it forever. It is also what an honest wallet signs
 * when the chain counts transactions the books never assigned and the node asked lags behind:
 * refused, it cannot hide them. At most SIGNED_NONCE_WINDOW of them wait unsent past the node's
 * count. Without the chain (an address the adapter does not send from)
 * the counter only follows the client's nonces, up to MAX_SIGNED_NONCE. It never moves down.
 */
export function signedNonceToReserve(
  assigned: number,
  chain: ChainCount | undefined,
  nonce: number,
): SignedNonceDecision {
  if (chain) {
    const onChain = counted(chain);
    if (onChain > assigned) return { outcome: 'behind', assigned, chain: onChain };
    if (nonce > assigned) return { outcome: 'gap', next: assigned };
    if (nonce >= onChain + SIGNED_NONCE_WINDOW)
      return { outcome: 'too-far', highest: onChain + SIGNED_NONCE_WINDOW - 1 };
  }
  if (nonce > MAX_SIGNED_NONCE) return { outcome: 'too-far', highest: MAX_SIGNED_NONCE };
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

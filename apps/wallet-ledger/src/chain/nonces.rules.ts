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

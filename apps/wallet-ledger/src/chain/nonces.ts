import type { JsonRpcProvider } from 'ethers';
import { Errors } from '@custody/errors';
import type { Transaction } from '@custody/persistence';
import { highestNonceInBooks, nonceHeldBySender } from './nonce-books.repository';
import { lockNextNonce, setNextNonce } from './chain.repository';
import {
  type BooksBehind,
  type ChainCount,
  counted,
  nonceToTake,
  signedNonceToReserve,
} from './nonces.rules';

/**
 * The chain counts more transactions from an address than the books ever assigned (nonces.rules
 * `nonceToTake`): no nonce was taken, and nothing may be sent until a restore matched the books
 * with the chain (restore/restore-procedure.ts `booksBehind`).
 */
export class BooksBehindChain extends Error {
  constructor(readonly found: BooksBehind) {
    super(
      `the chain counts ${found.chain} transaction(s) from ${found.address} on ${found.network}; ` +
        `the books assigned ${found.assigned} nonce(s)`,
    );
    this.name = 'BooksBehindChain';
  }
}

/** The node's count of an address's transactions, mined and with its pool. */
export async function chainCount(provider: JsonRpcProvider, address: string): Promise<ChainCount> {
  const [latest, pending] = await Promise.all([
    provider.getTransactionCount(address, 'latest'),
    provider.getTransactionCount(address, 'pending'),
  ]);
  return { latest, pending };
}

/**
 * The next nonce of a sending address, under a row lock held until the caller's transaction
 * commits: concurrent withdrawals from one address get distinct, gapless nonces, and the counter
 * survives restarts. `chain` (asked of the node before the transaction) counting more than the
 * counter assigned throws BooksBehindChain, and the caller's transaction takes nothing.
 */
export async function takeNonce(
  tx: Transaction,
  network: string,
  address: string,
  chain: ChainCount,
): Promise<number> {
  const decision = nonceToTake(await assignedNonces(tx, network, address, counted(chain)), chain);
  if (decision.outcome === 'behind')
    throw new BooksBehindChain({
      network,
      address,
      assigned: decision.assigned,
      chain: decision.chain,
    });
  await setNextNonce(tx, network, address, decision.nonce + 1);
  return decision.nonce;
}

/**
 * The counter of an address, locked (`lockNextNonce`). When `claimed` (the chain's count, or a
 * client's nonce) is past it, it is first moved past the nonces the books themselves hold there:
 * a counter behind its own books (a client's transaction signed before counters took every one)
 * is neither a restore nor a gap. Read only then: nothing is read while the books are level.
 */
async function assignedNonces(
  tx: Transaction,
  network: string,
  address: string,
  claimed: number,
): Promise<number> {
  const assigned = await lockNextNonce(tx, network, address);
  if (claimed <= assigned) return assigned;
  const held = await highestNonceInBooks(tx, network, address);
  if (held === undefined || held < assigned) return assigned;
  await setNextNonce(tx, network, address, held + 1);
  return held + 1;
}

/**
 * The nonce of a transaction a client had signed (sign-tx) (nonces.rules `signedNonceToReserve`).
 * With `chain` (the node's count, asked before the transaction: an address the adapter sends
 * from) the books behind the chain throw BooksBehindChain and nothing is reserved, and a nonce past
 * the counter is 409 `nonce_gap`. A nonce SIGNED_NONCE_WINDOW past the node's count, or above an
 * int4, is 400 `nonce_too_far`; 409 `nonce_taken`
 * when one of the adapter's own withdrawals holds it (the client's would replace it); otherwise
 * the counter moves past it. The counter row is locked first, so a withdrawal being signed
 * meanwhile is seen.
 */
export async function reserveSignedNonce(
  tx: Transaction,
  network: string,
  address: string,
  nonce: number,
  chain: ChainCount | undefined,
): Promise<void> {
  const decision = signedNonceToReserve(
    // Without the chain the counter only follows the client: nothing to repair, nothing read.
    await assignedNonces(tx, network, address, chain ? Math.max(nonce, counted(chain)) : 0),
    chain,
    nonce,
  );
  if (decision.outcome === 'behind')
    throw new BooksBehindChain({
      network,
      address,
      assigned: decision.assigned,
      chain: decision.chain,
    });
  if (decision.outcome === 'gap')
    throw Errors.conflict(
      `Nonce ${nonce} would leave a gap in this address's transactions: sign nonce ${decision.next}.`,
      'nonce_gap',
    );
  if (decision.outcome === 'too-far')
    throw Errors.badRequest(
      `Nonce ${nonce} is too far ahead of this address's transactions on chain (at most ${decision.highest}: send the ones signed before).`,
      'nonce_too_far',
    );
  await setNextNonce(tx, network, address, decision.next);
  if (await nonceHeldBySender(tx, network, address, nonce))
    throw Errors.conflict(
      `Nonce ${nonce} of this address is taken by a withdrawal the service sends.`,
      'nonce_taken',
    );
}

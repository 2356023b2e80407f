import type { JsonRpcProvider } from 'ethers';
import { Errors } from '@custody/errors';
import type { Transaction } from '@custody/persistence';
import { nonceHeldBySender } from '../withdrawals/withdrawals.repository';
import { lockNextNonce, raiseNextNonce, setNextNonce } from './chain.repository';
import { type BooksBehind, type ChainCount, nonceToTake } from './nonces.rules';

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
  const decision = nonceToTake(await lockNextNonce(tx, network, address), chain);
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
 * The nonce of a transaction a client had signed (sign-tx) from an address the adapter sends
 * from: 409 `nonce_taken` when one of the adapter's own withdrawals holds it (the client's would
 * replace it); otherwise the adapter's next nonce moves past it. The counter row is locked
 * first, so a withdrawal being signed meanwhile is seen.
 */
export async function reserveSignedNonce(
  tx: Transaction,
  network: string,
  address: string,
  nonce: number,
): Promise<void> {
  await raiseNextNonce(tx, network, address, nonce + 1);
  if (await nonceHeldBySender(tx, network, address, nonce))
    throw Errors.conflict(
      `Nonce ${nonce} of this address is taken by a withdrawal the service sends.`,
      'nonce_taken',
    );
}

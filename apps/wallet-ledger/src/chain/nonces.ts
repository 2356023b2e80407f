import { Errors } from '@custody/errors';
import type { Transaction } from '@custody/persistence';
import { nonceHeldBySender } from '../withdrawals/withdrawals.repository';
import { lockNextNonce, raiseNextNonce, setNextNonce } from './chain.repository';

/**
 * The next nonce of a sending address, under a row lock held until the caller's transaction
 * commits: concurrent withdrawals from one address get distinct, gapless nonces, and the counter
 * survives restarts. `chainCount` (the node's pending transaction count) moves it forward when
 * the address sent something we did not.
 */
export async function takeNonce(
  tx: Transaction,
  network: string,
  address: string,
  chainCount: number,
): Promise<number> {
  const stored = await lockNextNonce(tx, network, address, chainCount);
  const nonce = Math.max(stored, chainCount);
  await setNextNonce(tx, network, address, nonce + 1);
  return nonce;
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

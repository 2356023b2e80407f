import { issuerKeyOwner } from '@custody/contracts';

/** The prefix of every issuer's key owner (`issuerKeyOwner`). */
const ISSUER_OWNERS = issuerKeyOwner('');

/**
 * Whether `caller` may use the key of `ownerId`: the issuer app its issuers' keys only, wallet-
 * ledger every other key (wallets and its own system keys, such as the gas station) but no
 * issuer's. So a compromised issuer cannot sign with a custody wallet's key, nor wallet-ledger
 * with an issuer's.
 */
export function mayUseKey(caller: string | undefined, ownerId: string): boolean {
  const issuers = ownerId.startsWith(ISSUER_OWNERS);
  if (caller === 'issuer') return issuers;
  if (caller === 'wallet-ledger') return !issuers;
  return false;
}

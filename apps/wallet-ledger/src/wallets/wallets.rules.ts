import type { CatalogAsset, ChainFamily } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { compare, isZero } from '@custody/money';

/**
 * The asset a wallet is opened for, and the chain of its key: an asset of the catalog (400
 * `unknown_asset`) on a chain the signing service derives keys for (400 `unsupported_asset`).
 */
export function walletAsset(
  assetId: string,
  found: CatalogAsset | undefined,
): { asset: CatalogAsset; chain: ChainFamily } {
  if (!found) throw Errors.badRequest(`Unknown assetId ${assetId}.`, 'unknown_asset');
  if (found.chain !== 'evm' && found.chain !== 'qubic') {
    throw Errors.badRequest(
      `Wallets of ${found.symbol} are not supported yet.`,
      'unsupported_asset',
    );
  }
  return { asset: found, chain: found.chain };
}

/**
 * A wallet is deleted empty (spec rule 2): a positive balance, or available ≠ balance (an open
 * hold), keeps it alive (403 `wallet_not_empty`).
 */
export function checkEmpty(
  account: { balance: string; availableBalance: string } | undefined,
): void {
  if (
    account &&
    (!isZero(account.balance) || compare(account.availableBalance, account.balance) !== 0)
  ) {
    throw Errors.forbidden(
      'The wallet still holds funds or has pending withdrawals.',
      'wallet_not_empty',
    );
  }
}

import type { CatalogAsset, WalletView } from '@custody/contracts';
import { canonical } from '@custody/money';
import type { WalletWithRefs } from './wallets.repository';

/** A wallet as the API and its events show it, its asset from trading's catalog. */
export function walletView(row: WalletWithRefs, asset: CatalogAsset): WalletView {
  const { wallet, user } = row;
  return {
    id: wallet.id,
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
    asset: {
      id: asset.id,
      createdAt: asset.createdAt,
      updatedAt: asset.updatedAt,
      name: asset.name,
      symbol: asset.symbol,
    },
    // SQL arithmetic keeps a scale (a released hold leaves `2.0`): the API's amounts are canonical.
    balance: canonical(row.balance),
    availableBalance: canonical(row.availableBalance),
    address: wallet.address,
    user: {
      id: user.id,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      generalConditions: user.generalConditions,
      ...(user.idNumber ? { idNumber: user.idNumber } : {}),
    },
    ...(wallet.externalReference ? { externalReference: wallet.externalReference } : {}),
  };
}

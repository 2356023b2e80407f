import type { AssetSummary } from './wallets';
import type { ListQuery } from './rpc';

/** trading's RPC methods. Wire names: add, never rename. */
export const TRADING_RPC = {
  listAssets: 'assets.list',
  getAsset: 'assets.get',
  assetAvailability: 'assets.available',
  /** Internal: every asset with its chain data; wallet-ledger caches it. */
  assetCatalog: 'assets.catalog',
  listRates: 'rates.list',
  getRate: 'rates.get',
  exchangeRate: 'rates.exchange',
  listMarketData: 'marketData.list',
  getMarketData: 'marketData.get',
  createPurchase: 'purchases.create',
  listPurchases: 'purchases.list',
  getPurchase: 'purchases.get',
} as const;

export type AssetChain = 'evm' | 'qubic' | 'bitcoin';

/** An asset as the catalog holds it (trading owns it; other services read it over RPC). */
export interface CatalogAsset extends AssetSummary {
  chain: AssetChain;
  network: string;
  chainId: string | null;
  decimals: number;
  contractAddress: string | null;
  buyEnabled: boolean;
  sellEnabled: boolean;
}

export type PurchaseOperation = 'buy' | 'sell';

export interface CreatePurchaseRequest {
  userId: string;
  walletId: string;
  operation: PurchaseOperation;
  amount: string;
  device: string;
  ip: string;
  externalReference?: string;
  fiatCurrency?: string;
}

/** `'*'` in userId/walletId (admin only) lists across users and wallets. */
export interface ListPurchasesRequest {
  userId: string;
  walletId: string;
  list: ListQuery;
  filters: { assetId?: string };
}

/** The rate a purchase used, as recorded on it and on its ledger transaction. */
export interface RateSnapshot {
  id: string;
  createdAt: string;
  updatedAt: string;
  asset: AssetSummary;
  fiatPrice: number;
}

/** trading → wallet-ledger: move the crypto of an approved quote (idempotent by purchaseId). */
export interface SettlePurchaseRequest {
  purchaseId: string;
  tenantId: string;
  userId: string;
  walletId: string;
  assetId: string;
  operation: PurchaseOperation;
  /** Crypto moved: `purchased` for buy (credited), `amount` for sell (debited). */
  cryptoAmount: string;
  rate: RateSnapshot;
}

export interface SettlePurchaseResult {
  purchaseId: string;
  walletBalance: string;
}

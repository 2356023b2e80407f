import type { ListQuery, ListResult, RpcSpec } from './rpc';
import type { WalletPath } from './shared';

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

/** An asset as other records embed it. */
export interface AssetSummary {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  symbol: string;
}

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

/** Where rates come from: the fixed file, CoinGecko, or an exchange's ticker. */
export type RateType = 'fixed' | 'coingecko' | 'exchange';

export interface RateView extends RateSnapshot {
  fiatCurrency: string;
  type: RateType;
  side?: string;
  /** Older than RATE_MAX_AGE_SECONDS: purchases refuse it. */
  stale: boolean;
}

export interface MarketDataView {
  id: string;
  createdAt: string;
  updatedAt: string;
  asset: AssetSummary;
  volume24h: string | null;
  percentChange1h: string | null;
  percentChange24h: string | null;
  percentChange7d: string | null;
  circulatingSupply: string | null;
  totalSupply: string | null;
  maxSupply: string | null;
  lastUpdated: string;
  fiatCurrency: string;
  type: RateType;
}

export interface AssetView extends CatalogAsset {
  rate: RateView | null;
  marketData: MarketDataView | null;
}

/** A rate read by id: its `asset` carries the asset's current rate and market data (spec). */
export interface RateWithAssetView extends Omit<RateView, 'asset'> {
  asset: AssetView;
}

export type AvailabilityAction = 'BUY' | 'SELL';

export interface AvailabilityView {
  assetId: string;
  action: AvailabilityAction;
  available: boolean;
  reason?: string;
}

export interface RateListFilters {
  interval?: string;
  assetSymbol?: string;
  type?: RateType;
}

export interface MarketDataListFilters {
  lastUpdatedAfter: string;
  lastUpdatedBefore: string;
  assetSymbol?: string;
}

/** `pending_approval`: held by a policy until its approval is decided (nothing booked yet). */
export type PurchaseStatus = 'pending' | 'pending_approval' | 'approved' | 'rejected';

export interface PurchaseView {
  id: string;
  createdAt: string;
  updatedAt: string;
  user: string;
  wallet: string;
  status: PurchaseStatus;
  operation: PurchaseOperation;
  asset: string;
  amount: string;
  purchased: string;
  netAmount: string;
  fee: string;
  feeBps: number;
  fiatCurrency: string;
  rate: { id: string; price: string };
  externalReference?: string;
  /** The approval a policy held it for. */
  approvalId?: string;
  failure?: { code: string; message: string };
}

/** A purchase's creation: its id; one a policy held adds its status and approval. */
export interface PurchaseCreated {
  id: string;
  status?: PurchaseStatus;
  approvalId?: string;
}

/** trading's RPC contract: each method's params and result (see RpcContracts). */
export interface TradingRpc {
  [TRADING_RPC.listAssets]: RpcSpec<
    { list: ListQuery; filters: { name?: string; symbol?: string } },
    ListResult<AssetView>
  >;
  [TRADING_RPC.getAsset]: RpcSpec<{ assetId: string }, AssetView>;
  [TRADING_RPC.assetAvailability]: RpcSpec<
    { assetId: string; action: AvailabilityAction },
    AvailabilityView
  >;
  [TRADING_RPC.assetCatalog]: RpcSpec<Record<string, never>, CatalogAsset[]>;
  [TRADING_RPC.listRates]: RpcSpec<
    { assetId: string; list: ListQuery; filters: RateListFilters },
    ListResult<RateView>
  >;
  [TRADING_RPC.getRate]: RpcSpec<{ assetId: string; rateId: string }, RateWithAssetView>;
  [TRADING_RPC.exchangeRate]: RpcSpec<{ assetId: string; side: 'buy' | 'sell' }, RateView[]>;
  [TRADING_RPC.listMarketData]: RpcSpec<
    { assetId: string; list: ListQuery; filters: MarketDataListFilters },
    ListResult<MarketDataView>
  >;
  [TRADING_RPC.getMarketData]: RpcSpec<{ assetId: string; marketDataId: string }, MarketDataView>;
  [TRADING_RPC.createPurchase]: RpcSpec<CreatePurchaseRequest, PurchaseCreated>;
  [TRADING_RPC.listPurchases]: RpcSpec<ListPurchasesRequest, ListResult<PurchaseView>>;
  [TRADING_RPC.getPurchase]: RpcSpec<WalletPath & { id: string }, PurchaseView>;
}

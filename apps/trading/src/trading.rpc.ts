import { TRADING_RPC } from '@custody/contracts';
import { ownsIdempotency, type RpcHandlers } from '@custody/messaging';
import type { AssetsService } from './assets/assets.service';
import type { MarketDataService } from './market-data/market-data.service';
import type { CreatePurchase } from './purchases/create-purchase';
import type { PurchasesService } from './purchases/purchases.service';
import type { RatesService } from './rates/rates.service';

/** The use cases trading's handlers call, built in trading.compose.ts. */
export interface TradingUseCases {
  assets: AssetsService;
  rates: RatesService;
  marketData: MarketDataService;
  createPurchase: CreatePurchase;
  purchases: PurchasesService;
}

/** Trading's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  assets,
  rates,
  marketData,
  createPurchase,
  purchases,
}: TradingUseCases): RpcHandlers<'trading'> {
  return {
    [TRADING_RPC.listAssets]: (p) => assets.list(p.list, p.filters),
    [TRADING_RPC.getAsset]: (p) => assets.get(p.assetId),
    [TRADING_RPC.assetAvailability]: (p) => assets.availability(p.assetId, p.action),
    [TRADING_RPC.assetCatalog]: () => assets.catalog(),
    [TRADING_RPC.listRates]: (p) => rates.list(p.assetId, p.list, p.filters),
    [TRADING_RPC.getRate]: (p) => rates.get(p.assetId, p.rateId),
    [TRADING_RPC.exchangeRate]: (p) => rates.exchangeRate(p.assetId, p.side),
    [TRADING_RPC.listMarketData]: (p) => marketData.list(p.assetId, p.list, p.filters),
    [TRADING_RPC.getMarketData]: (p) => marketData.get(p.assetId, p.marketDataId),
    // The purchase row itself carries the Idempotency-Key (exactly-once with its settlement).
    [TRADING_RPC.createPurchase]: ownsIdempotency((params, ctx) =>
      createPurchase.create(ctx.auth, params, ctx.idempotency),
    ),
    [TRADING_RPC.listPurchases]: (params, ctx) => purchases.list(ctx.auth, params),
    [TRADING_RPC.getPurchase]: (params, ctx) => purchases.get(ctx.auth, params),
  };
}

import path from 'node:path';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { readAssetsFile, seedAssets } from './assets/assets.data';
import { AssetsService } from './assets/assets.service';
import type { MarketSettings } from './market';
import { MarketDataService } from './market-data/market-data.service';
import { CreatePurchase } from './purchases/create-purchase';
import { PurchaseGovernor } from './purchases/purchase-governor';
import { PurchaseSettlement } from './purchases/purchase-settlement';
import { PurchasesService } from './purchases/purchases.service';
import { RecoverPendingPurchases } from './purchases/recover-pending-purchases';
import {
  heldPurchases,
  purchaseApprovalHandlers,
  SettlePurchaseApproval,
} from './purchases/settle-purchase-approval';
import { RatesIngestion, startIngestion } from './rates/ingestion';
import { CoinGeckoProvider } from './rates/providers/coingecko';
import { ExchangeTickerProvider } from './rates/providers/exchange';
import { FixedRateProvider, loadFixedRates } from './rates/providers/fixed';
import { HttpJsonClient } from './rates/providers/http-json';
import type { ExchangeProvider, RateProvider } from './rates/providers/provider';
import { RatesService } from './rates/rates.service';
import { rpcHandlers, type TradingUseCases } from './trading.rpc';

type Deps = ServiceDeps<'trading'>;

/** Data files beside the code (src/data) or beside main.js once built (dist/apps/trading/data). */
const DATA_DIR = path.join(__dirname, 'data');

function providers(deps: Deps): { rates: RateProvider; exchange: ExchangeProvider } {
  const c = deps.config;
  const http = (name: string, baseUrl: string, headers: Record<string, string> = {}) =>
    new HttpJsonClient({
      name,
      baseUrl,
      headers,
      timeoutMs: c.PROVIDER_TIMEOUT_MS,
      retries: c.PROVIDER_RETRIES,
      breakerThreshold: c.PROVIDER_BREAKER_THRESHOLD,
      breakerCooldownMs: c.PROVIDER_BREAKER_COOLDOWN_MS,
    });
  const needsFixed = c.RATES_PROVIDER === 'fixed' || c.EXCHANGE_PROVIDER === 'fixed';
  const fixed = needsFixed
    ? new FixedRateProvider(
        loadFixedRates(c.RATES_FIXED_FILE || path.join(DATA_DIR, 'fixed-rates.json')),
      )
    : undefined;
  const rates =
    c.RATES_PROVIDER === 'coingecko'
      ? new CoinGeckoProvider(
          http(
            'coingecko',
            c.COINGECKO_BASE_URL,
            CoinGeckoProvider.headersFor(c.COINGECKO_BASE_URL, c.COINGECKO_API_KEY),
          ),
        )
      : (fixed as FixedRateProvider);
  const exchange =
    c.EXCHANGE_PROVIDER === 'exchange'
      ? new ExchangeTickerProvider(http('exchange', c.EXCHANGE_BASE_URL))
      : (fixed as FixedRateProvider);
  return { rates, exchange };
}

function build(deps: Deps): TradingUseCases & {
  ingestion: RatesIngestion;
  recovery: RecoverPendingPurchases;
  held: SettlePurchaseApproval;
} {
  const c = deps.config;
  const { rates: rateProvider, exchange } = providers(deps);
  const market: MarketSettings = {
    fiatCurrency: c.FIAT_CURRENCY,
    rateType: rateProvider.type,
    maxRateAgeMs: c.RATE_MAX_AGE_SECONDS * 1000,
  };
  const assets = new AssetsService(deps.db, market);
  const governor = new PurchaseGovernor(deps.rpc);
  const settlement = new PurchaseSettlement(deps.db, deps.rpc, assets, governor);
  return {
    assets,
    rates: new RatesService(deps.db, assets, exchange, market, deps.logger),
    marketData: new MarketDataService(deps.db, assets),
    createPurchase: new CreatePurchase(deps.db, deps.rpc, assets, settlement, governor, {
      fiatCurrency: c.FIAT_CURRENCY,
      feeBps: c.PURCHASE_FEE_BPS,
    }),
    purchases: new PurchasesService(deps.db, deps.rpc),
    recovery: new RecoverPendingPurchases(deps.db, settlement, deps.logger),
    held: new SettlePurchaseApproval(settlement),
    ingestion: new RatesIngestion(deps.db, assets, rateProvider, exchange, market, deps.logger),
  };
}

/** Re-settles purchases a crash left pending, until the service stops. */
function startRecovery(deps: Deps, recovery: RecoverPendingPurchases): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const interval = deps.config.PURCHASE_RECOVERY_INTERVAL_MS;
  // Only purchases no live request can still be settling: older than two RPC timeouts.
  const minAge = Math.max(interval, 2 * deps.config.RPC_TIMEOUT_MS);
  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = recovery
        .recoverPending(minAge)
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'purchase recovery failed'))
        .finally(loop);
    }, interval);
  };
  loop();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** Seeds the asset list, then builds trading's use cases once for the handlers and the jobs. */
async function compose(deps: Deps): Promise<ServiceParts<'trading'>> {
  await seedAssets(deps.db, readAssetsFile(path.join(DATA_DIR, 'assets.json')));
  const { ingestion, recovery, held, ...useCases } = build(deps);
  return {
    rpcHandlers: rpcHandlers(useCases),
    // Purchases a policy held, settled or rejected as their approvals end.
    eventHandlers: purchaseApprovalHandlers(held),
    // The same outcomes, swept for those whose event was lost.
    heldForApprovals: heldPurchases(held),
    onStart: async () => {
      if (!deps.redis) throw new Error('trading needs REDIS_URL for its rate ingestion schedule');
      const stopIngestion = await startIngestion(
        ingestion,
        deps.redis,
        deps.config.REDIS_KEY_PREFIX,
        deps.config.RATES_INTERVAL_MS,
        deps.config.JOB_SCHEDULES_CHECK_INTERVAL_MS,
        deps.logger,
      );
      const stopRecovery = startRecovery(deps, recovery);
      return async () => {
        await stopRecovery();
        await stopIngestion();
      };
    },
  };
}

/** The trading service: assets, rates and market data, purchases. */
export const tradingService: ServiceDefinition<'trading'> = {
  app: 'trading',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
};

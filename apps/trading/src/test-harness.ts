import path from 'node:path';
import type pg from 'pg';
import {
  type AuthContext,
  IDENTITY_RPC,
  LEDGER_RPC,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  RPC_ACCESS,
  type ServiceName,
  type SettlePurchaseRequest,
  type UserRefView,
  WALLET_RPC,
  type WalletRefView,
  type WalletView,
} from '@custody/contracts';
import { type AppError, Errors } from '@custody/errors';
import { Broker, CallerPolicy, RpcClient, type RpcHandler, RpcServer } from '@custody/messaging';
import { add, sub } from '@custody/money';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  type TestDatabase,
  uniqueName,
} from '@custody/testing';
import { readAssetsFile, seedAssets } from './assets/assets.data';
import { AssetsService } from './assets/assets.service';
import type { MarketSettings } from './market';
import { PurchasesService } from './purchases/purchases.service';
import { insertRates } from './rates/rates.repository';

// Trading's use cases against a real PostgreSQL (its migrations applied to a database of the test
// file's own, the asset catalog seeded from data/assets.json). Purchases also get real RPC over
// RabbitMQ, to stand-ins for the peers they ask: wallet-ledger (wallets, settlement) and identity
// (the user).

/** What the specs configure: prices in EUR from the `fixed` provider, fresh for a minute. */
export const MARKET: MarketSettings = {
  fiatCurrency: 'EUR',
  rateType: 'fixed',
  maxRateAgeMs: 60_000,
};

/** A purchase's fee: 1.5 %. */
export const FEE_BPS = 150;

export type TradingTable = 'purchases' | 'rates' | 'market_data' | 'outbox';

export interface TradingDatabase {
  pool: pg.Pool;
  db: Database;
  assets: AssetsService;
  /** A rate of the asset from the configured provider, `ageMs` old; answers its id. */
  rate(assetId: string, price: string, options?: RateOptions): Promise<string>;
  count(table: TradingTable): Promise<number>;
  close(): Promise<void>;
}

export interface RateOptions {
  ageMs?: number;
  type?: 'fixed' | 'coingecko' | 'exchange';
  side?: 'buy' | 'sell';
  fiatCurrency?: string;
}

/** One database with the trading schema and the seeded catalog. */
export async function createTradingDatabase(): Promise<TradingDatabase> {
  const database: TestDatabase = await createTestDatabase();
  const pool = createPool(database.url);
  await migrate(pool, { schema: 'trading', dir: path.join(__dirname, 'migrations') });
  const db = createDatabase(pool);
  await seedAssets(db, readAssetsFile(path.join(__dirname, 'data', 'assets.json')));
  return {
    pool,
    db,
    assets: new AssetsService(db, MARKET),
    async rate(assetId, price, options = {}) {
      const [row] = await insertRates(db, [
        {
          assetId,
          fiatPrice: price,
          fiatCurrency: options.fiatCurrency ?? MARKET.fiatCurrency,
          type: options.type ?? MARKET.rateType,
          ...(options.side ? { side: options.side } : {}),
        },
      ]);
      if (options.ageMs)
        await pool.query(
          `UPDATE trading.rates SET created_at = now() - make_interval(secs => $2::float8 / 1000)
            WHERE id = $1`,
          [row!.id, options.ageMs],
        );
      return row!.id;
    },
    async count(table) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM trading.${table}`,
      );
      return rows[0]?.n ?? 0;
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

/** A wallet as wallet-ledger's stand-in holds it. */
export interface LedgerWallet {
  id: string;
  userId: string;
  tenantId: string;
  assetId: string;
  balance: string;
}

/** A user as identity's stand-in holds it. */
export interface IdentityUser {
  tenantId: string;
  blocked: boolean;
}

export interface PurchaseHarness extends TradingDatabase {
  purchases: PurchasesService;
  wallets: Map<string, LedgerWallet>;
  users: Map<string, IdentityUser>;
  /** Every settlement wallet-ledger's stand-in was asked for, in order. */
  settleCalls: SettlePurchaseRequest[];
  /** The purchases it booked, once each, with the crypto moved. */
  booked: Map<string, string>;
  /** Errors it answers the next settlements of a wallet with, before it books again. */
  ledgerFailures: Map<string, AppError[]>;
  /** The outbox's events, in the order written. */
  events(): Promise<{ name: string; tenantId: string | null; data: Record<string, any> }[]>;
}

const stamp = '2026-01-01T00:00:00.000Z';

function walletView(wallet: LedgerWallet): WalletView {
  return {
    id: wallet.id,
    createdAt: stamp,
    updatedAt: stamp,
    asset: {
      id: wallet.assetId,
      createdAt: stamp,
      updatedAt: stamp,
      name: wallet.assetId,
      symbol: wallet.assetId.toUpperCase(),
    },
    balance: wallet.balance,
    availableBalance: wallet.balance,
    address: `0x${wallet.id.replace(/-/g, '').slice(0, 40)}`,
    user: { id: wallet.userId, createdAt: stamp, updatedAt: stamp, generalConditions: stamp },
  };
}

/** A stand-in for one method of a peer, typed by that peer's contract. */
function answer<S extends ServiceName, M extends RpcMethod<S>>(
  _service: S,
  method: M,
  handler: (params: RpcParams<S, M>, auth: AuthContext | undefined) => Promise<RpcResult<S, M>>,
): [string, RpcHandler] {
  return [method, (params, ctx) => handler(params as RpcParams<S, M>, ctx.auth)];
}

const visibleTo = (auth: AuthContext | undefined, tenantId: string) =>
  auth?.audience === 'admin' || auth?.tenantId === tenantId;

/** The trading database, the peers' stand-ins on a namespace of the file's own, and purchases. */
export async function createPurchaseHarness(): Promise<PurchaseHarness> {
  const base = await createTradingDatabase();
  const urls = testServiceUrls();
  const namespace = uniqueName('t');
  const broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();

  const wallets = new Map<string, LedgerWallet>();
  const users = new Map<string, IdentityUser>();
  const settleCalls: SettlePurchaseRequest[] = [];
  const booked = new Map<string, string>();
  const ledgerFailures = new Map<string, AppError[]>();
  const walletAt = (
    { userId, walletId }: { userId: string; walletId: string },
    auth?: AuthContext,
  ) => {
    const wallet = wallets.get(walletId);
    if (!wallet || wallet.userId !== userId || !visibleTo(auth, wallet.tenantId))
      throw Errors.notFound('wallet');
    return wallet;
  };

  const standIns: RpcServer[] = [];
  const standIn = async (service: ServiceName, handlers: [string, RpcHandler][]) => {
    const server = new RpcServer({
      broker,
      callers: new CallerPolicy('guest=*'),
      service,
      handlers: Object.fromEntries(handlers),
      access: RPC_ACCESS[service],
      prefetch: 16,
      logger: testLogger(),
    });
    await server.start();
    standIns.push(server);
  };
  await standIn('wallet-ledger', [
    answer('wallet-ledger', WALLET_RPC.getWallet, async (params, auth) =>
      walletView(walletAt(params, auth)),
    ),
    answer('wallet-ledger', WALLET_RPC.getWalletRef, async (params, auth) => {
      const wallet = walletAt(params, auth);
      const ref: WalletRefView = {
        id: wallet.id,
        userId: wallet.userId,
        tenantId: wallet.tenantId,
        assetId: wallet.assetId,
        chain: 'evm',
        address: walletView(wallet).address,
      };
      return ref;
    }),
    // Settles each purchase once: a purchase settled before is answered again, unchanged.
    answer('wallet-ledger', LEDGER_RPC.settlePurchase, async (request) => {
      settleCalls.push(request);
      const wallet = wallets.get(request.walletId);
      if (!wallet) throw Errors.notFound('wallet');
      const failure = ledgerFailures.get(wallet.id)?.shift();
      if (failure) throw failure;
      if (!booked.has(request.purchaseId)) {
        wallet.balance =
          request.operation === 'buy'
            ? add(wallet.balance, request.cryptoAmount)
            : sub(wallet.balance, request.cryptoAmount);
        booked.set(request.purchaseId, request.cryptoAmount);
      }
      return { purchaseId: request.purchaseId, walletBalance: wallet.balance };
    }),
  ]);
  await standIn('identity', [
    answer('identity', IDENTITY_RPC.getUserRef, async ({ id }, auth) => {
      const user = users.get(id);
      if (!user || !visibleTo(auth, user.tenantId)) throw Errors.notFound('user');
      const view: UserRefView = {
        id,
        createdAt: stamp,
        updatedAt: stamp,
        generalConditions: stamp,
        blocked: user.blocked,
        tenantId: user.tenantId,
      };
      return view;
    }),
  ]);
  const rpc = new RpcClient({
    broker,
    caller: 'trading',
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await rpc.start();

  return {
    ...base,
    purchases: new PurchasesService(
      base.db,
      rpc,
      base.assets,
      { fiatCurrency: MARKET.fiatCurrency, feeBps: FEE_BPS },
      testLogger(),
    ),
    wallets,
    users,
    settleCalls,
    booked,
    ledgerFailures,
    async events() {
      const { rows } = await base.pool.query<{
        name: string;
        tenant_id: string | null;
        envelope: any;
      }>('SELECT name, tenant_id, envelope FROM trading.outbox ORDER BY seq');
      return rows.map((r) => ({ name: r.name, tenantId: r.tenant_id, data: r.envelope.data }));
    },
    async close() {
      await rpc.stop();
      for (const server of standIns) await server.stop(1_000);
      await broker.close();
      await deleteMqNamespace(namespace);
      await base.close();
    },
  };
}

import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalView,
  type AuthContext,
  type CreatePurchaseRequest,
  type GovernedOperation,
  IDENTITY_RPC,
  LEDGER_RPC,
  type ListQuery,
  POLICY_RPC,
  type PolicyDecision,
  RPC_ACCESS,
  type ServiceName,
  type SettlePurchaseRequest,
  type UserRefView,
  WALLET_RPC,
  type WalletRefView,
  type WalletView,
} from '@custody/contracts';
import { type AppError, Errors } from '@custody/errors';
import {
  Broker,
  CallerPolicy,
  methodHandler,
  RpcClient,
  type RpcHandler,
  RpcServer,
} from '@custody/messaging';
import { add, sub } from '@custody/money';
import type { IdempotencyKey } from '@custody/persistence';
import { deleteMqNamespace, testLogger, testServiceUrls, uniqueName } from '@custody/testing';
import { createTradingDatabase, MARKET, type TradingDatabase } from '../test-harness';
import { CreatePurchase } from './create-purchase';
import { PurchaseGovernor } from './purchase-governor';
import { PurchaseSettlement } from './purchase-settlement';
import type { PurchaseView } from './purchase.view';
import { PurchasesService } from './purchases.service';
import { RecoverPendingPurchases } from './recover-pending-purchases';
import { SettlePurchaseApproval } from './settle-purchase-approval';

// Purchases against a real PostgreSQL (../test-harness.ts), with real RPC over RabbitMQ to
// stand-ins for the peers they ask: wallet-ledger (wallets, settlement), identity (the user) and
// policy (the decision on each purchase).

/** A purchase's fee: 1.5 %. */
export const FEE_BPS = 150;

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
  createPurchase: CreatePurchase;
  recovery: RecoverPendingPurchases;
  /** Applies approvals' outcomes to the purchases they held. */
  held: SettlePurchaseApproval;
  /** The policy service's stand-in's answer per wallet (absent: allowed). */
  decisions: Map<string, PolicyDecision>;
  /** Every purchase it was asked to decide on, in order. */
  evaluated: GovernedOperation[];
  /** Every purchase it was told to release. */
  released: string[];
  /** The approvals' outcomes it answers the sweep (`approvals.outcomes`), by approval id. */
  outcomes: Map<string, ApprovalView>;
  /** trading's RPC client (the sweep's). */
  rpc: RpcClient;
  /** The reads. */
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

  const decisions = new Map<string, PolicyDecision>();
  const evaluated: GovernedOperation[] = [];
  const released: string[] = [];
  const outcomes = new Map<string, ApprovalView>();
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
    methodHandler('wallet-ledger', WALLET_RPC.getWallet, async (params, { auth }) =>
      walletView(walletAt(params, auth)),
    ),
    methodHandler('wallet-ledger', WALLET_RPC.getWalletRef, async (params, { auth }) => {
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
    methodHandler('wallet-ledger', LEDGER_RPC.settlePurchase, async (request) => {
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
    methodHandler('identity', IDENTITY_RPC.getUserRef, async ({ id }, { auth }) => {
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
  await standIn('policy', [
    methodHandler('policy', POLICY_RPC.evaluate, async ({ operations }) => {
      evaluated.push(...operations);
      return {
        decisions: operations.map(
          (op) => decisions.get(op.legs[0]?.walletId ?? '') ?? { decision: 'allow' as const },
        ),
      };
    }),
    methodHandler('policy', POLICY_RPC.release, async ({ operationIds }) => {
      released.push(...operationIds);
      return { released: operationIds.length };
    }),
    methodHandler('policy', POLICY_RPC.approvalOutcomes, async ({ ids }) => ({
      approvals: ids.flatMap((id) => outcomes.get(id) ?? []),
    })),
  ]);
  const rpc = new RpcClient({
    broker,
    caller: 'trading',
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await rpc.start();

  const governor = new PurchaseGovernor(rpc);
  const settlement = new PurchaseSettlement(base.db, rpc, base.assets, governor);
  return {
    ...base,
    createPurchase: new CreatePurchase(base.db, rpc, base.assets, settlement, governor, {
      fiatCurrency: MARKET.fiatCurrency,
      feeBps: FEE_BPS,
    }),
    recovery: new RecoverPendingPurchases(base.db, settlement, testLogger()),
    held: new SettlePurchaseApproval(settlement),
    decisions,
    evaluated,
    released,
    outcomes,
    rpc,
    purchases: new PurchasesService(base.db, rpc),
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

/** The two tenants of the purchase specs, their clients and an admin. */
export const TENANT_A = 'tenant-a';
export const TENANT_B = 'tenant-b';
export const clientA: AuthContext = {
  clientId: 'client-a',
  tenantId: TENANT_A,
  audience: 'general',
};
export const clientB: AuthContext = {
  clientId: 'client-b',
  tenantId: TENANT_B,
  audience: 'general',
};
export const admin: AuthContext = { clientId: 'admin', tenantId: 'platform', audience: 'admin' };

/** The users, wallets and rates the purchase specs buy and sell with. */
export interface PurchaseWorld {
  alice: string;
  blockedUser: string;
  bob: string;
  /** Alice's wallets by asset (`doge` is no asset of the catalog). */
  walletOf: Record<string, string>;
  /** Bob's ether wallet (tenant B). */
  bobEth: string;
  /** The rate ether purchases use. */
  ethRate: string;
  /** A new wallet in wallet-ledger's stand-in; answers its id. */
  wallet(userId: string, tenantId: string, assetId: string, balance?: string): string;
  /** Alice's purchase of an asset, from her wallet of it. */
  request(
    assetId: string,
    operation: 'buy' | 'sell',
    amount: string,
    fields?: Partial<CreatePurchaseRequest>,
  ): CreatePurchaseRequest;
  /** Client A's Idempotency-Key. */
  key(name: string, requestHash?: string): IdempotencyKey;
  /** A purchase as its wallet's reader sees it. */
  viewOf(walletId: string, id: string, auth?: AuthContext, userId?: string): Promise<PurchaseView>;
  /** What a refusal must leave as it was: the purchases, the outbox, the ledger's calls. */
  traces(): Promise<{ purchases: number; outbox: number; settlements: number }>;
}

/** A list query of every row, oldest first. */
export const EVERY_ROW: ListQuery = {
  page: 1,
  limit: 100,
  sort: { field: 'createdAt', direction: 'asc' },
};

/**
 * Alice (tenant A, a wallet of each asset, one ether), a blocked user of hers and Bob (tenant B);
 * a fresh ether and usdc rate, a stale btc one, none for eurc, and a wbtc price at which a cent
 * buys less than its smallest unit.
 */
export async function seedPurchaseWorld(h: PurchaseHarness): Promise<PurchaseWorld> {
  const alice = uuidv7();
  const blockedUser = uuidv7();
  const bob = uuidv7();
  const wallet = (userId: string, tenantId: string, assetId: string, balance = '0') => {
    const id = uuidv7();
    h.wallets.set(id, { id, userId, tenantId, assetId, balance });
    return id;
  };
  h.users.set(alice, { tenantId: TENANT_A, blocked: false });
  h.users.set(blockedUser, { tenantId: TENANT_A, blocked: true });
  h.users.set(bob, { tenantId: TENANT_B, blocked: false });
  const walletOf: Record<string, string> = {};
  for (const assetId of ['eth', 'btc', 'usdc', 'eurc', 'wbtc', 'qubic', 'doge'])
    walletOf[assetId] = wallet(alice, TENANT_A, assetId, assetId === 'eth' ? '1' : '0');
  const bobEth = wallet(bob, TENANT_B, 'eth');
  const ethRate = await h.rate('eth', '2500.5');
  await h.rate('usdc', '0.92');
  await h.rate('btc', '58000.12', { ageMs: 61_000 });
  await h.rate('wbtc', '2000000');
  return {
    alice,
    blockedUser,
    bob,
    walletOf,
    bobEth,
    ethRate,
    wallet,
    request: (assetId, operation, amount, fields = {}) => ({
      userId: alice,
      walletId: walletOf[assetId]!,
      operation,
      amount,
      device: 'test-device',
      ip: '203.0.113.7',
      ...fields,
    }),
    key: (name, requestHash = 'hash-1') => ({ clientId: clientA.clientId, key: name, requestHash }),
    viewOf: (walletId, id, auth = clientA, userId = alice) =>
      h.purchases.get(auth, { userId, walletId, id }),
    traces: async () => ({
      purchases: await h.count('purchases'),
      outbox: await h.count('outbox'),
      settlements: h.settleCalls.length,
    }),
  };
}

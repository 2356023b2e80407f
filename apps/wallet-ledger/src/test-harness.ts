import { v7 as uuidv7 } from 'uuid';
import {
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  RPC_ACCESS,
  IDENTITY_RPC,
  LEDGER_RPC,
  POLICY_RPC,
  SIGNING_RPC,
  TRADING_RPC,
  WALLET_RPC,
  type AuthContext,
  type CatalogAsset,
  type GovernedOperation,
  type PolicyDecision,
  type ServiceName,
  type UserRefView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  Broker,
  devProofSigner,
  methodHandler,
  RpcClient,
  type RpcHandler,
  CallerPolicy,
  RpcServer,
} from '@custody/messaging';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
} from '@custody/testing';
import { AssetCatalog } from './assets/asset-catalog';
import { walletLedgerService } from './wallet-ledger.compose';

// wallet-ledger alone, over RPC as the gateway calls it, against a real PostgreSQL and RabbitMQ
// (a database and namespace of the test file's own). Its peers (identity, trading, signing,
// policy) are stand-ins on the same namespace that answer only what wallet-ledger asks of them.
// Whole flows through every process stay in stack-e2e.

export const TENANT = 'tenant-a';
export const OTHER_TENANT = 'tenant-b';
export const client: AuthContext = { clientId: 'client-a', tenantId: TENANT, audience: 'general' };
export const otherClient: AuthContext = {
  clientId: 'client-b',
  tenantId: OTHER_TENANT,
  audience: 'general',
};
export const admin: AuthContext = { clientId: 'admin', tenantId: 'admin', audience: 'admin' };
export const stamp = new Date('2026-01-01T00:00:00Z').toISOString();

/** A wallet by its user, as paths name it. */
export interface WalletRef {
  userId: string;
  walletId: string;
}

/** One leg of a transfer between two wallets (of `eth` unless said). */
export const leg = (from: WalletRef, to: WalletRef, amount: string, assetId = 'eth') => ({
  assetId,
  senderUserId: from.userId,
  senderWalletId: from.walletId,
  receiverUserId: to.userId,
  receiverWalletId: to.walletId,
  amount,
});

/** The policy stand-in's answer to `authorize`. */
export type Authorize = (
  params: RpcParams<'policy', typeof POLICY_RPC.authorize>,
) => Promise<RpcResult<'policy', typeof POLICY_RPC.authorize>>;
/** The signing stand-in's answer to `signEvmMessage`. */
export type SignMessage = (
  params: RpcParams<'signing', typeof SIGNING_RPC.signEvmMessage>,
) => Promise<RpcResult<'signing', typeof SIGNING_RPC.signEvmMessage>>;

/** What the policy service's stand-in decides on each operation wallet-ledger asks about. */
export type PolicyStandIn = (operation: GovernedOperation) => PolicyDecision;

/** A leg of exactly 13 is what its policies block; everything else is allowed. */
export const blockThirteen: PolicyStandIn = (operation) =>
  operation.legs.some((leg) => leg.amount === '13')
    ? { decision: 'block', policyIds: ['p-13'] }
    : { decision: 'allow' };

export interface LedgerHarness {
  service: RunningService<'wallet-ledger'>;
  broker: Broker;
  /** Calls wallet-ledger as the gateway does. */
  gateway: RpcClient;
  /** The users identity knows, by id. */
  users: Map<string, UserRefView>;
  /**
   * The policy service's decisions (`blockThirteen` until a spec sets another), and its signed
   * decision for an approved held signature (refused until a spec sets another).
   */
  policy: { decide: PolicyStandIn; released: string[]; authorize: Authorize };
  /** The signing service's signature of a message (refused until a spec sets another). */
  signing: { signMessage: SignMessage };
  /** The asset catalog, as wallet-ledger reads it from trading. */
  catalog: AssetCatalog;
  call<M extends RpcMethod<'wallet-ledger'>>(
    method: M,
    params: RpcParams<'wallet-ledger', M>,
    auth: AuthContext,
    idempotencyKey?: string,
  ): Promise<RpcResult<'wallet-ledger', M>>;
  /** A new user of the tenant, known to identity. */
  newUser(tenantId?: string): string;
  /** Opens the user's wallet of the asset; answers its id. */
  openWallet(userId: string, assetId?: string, auth?: AuthContext): Promise<string>;
  /** A new user of the tenant with a wallet of `eth`. */
  newWallet(tenantId?: string, auth?: AuthContext): Promise<WalletRef>;
  /** Credits a wallet through an admin-confirmed income (the manual adapter). */
  fund(walletId: string, amount: string): Promise<void>;
  balanceOf(userId: string, walletId: string, auth?: AuthContext): Promise<string>;
  close(): Promise<void>;
}

const asset = (id: string, decimals: number): CatalogAsset => ({
  id,
  name: id.toUpperCase(),
  symbol: id.toUpperCase(),
  createdAt: stamp,
  updatedAt: stamp,
  chain: 'evm',
  network: 'ethereum',
  chainId: '1',
  decimals,
  contractAddress: null,
  buyEnabled: true,
  sellEnabled: true,
});

/** wallet-ledger started on a database and namespace of its own, its peers stood in for. */
export async function createLedgerHarness(): Promise<LedgerHarness> {
  const urls = testServiceUrls();
  const database = await createTestDatabase();
  const namespace = uniqueName('t');
  const broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
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

  const users = new Map<string, UserRefView>();
  const refuseDecision: Authorize = async () => {
    throw Errors.forbidden('The stand-in decides nothing.', 'decision_refused');
  };
  // It signs no message: its refusal is what a signature whose decision came signed meets.
  const refuseMessage: SignMessage = async () => {
    throw Errors.forbidden('The stand-in signs no message.', 'decision_refused');
  };
  const policy = { decide: blockThirteen, released: [] as string[], authorize: refuseDecision };
  const signing = { signMessage: refuseMessage };
  await standIn('trading', [
    methodHandler('trading', TRADING_RPC.assetCatalog, async () => [
      asset('eth', 18),
      asset('usdc', 6),
    ]),
  ]);
  await standIn('identity', [
    methodHandler('identity', IDENTITY_RPC.getUserRef, async ({ id }, { auth }) => {
      const user = users.get(id);
      if (!user || (auth?.audience !== 'admin' && user.tenantId !== auth?.tenantId)) {
        throw Errors.notFound('user');
      }
      return user;
    }),
  ]);
  await standIn('policy', [
    methodHandler('policy', POLICY_RPC.evaluate, async ({ operations }) => ({
      decisions: operations.map((operation) => policy.decide(operation)),
    })),
    methodHandler('policy', POLICY_RPC.release, async ({ operationIds }) => {
      policy.released.push(...operationIds);
      return { released: operationIds.length };
    }),
    methodHandler('policy', POLICY_RPC.authorize, (params) => policy.authorize(params)),
  ]);
  let index = 0;
  await standIn('signing', [
    methodHandler('signing', SIGNING_RPC.deriveKey, async ({ ownerId, chain }) => {
      index += 1;
      return {
        ownerId,
        chain,
        address: `0x${index.toString(16).padStart(40, '0')}`,
        derivationPath: `m/44'/60'/0'/0/${index}`,
        derivationIndex: index,
      };
    }),
    methodHandler('signing', SIGNING_RPC.signEvmMessage, (params) => signing.signMessage(params)),
  ]);
  const service = await startService(walletLedgerService, {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    REDIS_URL: urls.redisUrl,
    REDIS_KEY_PREFIX: namespace,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const gateway = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await gateway.start();

  const call: LedgerHarness['call'] = (method, params, auth, idempotencyKey) =>
    gateway.call('wallet-ledger', method, params, {
      auth,
      ...(idempotencyKey ? { idempotencyKey: { key: idempotencyKey, requestHash: 'h' } } : {}),
    });
  const newUser = (tenantId = TENANT) => {
    const id = uuidv7();
    users.set(id, {
      id,
      tenantId,
      createdAt: stamp,
      updatedAt: stamp,
      generalConditions: stamp,
      blocked: false,
    });
    return id;
  };
  const openWallet = async (userId: string, assetId = 'eth', auth = client) => {
    const { id } = await call(
      WALLET_RPC.createWallet,
      { userId, assetId, device: 'test', ip: '203.0.113.1' },
      auth,
    );
    return id;
  };
  return {
    service,
    broker,
    gateway,
    users,
    policy,
    signing,
    catalog: new AssetCatalog(service.deps.rpc),
    call,
    newUser,
    openWallet,
    async newWallet(tenantId = TENANT, auth = client) {
      const userId = newUser(tenantId);
      return { userId, walletId: await openWallet(userId, 'eth', auth) };
    },
    async fund(walletId, amount) {
      const { id } = await call(
        LEDGER_RPC.createIncome,
        {
          walletId,
          amount,
          blockchainTransactionId: `0x${uuidv7().replace(/-/g, '')}`,
          senderAddress: '0x000000000000000000000000000000000000dEaD',
          transactionTimestamp: stamp,
        },
        admin,
      );
      await call(LEDGER_RPC.updateIncome, { id, status: 'confirmed' }, admin);
    },
    async balanceOf(userId, walletId, auth = client) {
      return (await call(WALLET_RPC.getWallet, { userId, walletId }, auth)).balance;
    },
    async close() {
      await gateway.stop();
      await service.stop();
      for (const server of standIns) await server.stop(1_000);
      await broker.close();
      await deleteMqNamespace(namespace);
      await database.drop();
    },
  };
}

import { v7 as uuidv7 } from 'uuid';
import {
  RPC_ACCESS,
  IDENTITY_RPC,
  LEDGER_RPC,
  POLICY_RPC,
  SIGNING_RPC,
  TRADING_RPC,
  WALLET_RPC,
  type AuthContext,
  type CatalogAsset,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  type ServiceName,
  type UserRefView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  Broker,
  devProofSigner,
  RpcClient,
  type RpcHandler,
  CallerPolicy,
  RpcServer,
} from '@custody/messaging';
import { add } from '@custody/money';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  type TestDatabase,
} from '@custody/testing';
import { walletLedgerService } from './wallet-ledger.compose';

// wallet-ledger alone, over RPC as the gateway calls it, against a real PostgreSQL and RabbitMQ.
// Its peers (identity, trading, signing) are stand-ins on the same broker namespace that answer
// only what wallet-ledger asks of them. Whole flows through every process stay in stack-e2e.

let database: TestDatabase;
let namespace: string;
let service: RunningService<'wallet-ledger'>;
let broker: Broker;
let gateway: RpcClient;
const standIns: RpcServer[] = [];

const TENANT = 'tenant-a';
const OTHER_TENANT = 'tenant-b';
const client: AuthContext = { clientId: 'client-a', tenantId: TENANT, audience: 'general' };
const otherClient: AuthContext = {
  clientId: 'client-b',
  tenantId: OTHER_TENANT,
  audience: 'general',
};
const admin: AuthContext = { clientId: 'admin', tenantId: 'admin', audience: 'admin' };

/** The users identity knows, by id. */
const users = new Map<string, UserRefView>();
const stamp = new Date('2026-01-01T00:00:00Z').toISOString();

function newUser(tenantId = TENANT): string {
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

/** A stand-in for one method of a peer, typed by that peer's contract. */
function answer<S extends ServiceName, M extends RpcMethod<S>>(
  _service: S,
  method: M,
  handler: (params: RpcParams<S, M>, auth: AuthContext | undefined) => Promise<RpcResult<S, M>>,
): [string, RpcHandler] {
  // The stand-in receives what wallet-ledger's typed call sent.
  return [method, (params, ctx) => handler(params as RpcParams<S, M>, ctx.auth)];
}

async function standIn(service: ServiceName, handlers: [string, RpcHandler][]) {
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
}

const call = <M extends RpcMethod<'wallet-ledger'>>(
  method: M,
  params: RpcParams<'wallet-ledger', M>,
  auth: AuthContext,
  idempotencyKey?: string,
) =>
  gateway.call('wallet-ledger', method, params, {
    auth,
    ...(idempotencyKey ? { idempotencyKey: { key: idempotencyKey, requestHash: 'h' } } : {}),
  });

async function openWallet(userId: string, assetId = 'eth', auth = client): Promise<string> {
  const { id } = await call(
    WALLET_RPC.createWallet,
    { userId, assetId, device: 'test', ip: '203.0.113.1' },
    auth,
  );
  return id;
}

/** Credits a wallet through an admin-confirmed income (the manual adapter). */
async function fund(walletId: string, amount: string): Promise<void> {
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
}

const balanceOf = async (userId: string, walletId: string, auth = client) =>
  (await call(WALLET_RPC.getWallet, { userId, walletId }, auth)).balance;

const leg = (
  from: { userId: string; walletId: string },
  to: { userId: string; walletId: string },
  amount: string,
  assetId = 'eth',
) => ({
  assetId,
  senderUserId: from.userId,
  senderWalletId: from.walletId,
  receiverUserId: to.userId,
  receiverWalletId: to.walletId,
  amount,
});

beforeAll(async () => {
  const urls = testServiceUrls();
  database = await createTestDatabase();
  namespace = uniqueName('t');
  broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  await standIn('trading', [
    answer('trading', TRADING_RPC.assetCatalog, async () => [asset('eth', 18), asset('usdc', 6)]),
  ]);
  await standIn('identity', [
    answer('identity', IDENTITY_RPC.getUserRef, async ({ id }, auth) => {
      const user = users.get(id);
      if (!user || (auth?.audience !== 'admin' && user.tenantId !== auth?.tenantId)) {
        throw Errors.notFound('user');
      }
      return user;
    }),
  ]);
  // The policy service's part: a withdrawal of exactly 13 is what its policies block.
  await standIn('policy', [
    answer('policy', POLICY_RPC.evaluate, async ({ operations }) => ({
      decisions: operations.map((operation) =>
        operation.legs.some((leg) => leg.amount === '13')
          ? { decision: 'block' as const, policyIds: ['p-13'] }
          : { decision: 'allow' as const },
      ),
    })),
    answer('policy', POLICY_RPC.release, async ({ operationIds }) => ({
      released: operationIds.length,
    })),
  ]);
  let index = 0;
  await standIn('signing', [
    answer('signing', SIGNING_RPC.deriveKey, async ({ ownerId, chain }) => {
      index += 1;
      return {
        ownerId,
        chain,
        address: `0x${index.toString(16).padStart(40, '0')}`,
        derivationPath: `m/44'/60'/0'/0/${index}`,
        derivationIndex: index,
      };
    }),
  ]);
  service = await startService(walletLedgerService, {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    REDIS_URL: urls.redisUrl,
    REDIS_KEY_PREFIX: namespace,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
  });
  gateway = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await gateway.start();
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  await service?.stop();
  for (const server of standIns) await server.stop(1_000);
  await broker?.close();
  await deleteMqNamespace(namespace);
  await database?.drop();
});

describe('wallets', () => {
  it('opens one wallet per user and asset, with a zero balance, visible to its tenant only', async () => {
    const userId = newUser();
    const walletId = await openWallet(userId);
    const wallet = await call(WALLET_RPC.getWallet, { userId, walletId }, client);
    expect(wallet).toMatchObject({ id: walletId, balance: '0', availableBalance: '0' });
    expect(wallet.asset.id).toBe('eth');
    await expect(openWallet(userId)).rejects.toMatchObject({ status: 409, code: 'wallet_exists' });
    await expect(
      call(WALLET_RPC.getWallet, { userId, walletId }, otherClient),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('transfers', () => {
  let alice: { userId: string; walletId: string };
  let bob: { userId: string; walletId: string };

  beforeAll(async () => {
    const a = newUser();
    const b = newUser();
    alice = { userId: a, walletId: await openWallet(a) };
    bob = { userId: b, walletId: await openWallet(b) };
    await fund(alice.walletId, '10');
  });

  it('moves an exact amount between two wallets and answers the approved transfer', async () => {
    const transfer = await call(
      LEDGER_RPC.createTransfer,
      { requestedTransactions: [leg(alice, bob, '1.000000000000000001')] },
      client,
    );
    expect(transfer.status).toBe('approved');
    expect(transfer.transactions.map((t) => t.amount)).toEqual(['1.000000000000000001']);
    expect(await balanceOf(alice.userId, alice.walletId)).toBe('8.999999999999999999');
    expect(await balanceOf(bob.userId, bob.walletId)).toBe('1.000000000000000001');
    expect(await call(LEDGER_RPC.getTransfer, { id: transfer.id }, client)).toEqual(transfer);
  });

  it('refuses a transfer that overdraws any leg and applies none of its legs', async () => {
    const before = await balanceOf(alice.userId, alice.walletId);
    await expect(
      call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '1'), leg(alice, bob, '1000')] },
        client,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'insufficient_balance' });
    expect(await balanceOf(alice.userId, alice.walletId)).toBe(before);
  });

  it('refuses more decimals than the asset has, zero, a wallet of another tenant, and another tenant sender', async () => {
    await expect(
      call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '0.0000000000000000001')] },
        client,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(
      call(LEDGER_RPC.createTransfer, { requestedTransactions: [leg(alice, bob, '0')] }, client),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(
      call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '1')] },
        otherClient,
      ),
    ).rejects.toMatchObject({ status: 404 });
    const stranger = newUser(OTHER_TENANT);
    const theirs = { userId: stranger, walletId: await openWallet(stranger, 'eth', otherClient) };
    await expect(
      call(LEDGER_RPC.createTransfer, { requestedTransactions: [leg(alice, theirs, '1')] }, client),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'body.requestedTransactions.0.receiverWalletId' }],
    });
  });

  it('answers a retried Idempotency-Key with the first transfer and moves the funds once', async () => {
    const before = await balanceOf(bob.userId, bob.walletId);
    const key = uuidv7();
    const request = { requestedTransactions: [leg(alice, bob, '0.5')] };
    const [first, second] = await Promise.all([
      call(LEDGER_RPC.createTransfer, request, client, key),
      call(LEDGER_RPC.createTransfer, request, client, key),
    ]);
    const third = await call(LEDGER_RPC.createTransfer, request, client, key);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await balanceOf(bob.userId, bob.walletId)).toBe(add(before, '0.5'));
  });

  it('decides concurrent transfers against the balance each leaves: exactly the covered ones pass', async () => {
    const u = newUser();
    const payer = { userId: u, walletId: await openWallet(u) };
    await fund(payer.walletId, '5');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        call(
          LEDGER_RPC.createTransfer,
          { requestedTransactions: [leg(payer, bob, '0.5')] },
          client,
        ),
      ),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' && (r.reason as { code?: string }).code === 'insufficient_balance',
    );
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(10);
    expect(await balanceOf(payer.userId, payer.walletId)).toBe('0');
    const check = await call(LEDGER_RPC.checkLedger, {}, admin);
    expect(check).toMatchObject({ ok: true, violations: [] });
  });

  it('stops a blocked sender at once, from the block identity applies before it commits', async () => {
    const u = newUser();
    const sender = { userId: u, walletId: await openWallet(u) };
    await fund(sender.walletId, '1');
    const user = users.get(u)!;
    const identity = new RpcClient({
      broker,
      caller: 'identity',
      signer: devProofSigner('identity'),
      defaultTimeoutMs: 10_000,
      logger: testLogger(),
    });
    await identity.start();
    // Only identity may apply a block; the gateway may not.
    const block = { user: { ...user, blocked: true }, tenantId: TENANT };
    await expect(
      gateway.call('wallet-ledger', WALLET_RPC.applyUserRef, block, { auth: admin }),
    ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    // A block is applied in identity's own name: the method takes no auth context at all.
    await expect(
      identity.call('wallet-ledger', WALLET_RPC.applyUserRef, block, { auth: admin }),
    ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    await identity.call('wallet-ledger', WALLET_RPC.applyUserRef, block);
    await identity.stop();
    await expect(
      call(LEDGER_RPC.createTransfer, { requestedTransactions: [leg(sender, bob, '1')] }, client),
    ).rejects.toMatchObject({ status: 403, code: 'user_blocked' });
  });

  it('lists only the transfers of the caller tenant', async () => {
    const mine = await call(
      LEDGER_RPC.listTransfers,
      { list: { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } } },
      client,
    );
    expect(mine.total).toBeGreaterThan(0);
    const theirs = await call(
      LEDGER_RPC.listTransfers,
      { list: { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } } },
      otherClient,
    );
    expect(theirs).toEqual({ items: [], total: 0 });
  });
});

describe('withdrawals and incomes', () => {
  let owner: { userId: string; walletId: string };
  const receiverAddress = '0x000000000000000000000000000000000000dead';
  const withdraw = (amount: string) =>
    call(
      LEDGER_RPC.createWithdrawal,
      { ...owner, assetId: 'eth', receiverAddress, amount, device: 'test', ip: '203.0.113.1' },
      client,
    );
  const wallet = () => call(WALLET_RPC.getWallet, owner, client);

  beforeAll(async () => {
    const u = newUser();
    owner = { userId: u, walletId: await openWallet(u) };
    await fund(owner.walletId, '2');
  });

  it('holds a withdrawal at once and gives the hold back when it is cancelled', async () => {
    const { id } = await withdraw('0.5');
    expect(await wallet()).toMatchObject({ balance: '2', availableBalance: '1.5' });
    const cancelled = await call(LEDGER_RPC.updateWithdrawal, { id, status: 'cancelled' }, admin);
    expect(cancelled.status).toBe('cancelled');
    expect(await wallet()).toMatchObject({ balance: '2', availableBalance: '2' });
    await expect(
      call(LEDGER_RPC.updateWithdrawal, { id, status: 'prepared' }, admin),
    ).rejects.toMatchObject({ status: 409, code: 'illegal_transition' });
  });

  it('debits the wallet once the withdrawal is confirmed, its network fee out of the amount', async () => {
    const { id } = await withdraw('0.5');
    await call(
      LEDGER_RPC.updateWithdrawal,
      { id, status: 'broadcast', blockchainTransactionId: `0x${'ab'.repeat(32)}` },
      admin,
    );
    const confirmed = await call(
      LEDGER_RPC.updateWithdrawal,
      { id, status: 'confirmed', fee: '0.001' },
      admin,
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', amount: '0.5', fee: '0.001' });
    expect(await wallet()).toMatchObject({ balance: '1.5', availableBalance: '1.5' });
    expect(await call(LEDGER_RPC.checkLedger, {}, admin)).toMatchObject({ ok: true });
  });

  it('refuses a withdrawal a policy blocks with 403 policy_blocked, and holds nothing', async () => {
    // The policies decide before any balance is looked at.
    const before = await wallet();
    await expect(withdraw('13')).rejects.toMatchObject({
      status: 403,
      code: 'policy_blocked',
      details: { policyIds: ['p-13'] },
    });
    expect(await wallet()).toEqual(before);
  });

  it('refuses a withdrawal beyond the available balance and holds nothing', async () => {
    await expect(withdraw('1.6')).rejects.toMatchObject({
      status: 400,
      code: 'insufficient_balance',
    });
    expect(await wallet()).toMatchObject({ balance: '1.5', availableBalance: '1.5' });
  });

  it('credits nothing for a failed income, and a settled income cannot change again', async () => {
    const { id } = await call(
      LEDGER_RPC.createIncome,
      {
        walletId: owner.walletId,
        amount: '7',
        blockchainTransactionId: `0x${'cd'.repeat(32)}`,
        senderAddress: receiverAddress,
        transactionTimestamp: stamp,
      },
      admin,
    );
    const failed = await call(LEDGER_RPC.updateIncome, { id, status: 'failed' }, admin);
    expect(failed.status).toBe('failed');
    expect(await wallet()).toMatchObject({ balance: '1.5' });
    await expect(
      call(LEDGER_RPC.updateIncome, { id, status: 'confirmed' }, admin),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      call(LEDGER_RPC.updateIncome, { id, status: 'confirmed' }, client),
    ).rejects.toMatchObject({ status: 403 });
  });
});

import path from 'node:path';
import { type ChainStatusView, LEDGER_RPC, SIGNATURE_RPC, WALLET_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { ownsIdempotency, type RpcHandlers } from '@custody/messaging';
import { requireAdmin } from '@custody/tenancy';
import { formatEther, type JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import { canonical } from '@custody/money';
import { AssetCatalog } from './assets/asset-catalog';
import { startChainJobs } from './chain/chain-jobs';
import { DepositWatcher } from './chain/deposit-watcher';
import { connectEvm, type EvmNetwork, resolveEvmNetwork } from './chain/evm-network';
import { WithdrawalSender } from './chain/withdrawal-sender';
import { PurchaseSettlement } from './purchases/purchase-settlement';
import { IncomesService } from './incomes/incomes.service';
import { LedgerCheckService } from './ledger/ledger-check.service';
import { TransactionsService } from './transactions/transactions.service';
import { TransfersService } from './transfers/transfers.service';
import { WithdrawalsService } from './withdrawals/withdrawals.service';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { SignaturesService } from './signatures/signatures.service';
import { applyBlock, userEventHandlers } from './users/user-events';
import { approvalEventHandlers } from './policies/approval-events';
import { Governor } from './policies/governed';
import { WalletsService } from './wallets/wallets.service';

type Deps = ServiceDeps<'wallet-ledger'>;

interface Parts {
  catalog: AssetCatalog;
  incomes: IncomesService;
  withdrawals: WithdrawalsService;
  transfers: TransfersService;
  signatures: SignaturesService;
  chain?: {
    network: EvmNetwork;
    provider: JsonRpcProvider;
    watcher: DepositWatcher;
    sender: WithdrawalSender;
  };
}

const built = new WeakMap<Deps, Parts>();

function parts(deps: Deps): Parts {
  const existing = built.get(deps);
  if (existing) return existing;
  const catalog = new AssetCatalog(deps.rpc);
  const governor = new Governor(deps.rpc);
  const withdrawals = new WithdrawalsService(deps.db, deps.rpc, catalog, governor);
  const created: Parts = {
    catalog,
    incomes: new IncomesService(deps.db, catalog),
    withdrawals,
    transfers: new TransfersService(deps.db, deps.pool, catalog, governor),
    signatures: new SignaturesService(
      deps.db,
      deps.rpc,
      catalog,
      withdrawals,
      governor,
      () => parts(deps).chain?.network,
    ),
  };
  built.set(deps, created);
  return created;
}

/** The chain adapter's state for admins: `manual` when no network is configured. */
async function chainStatus(deps: Deps): Promise<ChainStatusView> {
  const chain = parts(deps).chain;
  if (!chain)
    return { mode: deps.config.EVM_RPC_URL ? ('starting' as const) : ('manual' as const) };
  const station = await chain.sender.gasStationAddress();
  const [head, cursor, balance] = await Promise.all([
    chain.provider.getBlockNumber(),
    chain.watcher.readCursor(),
    chain.provider.getBalance(station),
  ]);
  return {
    mode: 'evm' as const,
    network: chain.network.name,
    chainId: chain.network.chainId,
    confirmations: chain.network.confirmations,
    head,
    cursor: cursor ?? null,
    nativeAssetId: chain.network.nativeAssetId,
    tokens: Object.fromEntries(chain.network.tokens),
    gasStation: { address: station, balance: canonical(formatEther(balance)) },
  };
}

function createHandlers(deps: Deps): RpcHandlers<'wallet-ledger'> {
  const { catalog, incomes, withdrawals, transfers, signatures } = parts(deps);
  const ledgerCheck = new LedgerCheckService(deps.pool);
  const wallets = new WalletsService(deps.db, deps.rpc, catalog);
  const transactions = new TransactionsService(deps.db, catalog);
  const purchases = new PurchaseSettlement(deps.db);
  return {
    [WALLET_RPC.createWallet]: (params, ctx) => wallets.create(ctx.auth, params),
    [WALLET_RPC.listWallets]: (params, ctx) => wallets.list(ctx.auth, params),
    [WALLET_RPC.getWallet]: (p, ctx) => wallets.get(ctx.auth, p.userId, p.walletId),
    [WALLET_RPC.getWalletRef]: (p, ctx) => wallets.getRef(ctx.auth, p.userId, p.walletId),
    [WALLET_RPC.deleteWallet]: (p, ctx) => wallets.remove(ctx.auth, p.userId, p.walletId, p),
    [SIGNATURE_RPC.sign]: (params, ctx) => signatures.sign(ctx.auth, params),
    [SIGNATURE_RPC.list]: (params, ctx) => signatures.list(ctx.auth, params),
    [SIGNATURE_RPC.get]: (params, ctx) => signatures.get(ctx.auth, params),
    // Money movements handle their Idempotency-Key inside their own transaction (exactly-once).
    [LEDGER_RPC.createTransfer]: ownsIdempotency((params, ctx) =>
      transfers.create(ctx.auth, params, ctx.idempotency, ctx.deadline),
    ),
    [LEDGER_RPC.listTransfers]: (p, ctx) => transfers.list(ctx.auth, p.list),
    [LEDGER_RPC.getTransfer]: (p, ctx) => transfers.get(ctx.auth, p.id),
    [LEDGER_RPC.createIncome]: ownsIdempotency((params, ctx) =>
      incomes.create(ctx.auth, params, ctx.idempotency),
    ),
    [LEDGER_RPC.updateIncome]: ownsIdempotency((p, ctx) =>
      incomes.updateStatus(ctx.auth, p.id, p.status, ctx.idempotency),
    ),
    [LEDGER_RPC.settlePurchase]: (params) => purchases.settle(params),
    [LEDGER_RPC.listIncomes]: (params, ctx) => incomes.list(ctx.auth, params),
    [LEDGER_RPC.getIncome]: (params, ctx) => incomes.get(ctx.auth, params),
    [LEDGER_RPC.createWithdrawal]: ownsIdempotency((params, ctx) =>
      withdrawals.create(ctx.auth, params, ctx.idempotency),
    ),
    [LEDGER_RPC.updateWithdrawal]: ownsIdempotency((p, ctx) =>
      withdrawals.transition(ctx.auth, p.id, p, ctx.idempotency),
    ),
    [LEDGER_RPC.listWithdrawals]: (params, ctx) => withdrawals.list(ctx.auth, params),
    [LEDGER_RPC.getWithdrawal]: (params, ctx) => withdrawals.get(ctx.auth, params),
    [LEDGER_RPC.listTransactions]: (params, ctx) => transactions.list(ctx.auth, params),
    [LEDGER_RPC.getTransaction]: (params, ctx) => transactions.get(ctx.auth, params),
    [LEDGER_RPC.checkLedger]: async (_params, ctx) => {
      requireAdmin(ctx.auth);
      return ledgerCheck.advance();
    },
    [LEDGER_RPC.chainStatus]: async (_params, ctx) => {
      requireAdmin(ctx.auth);
      return chainStatus(deps);
    },
    [WALLET_RPC.countUserWallets]: (p, ctx) => wallets.countForUser(ctx.auth, p.userId),
    [WALLET_RPC.applyUserRef]: async (p) => {
      if (!p.user.blocked) throw Errors.badRequest('Only blocks are applied directly.');
      await applyBlock(deps.db, p.user, p.tenantId);
      return { applied: true };
    },
  };
}

/** The EVM adapter's deposit watcher and withdrawal sender, running as BullMQ jobs. */
async function runChain(deps: Deps, url: string, redis: Redis): Promise<() => Promise<void>> {
  const { catalog, incomes, withdrawals } = parts(deps);
  const network = await resolveEvmNetwork(deps.config, catalog);
  const provider = await connectEvm(url, network.chainId);
  try {
    const watcher = new DepositWatcher(deps.db, provider, network, incomes, catalog, deps.logger);
    const sender = new WithdrawalSender(
      deps.db,
      provider,
      network,
      withdrawals,
      catalog,
      deps.rpc,
      deps.logger,
    );
    const gasStation = await sender.gasStationAddress();
    const stop = await startChainJobs(
      network.name,
      { deposits: () => watcher.poll(), withdrawals: () => sender.poll() },
      redis,
      deps.config.REDIS_KEY_PREFIX,
      network.pollIntervalMs,
      deps.logger,
    );
    parts(deps).chain = { network, provider, watcher, sender };
    deps.logger.info(
      {
        network: network.name,
        chainId: network.chainId,
        tokens: Object.fromEntries(network.tokens),
        gasStation,
      },
      'EVM adapter started',
    );
    return async () => {
      await stop();
      provider.destroy();
    };
  } catch (error) {
    provider.destroy();
    throw error;
  }
}

/**
 * With EVM_RPC_URL, starts the EVM adapter in the background: it needs trading (the catalog),
 * signing (the gas station key) and the node, which may come up after this process; until they
 * answer it retries, and the rest of wallet-ledger serves meanwhile.
 */
async function startChain(deps: Deps): Promise<(() => Promise<void>) | void> {
  const url = deps.config.EVM_RPC_URL;
  if (!url) return;
  const redis = deps.redis;
  if (!redis) throw new Error('The EVM adapter needs REDIS_URL for its jobs');
  let stopped = false;
  let stopChain: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const attempt = async (delayMs: number): Promise<void> => {
    if (stopped) return;
    try {
      stopChain = await runChain(deps, url, redis);
    } catch (error) {
      deps.logger.warn({ err: error, retryInMs: delayMs }, 'EVM adapter not started yet');
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, delayMs);
      });
      return attempt(Math.min(delayMs * 2, 30_000));
    }
  };
  const starting = attempt(500);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    wake?.();
    await starting;
    await stopChain?.();
  };
}

/** Wallets, the double-entry ledger and its money movements, and the chain adapter. */
export const walletLedgerService: ServiceDefinition<'wallet-ledger'> = {
  app: 'wallet-ledger',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
  eventHandlers: (deps) => ({
    ...{},
    ...userEventHandlers(),
    ...approvalEventHandlers(parts(deps)),
  }),
  onStart: startChain,
};

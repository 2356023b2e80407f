import type { ChainStatusView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { canonical } from '@custody/money';
import type { ServiceDeps } from '@custody/service-kit';
import { formatEther, type JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { ChainDeposits } from '../incomes/chain-deposits';
import type { ReconciliationService } from '../reconciliation/reconciliation.service';
import type { RestoreChain } from '../restore/restore-procedure';
import type { WithdrawalRow } from '../schema';
import type { ReplacementKind, WithdrawalChainAdapter } from '../withdrawals/chain-adapter';
import { ChainNodes, nodeUrls } from './chain-nodes';
import { startChainJobs } from './chain-jobs';
import { EvmChainReader } from './chain-reader';
import { DepositWatcher } from './deposit-watcher';
import { type EvmNetwork, resolveEvmNetwork } from './evm-network';
import { chainCount } from './nonces';
import type { BooksBehind, ChainCount } from './nonces.rules';
import { WithdrawalSender, type WithdrawalSteps } from './withdrawal-sender';

type Deps = ServiceDeps<'wallet-ledger'>;

/**
 * What the adapter asks of the restore (restore/restore-procedure.ts): nothing is sent until a
 * restore resolves, whether it was open at start or opened while the jobs run.
 */
export interface AdapterRestore {
  /** Once the node answers, before the jobs start: resolves once money may move. */
  untilOpen(chain: RestoreChain): Promise<void>;
  /** Before each job run: whether it may run; while not, `runPass` runs the restore a step. */
  admit(chain: RestoreChain, runPass: boolean): Promise<boolean>;
  /** The sender found the books behind the chain at an address: a restore opens. */
  booksBehind(chain: RestoreChain, found: BooksBehind): Promise<void>;
}

interface Running {
  network: EvmNetwork;
  nodes: ChainNodes;
  provider: JsonRpcProvider;
  watcher: DepositWatcher;
  sender: WithdrawalSender;
  /** The books found behind the chain at an address: a restore opens. */
  booksBehind: (found: BooksBehind) => Promise<void>;
}

/**
 * The EVM adapter's deposit watcher and withdrawal sender, running as BullMQ jobs. Built with
 * the rest of wallet-ledger; what it learns once the node answers (the network, the provider) it
 * keeps itself, so nothing is patched into the object graph after start. It writes no
 * withdrawal or income: it asks the node, then calls the withdrawals and incomes modules'
 * use-cases. To the withdrawals module it is a chain adapter (the port of
 * withdrawals/chain-adapter.ts): it sends its network's assets, and replaces their transactions.
 */
export class EvmAdapter implements WithdrawalChainAdapter {
  private running: Running | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly catalog: AssetCatalog,
    private readonly deposits: ChainDeposits,
    private readonly withdrawals: WithdrawalSteps,
    private readonly reconciliation?: ReconciliationService,
    /**
     * A restore matches the chain and checks the books once the node answers, before the jobs
     * start and whenever one opens while they run; nothing is sent until it resolves.
     */
    private readonly restore?: AdapterRestore,
  ) {}

  /** The network the adapter follows, once it runs. */
  network(): EvmNetwork | undefined {
    return this.running?.network;
  }

  /** The node's count of an address's transactions, once it runs (a client's signed nonce). */
  async count(address: string): Promise<ChainCount | undefined> {
    const running = this.running;
    return running ? chainCount(running.provider, address) : undefined;
  }

  /**
   * The books found behind the chain at an address outside the sender (a client's signed
   * transaction's nonce): a restore opens as when the sender finds it.
   */
  async booksBehind(found: BooksBehind): Promise<void> {
    const running = this.running;
    if (!running)
      throw new Error(`books behind the chain before the adapter runs: ${found.address}`);
    await running.booksBehind(found);
  }

  /** Whether it sends the asset's withdrawals: its network's native coin and tokens, once it runs. */
  sends(assetId: string): boolean {
    const network = this.running?.network;
    return (
      network !== undefined && (network.nativeAssetId === assetId || network.tokens.has(assetId))
    );
  }

  /**
   * A speed-up or cancel of a broadcast withdrawal the adapter sends: its transaction replaced
   * at its nonce with higher fees (docs/decisions/chain-connectivity.md).
   */
  async replace(w: WithdrawalRow, kind: ReplacementKind): Promise<void> {
    const chain = this.running;
    if (!chain)
      throw Errors.conflict('No chain adapter sends withdrawals here.', 'chain_adapter_off');
    await chain.sender.replacements.replace(w, kind);
  }

  /** The chain adapter's state for admins: `manual` when no network is configured. */
  async status(): Promise<ChainStatusView> {
    const chain = this.running;
    if (!chain)
      return {
        mode: nodeUrls(this.deps.config).length > 0 ? ('starting' as const) : ('manual' as const),
      };
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
      quorum: chain.nodes.quorum,
      nodes: chain.nodes.nodes.map((node) => ({
        label: node.label,
        origin: node.origin,
        up: node.up,
        disagreements: node.disagreements,
      })),
    };
  }

  /**
   * With EVM_RPC_URL (or EVM_RPC_URLS), starts the adapter in the background: it needs trading (the catalog),
   * signing (the gas station key) and the node, which may come up after this process; until they
   * answer it retries, and the rest of wallet-ledger serves meanwhile.
   */
  async start(): Promise<(() => Promise<void>) | void> {
    const { deps } = this;
    const urls = nodeUrls(deps.config);
    if (urls.length === 0) return;
    const redis = deps.redis;
    if (!redis) throw new Error('The EVM adapter needs REDIS_URL for its jobs');
    let stopped = false;
    let stopChain: (() => Promise<void>) | undefined;
    let timer: NodeJS.Timeout | undefined;
    let wake: (() => void) | undefined;
    const attempt = async (delayMs: number): Promise<void> => {
      if (stopped) return;
      try {
        stopChain = await this.run(urls, redis);
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

  /** The reconciliation job: a run on its own interval (docs/decisions/reconciliation.md). */
  private reconcileJob(
    provider: JsonRpcProvider,
    network: EvmNetwork,
    gasStation: () => Promise<string>,
    admitted: (run: () => Promise<void>) => () => Promise<void>,
  ) {
    const { reconciliation, deps } = this;
    if (!reconciliation) return {};
    const reader = new EvmChainReader(provider, network, this.catalog, gasStation);
    const run = async () => {
      const done = await reconciliation.run(reader);
      if (done.outcome === 'deferred')
        deps.logger.info(done, 'reconciliation deferred: the deposit scan is behind its block');
    };
    return { reconcile: { run: admitted(run), everyMs: deps.config.EVM_RECONCILE_INTERVAL_MS } };
  }

  private async run(urls: string[], redis: Redis): Promise<() => Promise<void>> {
    const { deps, catalog } = this;
    const network = await resolveEvmNetwork(deps.config, catalog);
    const nodes = await ChainNodes.connect(urls, {
      chainId: network.chainId,
      quorum: deps.config.EVM_RPC_QUORUM,
      network: network.name,
      logger: deps.logger,
    });
    const provider = nodes.primary;
    try {
      const watcher = new DepositWatcher(
        deps.db,
        nodes,
        network,
        this.deposits,
        catalog,
        deps.logger,
      );
      await watcher.ensureTracing();
      const { restore } = this;
      const booksBehind = async (found: BooksBehind) => {
        if (restore) await restore.booksBehind(access, found);
        else throw new Error(`books behind the chain and no restore to open: ${found.address}`);
      };
      const sender: WithdrawalSender = new WithdrawalSender(
        deps.db,
        provider,
        network,
        this.withdrawals,
        catalog,
        deps.rpc,
        deps.logger,
        booksBehind,
      );
      const gasStation = await sender.gasStationAddress();
      const access: RestoreChain = {
        network,
        provider,
        gasStation,
        watcher,
        follow: () => sender.follow(),
        reader: new EvmChainReader(provider, network, catalog, () => sender.gasStationAddress()),
      };
      await restore?.untilOpen(access);
      // A restore opened while the jobs run stops them moving money; the withdrawal job runs its
      // passes meanwhile (the others wait: the pass scans deposits once the chain is matched).
      const admitted =
        (run: () => Promise<void>, runPass = false) =>
        async () => {
          if (!restore || (await restore.admit(access, runPass))) await run();
        };
      const stop = await startChainJobs(
        network.name,
        {
          deposits: admitted(() => watcher.poll()),
          withdrawals: admitted(() => sender.poll(), true),
          ...this.reconcileJob(provider, network, () => sender.gasStationAddress(), admitted),
        },
        redis,
        deps.config.REDIS_KEY_PREFIX,
        network.pollIntervalMs,
        deps.config.JOB_SCHEDULES_CHECK_INTERVAL_MS,
        deps.logger,
      );
      this.running = { network, nodes, provider, watcher, sender, booksBehind };
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
        nodes.destroy();
      };
    } catch (error) {
      nodes.destroy();
      throw error;
    }
  }
}

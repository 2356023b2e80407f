import {
  type Block,
  dataSlice,
  formatUnits,
  getAddress,
  id as topicOf,
  type JsonRpcProvider,
  type TransactionReceipt,
} from 'ethers';
import { failpoint } from '@custody/faults';
import type { Logger } from '@custody/logging';
import { canonical } from '@custody/money';
import type { Database } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { ChainDeposit, ChainDeposits } from '../incomes/chain-deposits';
import { liveWalletsOfAssets, type WatchedWallet } from '../wallets/wallets.repository';
import { readCursor, saveCursor } from './chain.repository';
import type { ChainNodes } from './chain-nodes';
import { type CallFrame, internalPayments, internalPosition } from './internal-transfers.rules';
import type { EvmNetwork } from './evm-network';

const TRANSFER_TOPIC = topicOf('Transfer(address,address,uint256)');
const BATCH_BLOCKS = 100;

/** Crash tests: die after a batch's new deposits are recorded, before the cursor moves past it. */
export const WATCHER_FAILPOINT = 'chain.watcher.before-cursor';

/**
 * Finds deposits to custody addresses on one EVM network: native transfers in each new block and
 * ERC-20 `Transfer` logs of the configured contracts. Each becomes a pending Income, once per
 * chain event (transaction, the log's position in its receipt), confirmed and credited after
 * `confirmations` blocks if its block is still canonical. Every poll scans again the
 * `reorgDepth` blocks below its cursor, so a deposit that appears only in a replacement block is
 * found; a deposit whose transaction is gone `reorgDepth` blocks after its confirmation depth is
 * `failed` with a reason; a node that lags or answers nothing leaves it pending. It asks the node
 * outside any transaction and hands what it found to the incomes module (ChainDeposits), which
 * alone writes incomes; its cursor is the chain's own (chain.repository.ts).
 */
export class DepositWatcher {
  private readonly provider: JsonRpcProvider;

  constructor(
    private readonly db: Database,
    private readonly nodes: ChainNodes,
    private readonly network: EvmNetwork,
    private readonly deposits: ChainDeposits,
    private readonly catalog: AssetCatalog,
    private readonly logger: Logger,
  ) {
    this.provider = nodes.primary;
  }

  async poll(): Promise<void> {
    // A node moved to another chain stops vouching for deposits (checked each poll).
    await this.nodes.checkChainIds();
    const head = await this.provider.getBlockNumber();
    let cursor = await this.readCursor();
    if (cursor === undefined) {
      // A new deployment watches from now on; history before it is not custody's.
      await this.saveCursor(head);
      cursor = head;
    }
    // The blocks a reorg may have replaced are read again: a deposit seen before is the same
    // chain event (nothing new), one only in a replacement block is new.
    const start = Math.max(cursor - this.network.reorgDepth, -1) + 1;
    for (let from = start; from <= head; from += BATCH_BLOCKS) {
      const to = Math.min(head, from + BATCH_BLOCKS - 1);
      const found = await this.scan(from, to);
      const recorded = await this.deposits.record(this.network.name, found);
      if (recorded > 0) failpoint(WATCHER_FAILPOINT);
      await this.saveCursor(to);
    }
    await this.confirm(head);
    await this.recheckConfirmed(head);
  }

  /** The scan position, for the admin's chain status. */
  async readCursor(): Promise<number | undefined> {
    return readCursor(this.db, this.network.name);
  }

  private async saveCursor(block: number): Promise<void> {
    await saveCursor(this.db, this.network.name, block);
  }

  /** Live wallets of the network's assets: asset id → lower-case address → wallet. */
  private async watched(): Promise<Map<string, Map<string, WatchedWallet>>> {
    const assetIds = [this.network.nativeAssetId, ...this.network.tokens.keys()];
    const rows = await liveWalletsOfAssets(this.db, assetIds);
    const byAsset = new Map<string, Map<string, WatchedWallet>>();
    for (const row of rows) {
      const addresses = byAsset.get(row.assetId) ?? new Map<string, WatchedWallet>();
      addresses.set(row.address.toLowerCase(), row);
      byAsset.set(row.assetId, addresses);
    }
    return byAsset;
  }

  private async scan(from: number, to: number): Promise<ChainDeposit[]> {
    const watched = await this.watched();
    const deposits: ChainDeposit[] = [];
    const blocks = new Map<number, Block>();
    const blockAt = async (n: number, withTxs = false) => {
      const cached = blocks.get(n);
      if (cached && (!withTxs || cached.prefetchedTransactions.length === cached.length))
        return cached;
      const block = await this.provider.getBlock(n, withTxs);
      if (!block) throw new Error(`block ${n} not found`);
      blocks.set(n, block);
      return block;
    };
    const receipts = new Map<string, TransactionReceipt>();
    const receiptOf = async (hash: string) => {
      const cached = receipts.get(hash);
      if (cached) return cached;
      const receipt = await this.provider.getTransactionReceipt(hash);
      // A node that lags behind its own logs: the batch is read again next poll.
      if (!receipt) throw new Error(`receipt of ${hash} not found`);
      receipts.set(hash, receipt);
      return receipt;
    };
    const native = watched.get(this.network.nativeAssetId);
    if (native && native.size > 0) {
      const decimals = (await this.catalog.require(this.network.nativeAssetId)).decimals;
      for (let n = from; n <= to; n += 1) {
        const block = await blockAt(n, true);
        for (const tx of block.prefetchedTransactions) {
          const wallet = tx.to ? native.get(tx.to.toLowerCase()) : undefined;
          if (!wallet || tx.value === 0n) continue;
          const receipt = await this.provider.getTransactionReceipt(tx.hash);
          if (receipt?.status !== 1) continue;
          deposits.push({
            wallet,
            amount: canonical(formatUnits(tx.value, decimals)),
            txHash: tx.hash,
            logIndex: -1,
            logPosition: -1,
            senderAddress: tx.from,
            blockNumber: n,
            blockHash: block.hash ?? '',
            timestamp: new Date(block.timestamp * 1000),
          });
        }
        if (this.network.internalTransfers === 'trace') {
          for (const found of await this.internalDeposits(block, native, decimals))
            deposits.push(found);
        }
      }
    }
    const byContract = new Map(
      [...this.network.tokens]
        .filter(([assetId]) => (watched.get(assetId)?.size ?? 0) > 0)
        .map(([assetId, contract]) => [contract.toLowerCase(), assetId]),
    );
    if (byContract.size > 0) {
      const logs = await this.provider.getLogs({
        fromBlock: from,
        toBlock: to,
        address: [...byContract.keys()].map((a) => getAddress(a)),
        topics: [TRANSFER_TOPIC],
      });
      for (const log of logs) {
        const assetId = byContract.get(log.address.toLowerCase());
        if (!assetId || log.topics.length < 3 || log.removed) continue;
        const receiver = getAddress(dataSlice(log.topics[2] as string, 12)).toLowerCase();
        const wallet = watched.get(assetId)?.get(receiver);
        const value = BigInt(log.data);
        if (!wallet || value === 0n) continue;
        const decimals = (await this.catalog.require(assetId)).decimals;
        const block = await blockAt(log.blockNumber);
        const receipt = await receiptOf(log.transactionHash);
        // Its position among its transaction's logs: the same wherever the transaction is mined.
        const logPosition = receipt.logs.findIndex((l) => l.index === log.index);
        if (logPosition < 0) throw new Error(`log ${log.index} not in ${log.transactionHash}`);
        deposits.push({
          wallet,
          amount: canonical(formatUnits(value, decimals)),
          txHash: log.transactionHash,
          logIndex: log.index,
          logPosition,
          senderAddress: getAddress(dataSlice(log.topics[1] as string, 12)),
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          timestamp: new Date(block.timestamp * 1000),
        });
      }
    }
    return deposits;
  }

  /**
   * Whether the node can trace calls, asked once at start when internal transfers are traced: a
   * node that cannot would miss such deposits without a word, so the adapter does not start.
   */
  async ensureTracing(): Promise<void> {
    if (this.network.internalTransfers !== 'trace') return;
    try {
      await this.provider.send('debug_traceBlockByNumber', ['latest', { tracer: 'callTracer' }]);
    } catch (error) {
      throw new Error(
        'The EVM node cannot trace calls (debug_traceBlockByNumber with callTracer), so ETH paid ' +
          'from inside contracts would be missed: use a node that can, or set EVM_INTERNAL_TRANSFERS=off',
        { cause: error },
      );
    }
  }

  /** ETH paid to custody addresses from inside contracts in one block (its call traces). */
  private async internalDeposits(
    block: Block,
    native: Map<string, WatchedWallet>,
    decimals: number,
  ): Promise<ChainDeposit[]> {
    if (block.length === 0) return [];
    const traces = (await this.provider.send('debug_traceBlockByNumber', [
      `0x${block.number.toString(16)}`,
      { tracer: 'callTracer' },
    ])) as { txHash?: string; result?: CallFrame }[] | null;
    // A node that lags behind its own block: the batch is read again next poll.
    if (!Array.isArray(traces)) throw new Error(`no traces of block ${block.number}`);
    const found: ChainDeposit[] = [];
    for (const [position, trace] of traces.entries()) {
      const txHash = trace.txHash ?? block.transactions[position];
      if (!trace.result || !txHash) throw new Error(`trace ${position} of ${block.number} unnamed`);
      for (const payment of internalPayments(trace.result)) {
        const wallet = native.get(payment.to.toLowerCase());
        if (!wallet) continue;
        found.push({
          wallet,
          amount: canonical(formatUnits(payment.value, decimals)),
          txHash,
          logIndex: internalPosition(payment.index),
          logPosition: internalPosition(payment.index),
          senderAddress: getAddress(payment.from),
          blockNumber: block.number,
          blockHash: block.hash ?? '',
          timestamp: new Date(block.timestamp * 1000),
        });
      }
    }
    return found;
  }

  /**
   * Confirmed deposits a reorg may still reach (less than `reorgDepth` below the head, when
   * `confirmations` is smaller than that): each whose block was replaced and whose transaction is
   * mined nowhere else (or failed there) is flagged reorged and held (incomes' reorged-deposits).
   * One mined again in another block only moves there. A node answering no block says nothing.
   */
  private async recheckConfirmed(head: number): Promise<void> {
    const reach = head - this.network.reorgDepth;
    const confirmed = await this.deposits.confirmedWithinReach(this.network.name, reach, 500);
    // Deposits share blocks: each block's hash is asked of the node once per poll.
    const hashes = new Map<number, Promise<string | null | undefined>>();
    const hashAt = (n: number) => {
      let found = hashes.get(n);
      if (!found) {
        found = this.provider.getBlock(n).then((block) => block?.hash);
        hashes.set(n, found);
      }
      return found;
    };
    for (const income of confirmed) {
      const hash = await hashAt(income.blockNumber as number);
      if (!hash || hash === income.blockHash) continue;
      const receipt = await this.provider.getTransactionReceipt(income.blockchainTransactionId);
      if (receipt && receipt.status === 1) {
        await this.deposits.moveToBlock(income.id, receipt.blockNumber, receipt.blockHash);
        this.logger.info({ incomeId: income.id }, 'confirmed deposit moved by a reorg');
        continue;
      }
      if (await this.deposits.flagReorged(income.id)) {
        this.logger.error(
          { incomeId: income.id, txHash: income.blockchainTransactionId },
          'confirmed deposit reorged off the chain: flagged and held until an admin resolves it',
        );
      }
    }
  }

  /** Pending deposits deep enough: credited if their block is still canonical, else re-checked. */
  private async confirm(head: number): Promise<void> {
    const deepEnough = head - this.network.confirmations + 1;
    const pending = await this.deposits.pendingDeepEnough(this.network.name, deepEnough, 500);
    for (const income of pending) {
      const block = await this.provider.getBlock(income.blockNumber as number);
      // A node that lags or answers nothing: the deposit waits (never failed on its word).
      if (!block) continue;
      let outcome: 'confirmed' | 'failed' | undefined;
      if (block.hash === income.blockHash) {
        // Several nodes: a quorum of them must name this block too (a lying node cannot credit).
        if (!(await this.nodes.agreeOn(income.blockNumber as number, income.blockHash as string)))
          continue;
        outcome = 'confirmed';
      } else {
        const receipt = await this.provider.getTransactionReceipt(income.blockchainTransactionId);
        if (receipt && receipt.status === 1) {
          // Re-mined in another block: count its confirmations from there.
          await this.deposits.moveToBlock(income.id, receipt.blockNumber, receipt.blockHash);
          this.logger.info({ incomeId: income.id }, 'deposit moved to another block by a reorg');
        } else if ((income.blockNumber as number) <= deepEnough - this.network.reorgDepth) {
          // Gone for as deep as a reorg reaches past its confirmations: it will not come back.
          outcome = 'failed';
        }
      }
      if (!outcome) continue;
      await this.deposits.settle(
        income.id,
        outcome === 'confirmed'
          ? { status: 'confirmed' }
          : {
              status: 'failed',
              failureReason: 'Its transaction is no longer on chain (a reorg dropped it).',
            },
      );
      if (outcome === 'failed') {
        this.logger.warn({ incomeId: income.id }, 'deposit dropped by a reorg: not credited');
      }
    }
  }
}

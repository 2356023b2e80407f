import {
  type JsonRpcProvider,
  Transaction as EvmTransaction,
  type TransactionResponse,
} from 'ethers';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { readCursor } from '../chain/chain.repository';
import { type BooksBehind, firstBlockPast } from '../chain/nonces.rules';
import type { EvmNetwork } from '../chain/evm-network';
import type { SignedAttempt } from '../withdrawals/chain-adapter';
import type { ChainTx } from './restore.rules';

/**
 * The restore's scan of the chain (docs/operations/restore-runbook.md, "The chain"): where it
 * starts, and the blocks read from there to the head for transactions from the senders (custody
 * addresses and the gas station), kept in the restore's report between passes.
 */

/** Blocks read at once by the scan. */
const BLOCKS_AT_ONCE = 8;

/** A transaction from a custody address the scan found, as the report keeps it (JSON). */
export interface ScannedTx {
  hash: string;
  from: string;
  to: string;
  nonce: number;
  value: string;
  data: string;
  blockNumber: number | null;
  gasLimit: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  raw: string;
}

/** Where the scan got to, kept in the restore's report between passes. */
export interface ScanState {
  from: number;
  scannedTo: number;
  found: ScannedTx[];
}

/** What the chain step needs of the running adapter. */
export interface ChainAccess {
  network: EvmNetwork;
  provider: JsonRpcProvider;
  gasStation: string;
}

export function scanned(tx: TransactionResponse): ScannedTx {
  return {
    hash: tx.hash.toLowerCase(),
    from: tx.from,
    to: tx.to ?? '',
    nonce: tx.nonce,
    value: tx.value.toString(),
    data: tx.data,
    blockNumber: tx.blockNumber,
    gasLimit: tx.gasLimit.toString(),
    maxFeePerGas: (tx.maxFeePerGas ?? tx.gasPrice).toString(),
    maxPriorityFeePerGas: (tx.maxPriorityFeePerGas ?? 0n).toString(),
    raw: EvmTransaction.from(tx).serialized,
  };
}

export function chainTx(tx: ScannedTx): ChainTx {
  return { ...tx, value: BigInt(tx.value) };
}

export function attemptOf(tx: ScannedTx): SignedAttempt {
  return {
    hash: tx.hash,
    rawTx: tx.raw,
    nonce: tx.nonce,
    gasLimit: tx.gasLimit,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
  };
}

/**
 * From the restored deposit cursor, less the reorg depth: every transaction the restored books
 * did not see was mined after the restored point, so after the block their scan had reached.
 * A network the adapter never scanned has sent nothing: the scan starts at the head.
 */
export async function startScan(
  db: Database,
  network: EvmNetwork,
  head: number,
): Promise<ScanState> {
  const cursor = await readCursor(db, network.name);
  const from = cursor === undefined ? head + 1 : Math.max(0, cursor - network.reorgDepth);
  return { from, scannedTo: from - 1, found: [] };
}

/**
 * Where the scan of a restore opened on finding the books behind the chain at an address
 * starts: at the block of the first transaction from it the books never assigned, found by
 * asking the node its count at past blocks (the deposit scan may have moved the restored cursor
 * on since the database went back), and no later than the cursor less the reorg depth. A node
 * that keeps no past state answers nothing: the cursor alone, then, and a payment before it is
 * resolved by its hash (restore-resolve fetches it).
 */
export async function scanFor(
  db: Database,
  logger: Logger,
  chain: ChainAccess,
  found: BooksBehind,
): Promise<ScanState> {
  const head = await chain.provider.getBlockNumber();
  const fromCursor = await startScan(db, chain.network, head);
  const first = await firstBlockPast(found.assigned, head, (block) =>
    chain.provider.getTransactionCount(found.address, block),
  ).catch((error: unknown) => {
    logger.warn({ err: error }, 'restore: the node keeps no past state to find where to scan');
    return undefined;
  });
  const from = Math.max(0, Math.min(fromCursor.from, first ?? Number.POSITIVE_INFINITY));
  return { from, scannedTo: from - 1, found: [] };
}

/** Reads the blocks past where the scan got to, up to `head`, keeping the senders' transactions. */
export async function scanTo(
  provider: JsonRpcProvider,
  scan: ScanState,
  head: number,
  senders: ReadonlySet<string>,
): Promise<void> {
  while (scan.scannedTo < head) {
    const first = scan.scannedTo + 1;
    const last = Math.min(head, first + BLOCKS_AT_ONCE - 1);
    const blocks = await Promise.all(
      Array.from({ length: last - first + 1 }, (_, i) => provider.getBlock(first + i, true)),
    );
    for (const block of blocks) {
      if (!block) throw new Error(`block ${first} to ${last}: the node did not answer one`);
      for (const tx of block.prefetchedTransactions)
        if (senders.has(tx.from.toLowerCase()) && !scan.found.some((f) => f.hash === tx.hash))
          scan.found.push(scanned(tx));
    }
    scan.scannedTo = last;
  }
}

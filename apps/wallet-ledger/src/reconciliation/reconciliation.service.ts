import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  type ListQuery,
  type ListResult,
  type ReconciliationDeltaView,
  type ReconciliationView,
} from '@custody/contracts';
import type { Logger } from '@custody/logging';
import { sum } from '@custody/money';
import { type Database, enqueueEvent, listResult, withTransaction } from '@custody/persistence';
import type { EvmNetwork } from '../chain/evm-network';
import type { ReconciliationDeltaRow, ReconciliationRunRow } from '../schema';
import * as repo from './reconciliation.repository';
import {
  compare,
  eventData,
  eventOf,
  fingerprint,
  inFlightByWallet,
  type MinedOutflow,
  type MinedTransaction,
  outflowOf,
} from './reconciliation.rules';

const SCHEMA = 'ledger';
/** Calls to the node in flight at once (ethers batches those of one tick). */
const CONCURRENCY = 16;
/** How long runs are kept (the last one stays whatever its age). */
export const RECONCILIATION_RETENTION_DAYS = 7;

/** What a run reads of the chain, at one block (the EVM adapter's `EvmChainReader`). */
export interface ReconciliationChain {
  readonly network: Pick<EvmNetwork, 'name' | 'confirmations' | 'nativeAssetId' | 'tokens'>;
  head(): Promise<number>;
  gasStation(): Promise<string>;
  nativeBalance(address: string, block: number): Promise<string>;
  tokenBalance(assetId: string, address: string, block: number): Promise<string>;
  mined(
    hash: string,
    assetId: string,
    from: string,
    block: number,
  ): Promise<MinedTransaction | undefined>;
}

export type RunOutcome =
  | { outcome: 'done'; run: ReconciliationView; deltas: ReconciliationDeltaView[] }
  /** Another replica's run holds the lock. */
  | { outcome: 'busy' }
  /** The deposit scan has not reached the block yet: the next run tries again. */
  | { outcome: 'deferred'; block: number; cursor: number | null };

async function eachLimited<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

function runView(run: ReconciliationRunRow): ReconciliationView {
  return {
    status: run.deltaCount > 0 ? 'broken' : 'clean',
    id: run.id,
    network: run.network,
    blockNumber: run.blockNumber,
    head: run.head,
    checkedAt: run.checkedAt.toISOString(),
    deltaCount: run.deltaCount,
    assets: run.assets,
  };
}

function deltaView(row: ReconciliationDeltaRow): ReconciliationDeltaView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    runId: row.runId,
    assetId: row.assetId,
    address: row.address,
    walletId: row.walletId,
    booked: row.booked,
    inFlight: row.inFlight,
    onChain: row.onChain,
    difference: row.difference,
    liability: row.liability,
  };
}

/**
 * The books against the chain (docs/decisions/reconciliation.md): each run reads the ledger in
 * one snapshot, then the chain at the deepest block the adapter counts as confirmed, compares
 * every custody address (what its booked deposits and withdrawals and the movements in flight
 * leave there against its balance at that block), stores the run with its deltas and publishes
 * `reconciliation.is-broken` (or `.is-clean`) when the state changed.
 */
export class ReconciliationService {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  /** One run, unless another replica's is running. */
  async run(chain: ReconciliationChain, now = new Date()): Promise<RunOutcome> {
    const client = await this.pool.connect();
    try {
      if (!(await repo.tryLockRuns(client))) return { outcome: 'busy' };
      try {
        return await this.runLocked(chain, now);
      } finally {
        await repo.unlockRuns(client);
      }
    } finally {
      client.release();
    }
  }

  private async runLocked(chain: ReconciliationChain, now: Date): Promise<RunOutcome> {
    const { network } = chain;
    const native = network.nativeAssetId;
    const assetIds = [native, ...network.tokens.keys()];
    // The ledger first, then the head: whatever the snapshot has settled was mined at a block
    // the adapter counted as confirmed, so at or below the block read now.
    const snapshot = await withTransaction(
      this.db,
      (tx) => repo.readSnapshot(tx, network.name, assetIds),
      { isolationLevel: 'repeatable read' },
    );
    const head = await chain.head();
    const block = head - network.confirmations + 1;
    if (block < 0 || snapshot.cursor === null || snapshot.cursor < block)
      return { outcome: 'deferred', block, cursor: snapshot.cursor };

    // Withdrawals the snapshot had not settled, with the transactions sent for them by now:
    // those the chain mined by the block took from their addresses already.
    const addressOf = new Map(snapshot.addresses.map((a) => [a.walletId, a.address]));
    const mined: MinedOutflow[] = [];
    await eachLimited(await repo.sentTransactions(this.db, snapshot.unsettled), async (w) => {
      const from = w.fromAddress ?? addressOf.get(w.walletId);
      if (!from) return;
      for (const hash of w.hashes) {
        const tx = await chain.mined(hash, w.assetId, from, block);
        if (!tx) continue;
        mined.push({ walletId: w.walletId, amount: outflowOf(tx, w.assetId === native) });
        return;
      }
    });

    const onChain = new Map<string, string>();
    const gas: string[] = [];
    await eachLimited(snapshot.addresses, async (a) => {
      if (a.assetId === native) {
        onChain.set(a.walletId, await chain.nativeBalance(a.address, block));
        return;
      }
      onChain.set(a.walletId, await chain.tokenBalance(a.assetId, a.address, block));
      // Gas the station topped up and the transfer did not use is the house's.
      gas.push(await chain.nativeBalance(a.address, block));
    });
    const station = await chain.nativeBalance(await chain.gasStation(), block);

    const { deltas, assets } = compare({
      addresses: snapshot.addresses,
      inFlight: inFlightByWallet(snapshot.pending, mined, block),
      onChain,
      treasury: snapshot.treasury,
      house: new Map([[native, sum([station, ...gas])]]),
      assetIds,
    });
    const run: ReconciliationRunRow = {
      id: uuidv7(),
      network: network.name,
      blockNumber: block,
      head,
      checkedAt: now,
      deltaCount: deltas.length,
      fingerprint: fingerprint(deltas),
      assets,
    };
    const rows: ReconciliationDeltaRow[] = deltas.map((d) => ({
      ...d,
      id: uuidv7(),
      runId: run.id,
      createdAt: now,
    }));
    const views = rows.map(deltaView);
    await withTransaction(this.db, async (tx) => {
      const previous = await repo.lastRun(tx);
      await repo.saveRun(
        tx,
        run,
        rows,
        snapshot.addresses
          .filter((a) => a.postingId !== null)
          .map((a) => ({
            accountId: a.accountId,
            postingId: a.postingId as string,
            booked: a.booked,
          })),
      );
      const event = eventOf(previous, run);
      if (!event) return;
      const data = eventData(
        { id: run.id, network: run.network, blockNumber: block, checkedAt: now.toISOString() },
        views,
      );
      await enqueueEvent(tx, SCHEMA, {
        name: event === 'broken' ? EVENTS.reconciliationBroken : EVENTS.reconciliationClean,
        tenantId: null,
        data,
      });
    });
    if (deltas.length > 0)
      this.logger.warn(
        { runId: run.id, block, deltas: deltas.slice(0, 10) },
        'reconciliation: the books do not explain what custody addresses hold',
      );
    return { outcome: 'done', run: runView(run), deltas: views };
  }

  /** The last run, for admins: `none` before the first. */
  async last(): Promise<ReconciliationView> {
    const run = await repo.lastRun(this.db);
    return run ? runView(run) : { status: 'none' };
  }

  /** A page of the last run's deltas (none before the first run). */
  async deltas(
    list: ListQuery,
    filters: { assetId?: string },
  ): Promise<ListResult<ReconciliationDeltaView>> {
    const run = await repo.lastRun(this.db);
    if (!run) return { items: [], total: 0 };
    const page = await repo.deltasPage(this.db, run.id, list, filters);
    return listResult(page, page.rows.map(deltaView));
  }

  /**
   * `/metrics`: the last run's delta count and time, read from the database at each scrape, so
   * every replica reports the same run (for alerts: deltas above 0, or a run too old).
   */
  registerMetrics(registry: Registry): void {
    const read = async (): Promise<ReconciliationRunRow | undefined> => {
      try {
        return await repo.lastRun(this.db);
      } catch (error) {
        this.logger.warn({ err: error }, 'reconciliation metrics not read');
        return undefined;
      }
    };
    new Gauge({
      name: 'reconciliation_deltas',
      help: 'Custody addresses the last reconciliation found off (the books against the chain)',
      labelNames: ['network'],
      registers: [registry],
      async collect() {
        this.reset();
        const run = await read();
        if (run) this.set({ network: run.network }, run.deltaCount);
      },
    });
    new Gauge({
      name: 'reconciliation_last_run_timestamp_seconds',
      help: 'When the last reconciliation ran (Unix time)',
      labelNames: ['network'],
      registers: [registry],
      async collect() {
        this.reset();
        const run = await read();
        if (run) this.set({ network: run.network }, run.checkedAt.getTime() / 1000);
      },
    });
  }
}

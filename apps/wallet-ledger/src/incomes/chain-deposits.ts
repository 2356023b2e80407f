import { EVENTS } from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import { compare } from '@custody/money';
import {
  type Database,
  enqueueEvent,
  type Transaction,
  withTransaction,
} from '@custody/persistence';
import type { IncomeRow } from '../schema';
import * as repo from './incomes.repository';
import { incomeView } from './incomes.rules';
import type { IncomesService } from './incomes.service';
import { flagReorgedDeposit } from './reorged-deposits';

const SCHEMA = 'ledger';

/** A deposit the chain adapter found on its network. */
export interface ChainDeposit {
  wallet: { id: string; tenantId: string; userId: string; assetId: string };
  amount: string;
  txHash: string;
  logIndex: number;
  /** The log's position within its transaction's receipt; -1 for a native transfer. */
  logPosition: number;
  senderAddress: string;
  blockNumber: number;
  blockHash: string;
  timestamp: Date;
}

/**
 * The incomes module's use-cases for the chain adapter's deposit watcher
 * (docs/decisions/chain-connectivity.md, "Deposits"), each its own transaction: what the watcher
 * learns from the node, outside any transaction, it hands over here, and writes no income
 * itself. Deposits an admin reports (the manual adapter) are IncomesService's `create` and
 * `updateStatus`; both settle through `IncomesService.settle`.
 */
export class ChainDeposits {
  constructor(
    private readonly db: Database,
    private readonly incomes: IncomesService,
  ) {}

  /**
   * A batch of deposits found on `network`, recorded in one transaction: each new one `pending`
   * with its `income.is-created` event, once per chain event (`recordOne`). Answers how many
   * were new.
   */
  async record(network: string, deposits: readonly ChainDeposit[]): Promise<number> {
    if (deposits.length === 0) return 0;
    return withTransaction(this.db, async (tx) => {
      let recorded = 0;
      for (const deposit of deposits) {
        if (await this.recordOne(tx, network, deposit)) recorded += 1;
      }
      return recorded;
    });
  }

  /** Pending deposits of `network` in blocks up to `deepEnough`, oldest block first. */
  pendingDeepEnough(network: string, deepEnough: number, limit: number): Promise<IncomeRow[]> {
    return repo.pendingChainIncomes(this.db, network, deepEnough, limit);
  }

  /** Confirmed deposits a reorg may still reach (above `afterBlock`), not flagged yet. */
  confirmedWithinReach(network: string, afterBlock: number, limit: number): Promise<IncomeRow[]> {
    return repo.confirmedWithinReach(this.db, network, afterBlock, limit);
  }

  /** A deposit's transaction, re-mined in another block: its confirmations count from there. */
  async moveToBlock(id: string, blockNumber: number, blockHash: string): Promise<void> {
    await repo.moveIncomeToBlock(this.db, id, blockNumber, blockHash);
  }

  /**
   * A pending deposit settled: `confirmed` (credited, `income.is-confirmed`) when its block is
   * still canonical and vouched for, or `failed` with `failureReason` when its transaction is
   * gone for good. Nothing when it is no longer pending.
   */
  async settle(
    id: string,
    outcome: { status: 'confirmed' } | { status: 'failed'; failureReason: string },
  ): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const locked = await repo.lockIncome(tx, id);
      if (locked?.status !== 'pending') return;
      if (outcome.status === 'failed')
        await repo.setIncomeFailureReason(tx, locked.id, outcome.failureReason);
      await this.incomes.settle(tx, locked, outcome.status);
    });
  }

  /**
   * A confirmed deposit whose transaction a reorg took off the chain: flagged and held, once
   * (reorged-deposits.ts). False when it was flagged or changed meanwhile.
   */
  async flagReorged(id: string): Promise<boolean> {
    return withTransaction(this.db, async (tx) => {
      const income = await repo.lockIncome(tx, id);
      return income !== undefined && (await flagReorgedDeposit(tx, income)) !== undefined;
    });
  }

  /**
   * One deposit, keyed by its chain event (network, transaction, the log's position in its
   * receipt). Seen again (a rescan, the transaction re-mined in another block) it is the same
   * deposit: nothing new is written (a pending one takes its new block). The same event recorded
   * for another wallet or amount cannot happen on one chain: it is an error, loud, never skipped
   * (`income_event_conflict`).
   */
  private async recordOne(
    tx: Transaction,
    network: string,
    deposit: ChainDeposit,
  ): Promise<IncomeRow | undefined> {
    const recorded = await repo.insertChainIncome(tx, {
      id: uuidv7(),
      tenantId: deposit.wallet.tenantId,
      userId: deposit.wallet.userId,
      walletId: deposit.wallet.id,
      assetId: deposit.wallet.assetId,
      amount: deposit.amount,
      blockchainTransactionId: deposit.txHash,
      senderAddress: deposit.senderAddress,
      transactionTimestamp: deposit.timestamp,
      status: 'pending',
      network,
      logIndex: deposit.logIndex,
      logPosition: deposit.logPosition,
      blockNumber: deposit.blockNumber,
      blockHash: deposit.blockHash,
    });
    if ('existing' in recorded) {
      const known = recorded.existing;
      if (known.walletId !== deposit.wallet.id || compare(known.amount, deposit.amount) !== 0)
        throw Errors.internal(
          new Error(
            `income_event_conflict: ${network} ${deposit.txHash} #${deposit.logPosition} ` +
              `is recorded as income ${known.id} of another wallet or amount`,
          ),
        );
      if (known.status === 'pending' && known.blockHash !== deposit.blockHash)
        await repo.moveIncomeToBlock(tx, known.id, deposit.blockNumber, deposit.blockHash);
      return undefined;
    }
    const row = recorded.inserted;
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.incomeCreated,
      tenantId: row.tenantId,
      data: incomeView(row),
    });
    return row;
  }
}

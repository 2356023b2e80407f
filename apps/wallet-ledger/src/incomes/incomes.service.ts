import {
  EVENTS,
  type AuthContext,
  type IncomeReorgResolution,
  type IncomeStatus,
  type IncomeView,
  type ListResult,
  type NewIncome,
  type WalletScopedList,
} from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  isUuid,
  listResult,
  runIdempotent,
  sqlState,
  type Transaction,
  withTransaction,
} from '@custody/persistence';
import { compare } from '@custody/money';
import { requireAdmin } from '@custody/tenancy';
import { postEntry, systemAccountId } from '../ledger/ledger.repository';
import type { AssetCatalog } from '../assets/asset-catalog';
import { type IncomeRow, incomes } from '../schema';
import { recordMovements } from '../transactions/transactions.repository';
import { walletScope } from '../transactions/wallet-scope';
import { walletAccountId } from '../wallets/wallets.repository';
import * as repo from './incomes.repository';
import {
  assertIncomeTransition,
  checkIncomeAmount,
  creditMovements,
  depositRow,
  incomeView,
} from './incomes.rules';
import { flagReorgedDeposit, resolveReorgedDeposit } from './reorged-deposits';

const SCHEMA = 'ledger';

export type { NewIncome } from '@custody/contracts';

/**
 * Deposits (docs/decisions/ledger-and-money-movement.md): recorded `pending`, credited (external →
 * wallet) exactly once when `confirmed`, never credited when `failed`. Until chain watchers exist
 * an admin reports them. The rules are incomes.rules.ts, the SQL incomes.repository.ts.
 */
export class IncomesService {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
  ) {}

  async create(
    auth: AuthContext | undefined,
    input: NewIncome,
    idempotency?: IdempotencyKey,
  ): Promise<{ id: string }> {
    requireAdmin(auth);
    return runIdempotent(this.db, SCHEMA, idempotency, async (tx) => {
      if (!isUuid(input.walletId)) throw Errors.notFound('wallet');
      const wallet = await repo.findLiveWallet(tx, input.walletId);
      if (!wallet) throw Errors.notFound('wallet');
      checkIncomeAmount(input.amount, (await this.catalog.require(wallet.assetId)).decimals);
      try {
        const row = await repo.insertIncome(tx, {
          id: uuidv7(),
          tenantId: wallet.tenantId,
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: wallet.assetId,
          amount: input.amount,
          blockchainTransactionId: input.blockchainTransactionId,
          senderAddress: input.senderAddress,
          transactionTimestamp: new Date(input.transactionTimestamp),
          status: 'pending',
        });
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.incomeCreated,
          tenantId: row.tenantId,
          data: incomeView(row),
        });
        return { id: row.id };
      } catch (error) {
        if (sqlState(error) === '23505') {
          throw Errors.conflict(
            'This deposit was already reported for the wallet.',
            'duplicate_income',
          );
        }
        throw error;
      }
    });
  }

  /** pending → confirmed (credits the wallet) or pending → failed; anything else is 409. */
  async updateStatus(
    auth: AuthContext | undefined,
    id: string,
    status: 'confirmed' | 'failed',
    idempotency?: IdempotencyKey,
  ): Promise<IncomeView> {
    requireAdmin(auth);
    return runIdempotent(this.db, SCHEMA, idempotency, async (tx) => {
      if (!isUuid(id)) throw Errors.notFound('income');
      const income = await repo.lockIncome(tx, id);
      if (!income) throw Errors.notFound('income');
      return this.settle(tx, income, status);
    });
  }

  /** A deposit's transaction, re-mined in another block (the chain adapter saw it). */
  async moveToBlock(id: string, blockNumber: number, blockHash: string): Promise<void> {
    await repo.moveIncomeToBlock(this.db, id, blockNumber, blockHash);
  }

  /** Confirmed chain deposits a reorg may still reach (above `afterBlock`), for the watcher. */
  confirmedWithinReach(network: string, afterBlock: number, limit: number): Promise<IncomeRow[]> {
    return repo.confirmedWithinReach(this.db, network, afterBlock, limit);
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

  /** An admin's `reversed` or `released` of a reorged deposit (reorged-deposits.ts). */
  resolveReorg(
    auth: AuthContext | undefined,
    id: string,
    resolution: IncomeReorgResolution,
    idempotency?: IdempotencyKey,
  ): Promise<IncomeView> {
    return resolveReorgedDeposit(this.db, auth, id, resolution, idempotency);
  }

  /**
   * Moves a locked pending income to its final status in the caller's transaction: `confirmed`
   * credits the wallet (external → wallet) and publishes income.is-confirmed. Used by the admin
   * endpoint and by the chain watcher.
   */
  /** Why a deposit found on chain is about to end `failed`. */
  async recordFailure(tx: Transaction, id: string, reason: string): Promise<void> {
    await repo.setIncomeFailureReason(tx, id, reason);
  }

  async settle(
    tx: Transaction,
    income: IncomeRow,
    status: 'confirmed' | 'failed',
  ): Promise<IncomeView> {
    assertIncomeTransition(income.status, status);
    const updated = await repo.setIncomeStatus(tx, income.id, status);
    if (!updated) throw Errors.notFound('income');
    if (status === 'confirmed') await this.credit(tx, income);
    const view = incomeView(updated);
    if (status === 'confirmed') {
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.incomeConfirmed,
        tenantId: income.tenantId,
        data: view,
      });
    }
    return view;
  }

  /**
   * A deposit found on chain, recorded `pending` with its `income.is-created` event, once per
   * chain event (network, transaction, the log's position in its receipt). Seen again (a rescan,
   * the transaction re-mined in another block) it is the same deposit: nothing new is written
   * (a pending one takes its new block). The same event recorded for another wallet or amount
   * cannot happen on one chain: it is an error, loud, never skipped (`income_event_conflict`).
   */
  async recordChainDeposit(
    tx: Transaction,
    deposit: {
      wallet: { id: string; tenantId: string; userId: string; assetId: string };
      amount: string;
      txHash: string;
      logIndex: number;
      logPosition: number;
      senderAddress: string;
      network: string;
      blockNumber: number;
      blockHash: string;
      timestamp: Date;
    },
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
      network: deposit.network,
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
            `income_event_conflict: ${deposit.network} ${deposit.txHash} #${deposit.logPosition} ` +
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

  private async credit(tx: Transaction, income: IncomeRow): Promise<void> {
    const external = await systemAccountId(tx, income.assetId, 'external');
    const accountId = await walletAccountId(tx, income.walletId);
    const wallet = await repo.walletToCredit(tx, income.walletId);
    if (!accountId || !wallet) throw Errors.internal(new Error('income wallet has no account'));
    if (wallet.deletedAt)
      throw Errors.conflict('The wallet of this income was deleted.', 'wallet_deleted');
    const after = await postEntry(tx, {
      operationType: 'income',
      operationId: income.id,
      assetId: income.assetId,
      movements: creditMovements(income, external, accountId),
    });
    const balance = after.get(accountId)?.balance ?? '0';
    await recordMovements(tx, [depositRow(income, { address: wallet.address, balance })]);
  }

  async list(
    auth: AuthContext | undefined,
    request: WalletScopedList<{ status?: IncomeStatus }>,
  ): Promise<ListResult<IncomeView>> {
    const scope = await walletScope(this.db, auth, request, incomes);
    const page = await repo.listIncomes(this.db, scope, request.list, request.filters.status);
    return listResult(page, page.rows.map(incomeView));
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ): Promise<IncomeView> {
    const scope = await walletScope(this.db, auth, request, incomes);
    if (!isUuid(request.id)) throw Errors.notFound('income');
    const row = await repo.findIncome(this.db, scope, request.id);
    if (!row) throw Errors.notFound('income');
    return incomeView(row);
  }
}

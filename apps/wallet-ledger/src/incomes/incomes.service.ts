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
  idAnswer,
  isUuid,
  listResult,
  runIdempotent,
  sqlState,
  type Transaction,
} from '@custody/persistence';
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
  incomeAnswer,
  incomeView,
} from './incomes.rules';
import { resolveReorgedDeposit } from './reorged-deposits';

const SCHEMA = 'ledger';

export type { NewIncome } from '@custody/contracts';

/**
 * Deposits (docs/decisions/ledger-and-money-movement.md): recorded `pending`, credited (external →
 * wallet) exactly once when `confirmed`, never credited when `failed`. An admin reports deposits
 * (the manual adapter: `create`, `updateStatus`), the only way in for assets no chain adapter
 * watches; the EVM adapter's watcher records and settles its network's through ChainDeposits.
 * The rules are incomes.rules.ts, the SQL incomes.repository.ts.
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
    return runIdempotent(this.db, SCHEMA, idempotency, idAnswer, async (tx) => {
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
    return runIdempotent(this.db, SCHEMA, idempotency, incomeAnswer, async (tx) => {
      if (!isUuid(id)) throw Errors.notFound('income');
      const income = await repo.lockIncome(tx, id);
      if (!income) throw Errors.notFound('income');
      return this.settle(tx, income, status);
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
   * endpoint and by the chain watcher (ChainDeposits).
   */
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

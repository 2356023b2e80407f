import {
  EVENTS,
  type AuthContext,
  type ListResult,
  type NewIncome,
  type WalletScopedList,
} from '@custody/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import type { IdempotencyKey } from '@custody/persistence';
import { decimalPlaces, fitsBaseUnits, TOO_MANY_BASE_UNITS } from '@custody/money';
import {
  type Database,
  enqueueEvent,
  isUuid,
  listClauses,
  one,
  runIdempotent,
  selectPage,
  sqlState,
  type Transaction,
} from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import { postEntry, systemAccountId } from '../ledger/ledger';
import type { AssetCatalog } from '../assets/asset-catalog';
import { accounts, type IncomeRow, incomes, wallets } from '../schema';
import { recordMovements } from '../transactions/transactions.service';
import { walletScope } from '../transactions/wallet-scope';

const SCHEMA = 'ledger';

export type { NewIncome } from '@custody/contracts';

export function incomeView(row: IncomeRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    walletId: row.walletId,
    assetId: row.assetId,
    amount: row.amount,
    blockchainTransactionId: row.blockchainTransactionId,
    senderAddress: row.senderAddress,
    status: row.status,
    transactionTimestamp: row.transactionTimestamp.toISOString(),
    ...(row.rateId ? { rateId: row.rateId } : {}),
  };
}

/**
 * Deposits (DESIGN §6): recorded `pending`, credited (external → wallet) exactly once when
 * `confirmed`, never credited when `failed`. Until chain watchers exist an admin reports them.
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
      const [found] = await tx
        .select()
        .from(wallets)
        .where(and(eq(wallets.id, input.walletId), sql`${wallets.deletedAt} IS NULL`));
      if (!found) throw Errors.notFound('wallet');
      const wallet = {
        wallet: found,
        decimals: (await this.catalog.require(found.assetId)).decimals,
      };
      if (decimalPlaces(input.amount) > wallet.decimals) {
        throw Errors.validation([
          {
            path: 'body.amount',
            message: `At most ${wallet.decimals} decimal places for this asset`,
          },
        ]);
      }
      if (!fitsBaseUnits(input.amount, wallet.decimals))
        throw Errors.validation([{ path: 'body.amount', message: TOO_MANY_BASE_UNITS }]);
      try {
        const row = one(
          await tx
            .insert(incomes)
            .values({
              id: uuidv7(),
              tenantId: wallet.wallet.tenantId,
              userId: wallet.wallet.userId,
              walletId: wallet.wallet.id,
              assetId: wallet.wallet.assetId,
              amount: input.amount,
              blockchainTransactionId: input.blockchainTransactionId,
              senderAddress: input.senderAddress,
              transactionTimestamp: new Date(input.transactionTimestamp),
              status: 'pending',
            })
            .returning(),
        );
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
  ): Promise<ReturnType<typeof incomeView>> {
    requireAdmin(auth);
    return runIdempotent(this.db, SCHEMA, idempotency, async (tx) => {
      if (!isUuid(id)) throw Errors.notFound('income');
      const [income] = await tx.select().from(incomes).where(eq(incomes.id, id)).for('update');
      if (!income) throw Errors.notFound('income');
      return this.settle(tx, income, status);
    });
  }

  /**
   * Moves a locked pending income to its final status in the caller's transaction: `confirmed`
   * credits the wallet (external → wallet) and publishes income.is-confirmed. Used by the admin
   * endpoint and by the chain watcher.
   */
  async settle(
    tx: Transaction,
    income: IncomeRow,
    status: 'confirmed' | 'failed',
  ): Promise<ReturnType<typeof incomeView>> {
    if (income.status !== 'pending') {
      throw Errors.conflict(
        `An income in status ${income.status} cannot become ${status}.`,
        'illegal_transition',
      );
    }
    const [updated] = await tx
      .update(incomes)
      .set({ status, updatedAt: new Date() })
      .where(eq(incomes.id, income.id))
      .returning();
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
   * A deposit seen on chain, recorded `pending` with income.is-created; undefined when this
   * (asset, transaction, log index) is already recorded — a rescan never records it twice.
   */
  async recordChainDeposit(
    tx: Transaction,
    deposit: {
      wallet: { id: string; tenantId: string; userId: string; assetId: string };
      amount: string;
      txHash: string;
      logIndex: number;
      senderAddress: string;
      network: string;
      blockNumber: number;
      blockHash: string;
      timestamp: Date;
    },
  ): Promise<IncomeRow | undefined> {
    const [row] = await tx
      .insert(incomes)
      .values({
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
        blockNumber: deposit.blockNumber,
        blockHash: deposit.blockHash,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await enqueueEvent(tx, SCHEMA, {
      name: EVENTS.incomeCreated,
      tenantId: row.tenantId,
      data: incomeView(row),
    });
    return row;
  }

  private async credit(tx: Transaction, income: IncomeRow): Promise<void> {
    const external = await systemAccountId(tx, income.assetId, 'external');
    const [walletAccount] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.walletId, income.walletId));
    const [wallet] = await tx
      .select({ address: wallets.address, deletedAt: wallets.deletedAt })
      .from(wallets)
      .where(eq(wallets.id, income.walletId));
    if (!walletAccount || !wallet) throw Errors.internal(new Error('income wallet has no account'));
    if (wallet.deletedAt)
      throw Errors.conflict('The wallet of this income was deleted.', 'wallet_deleted');
    const after = await postEntry(tx, {
      operationType: 'income',
      operationId: income.id,
      assetId: income.assetId,
      movements: [
        { accountId: external, amount: `-${income.amount}` },
        { accountId: walletAccount.id, amount: income.amount },
      ],
    });
    const balance = after.get(walletAccount.id)?.balance ?? '0';
    await recordMovements(tx, [
      {
        tenantId: income.tenantId,
        userId: income.userId,
        walletId: income.walletId,
        assetId: income.assetId,
        operationId: income.id,
        type: 'deposit',
        movement: 'in',
        movementSubtype: 'external',
        status: 'confirmed',
        amount: income.amount,
        walletBalanceAfter: balance,
        sender: { address: income.senderAddress },
        receiver: {
          walletId: income.walletId,
          address: wallet.address,
          walletBalance: balance,
          userId: income.userId,
        },
        txHash: income.blockchainTransactionId,
      },
    ]);
  }

  async list(
    auth: AuthContext | undefined,
    request: WalletScopedList,
  ): Promise<ListResult<ReturnType<typeof incomeView>>> {
    const scope = await walletScope(this.db, auth, request, incomes);
    const status = request.filters['status'];
    const clauses = listClauses(
      request.list,
      {
        sortable: { createdAt: incomes.createdAt, amount: incomes.amount },
        createdAt: incomes.createdAt,
        id: incomes.id,
      },
      [scope, status !== undefined ? eq(incomes.status, status as IncomeRow['status']) : undefined],
    );
    const { rows, total } = await selectPage(this.db, incomes, clauses);
    return { items: rows.map(incomeView), total };
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ) {
    const scope = await walletScope(this.db, auth, request, incomes);
    if (!isUuid(request.id)) throw Errors.notFound('income');
    const [row] = await this.db
      .select()
      .from(incomes)
      .where(and(scope, eq(incomes.id, request.id)));
    if (!row) throw Errors.notFound('income');
    return incomeView(row);
  }
}

import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { ListQuery } from '@custody/contracts';
import { type Executor, listClauses, selectPage, type Page } from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import { type TransactionRow, transactions } from '../schema';

export type MovementType = 'deposit' | 'withdrawal' | 'transfer' | 'purchase' | 'sale' | 'fee';
/** `reversal`: a reorged deposit's credit taken back (docs/decisions/chain-connectivity.md). */
export type MovementSubtype = 'internal' | 'external' | 'buy' | 'sell' | 'fee' | 'reversal';

export interface Party {
  walletId?: string;
  address: string;
  walletBalance?: string;
  userId?: string;
}

export interface MovementRow {
  tenantId: string;
  userId: string;
  walletId: string;
  assetId: string;
  operationId: string;
  type: MovementType;
  movement: 'in' | 'out';
  movementSubtype: MovementSubtype;
  status: string;
  amount: string;
  walletBalanceAfter: string;
  sender: Party;
  receiver: Party;
  txHash?: string | null;
  /** The rate a purchase or sale used (spec: Transaction `rates`). */
  rate?: Record<string, unknown> | null;
}

/**
 * The insert of `recordMovements` as a statement, for a caller that composes it into a larger
 * statement (one round trip) of the same transaction.
 */
export function movementsInsert(rows: MovementRow[]): SQL {
  const column = <T>(value: (r: MovementRow) => T) => sql.param(rows.map(value));
  const json = (value: unknown) =>
    value === undefined || value === null ? null : JSON.stringify(value);
  // One array per column: the same text for any number of rows (prepared once).
  return sql`INSERT INTO ledger.transactions (id, tenant_id, user_id, wallet_id, asset_id, operation_id, type, movement, movement_subtype, status, amount, wallet_balance_after, sender, receiver, tx_hash, rate)
    SELECT * FROM unnest(${column(() => uuidv7())}::uuid[], ${column((r) => r.tenantId)}::text[],
      ${column((r) => r.userId)}::uuid[], ${column((r) => r.walletId)}::uuid[],
      ${column((r) => r.assetId)}::text[], ${column((r) => r.operationId)}::uuid[],
      ${column((r) => r.type)}::text[], ${column((r) => r.movement)}::text[],
      ${column((r) => r.movementSubtype)}::text[], ${column((r) => r.status)}::text[],
      ${column((r) => r.amount)}::numeric[], ${column((r) => r.walletBalanceAfter)}::numeric[],
      ${column((r) => json(r.sender))}::jsonb[], ${column((r) => json(r.receiver))}::jsonb[],
      ${column((r) => r.txHash ?? null)}::text[], ${column((r) => json(r.rate))}::jsonb[])`;
}

/** One read-model row per wallet-side movement, written with the movement itself. */
export async function recordMovements(tx: Executor, rows: MovementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(movementsInsert(rows));
}

/** The filters as columns: `symbolAssetId` is the asset a `symbol` filter names. */
export interface TransactionColumnFilters {
  txLog?: string;
  symbolAssetId?: string;
  assetId?: string;
  movement?: 'in' | 'out';
  movementSubtype?: string;
  status?: string;
}

/** A page of a wallet's (or, for admins, any wallets') read-model rows. */
export async function listTransactions(
  db: Executor,
  scope: SQL | undefined,
  list: ListQuery,
  filters: TransactionColumnFilters,
): Promise<Page<TransactionRow>> {
  const clauses = listClauses(
    list,
    {
      sortable: { createdAt: transactions.createdAt, amount: transactions.amount },
      createdAt: transactions.createdAt,
      id: transactions.id,
    },
    [
      scope,
      filters.txLog !== undefined ? eq(transactions.operationId, filters.txLog) : undefined,
      filters.symbolAssetId !== undefined
        ? eq(transactions.assetId, filters.symbolAssetId)
        : undefined,
      filters.assetId !== undefined ? eq(transactions.assetId, filters.assetId) : undefined,
      filters.movement !== undefined ? eq(transactions.movement, filters.movement) : undefined,
      filters.movementSubtype !== undefined
        ? eq(transactions.movementSubtype, filters.movementSubtype)
        : undefined,
      filters.status !== undefined ? eq(transactions.status, filters.status) : undefined,
    ],
  );
  return selectPage(db, transactions, clauses);
}

export async function findTransaction(
  db: Executor,
  scope: SQL | undefined,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(scope, eq(transactions.id, id)));
  return row;
}

/** The rows a wallet-scoped list may show, as a condition (none: every row). */
export type ScopeCondition = SQL | undefined;

/** The columns a wallet-scoped list filters on (see `walletScope`). */
export interface WalletScopeColumns {
  tenantId: PgColumn;
  userId: PgColumn;
  walletId: PgColumn;
}

/**
 * The condition of a wallet-scoped list, once `walletScope` has checked the caller and the path.
 * A named wallet was found in the caller's tenant, under the path's user: its rows are its own,
 * and the list reads them by wallet alone (an index on (wallet_id, …) then answers the page and
 * its count without reading the table). Otherwise the caller's tenant (admin: all), the path's
 * user and wallet, `*` being every one.
 */
export function walletScopeCondition(
  columns: WalletScopeColumns,
  where: { scope: TenantScope; path: { userId: string; walletId: string }; named: boolean },
): ScopeCondition {
  const { scope, path } = where;
  if (where.named) return eq(columns.walletId, path.walletId);
  return and(
    scope.kind === 'tenant' ? eq(columns.tenantId, scope.tenantId) : undefined,
    path.userId !== '*' ? eq(columns.userId, path.userId) : undefined,
    path.walletId !== '*' ? eq(columns.walletId, path.walletId) : undefined,
  );
}

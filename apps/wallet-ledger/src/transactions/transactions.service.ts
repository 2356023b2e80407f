import { and, eq, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, ListResult, WalletScopedList } from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  type Database,
  type Executor,
  isUuid,
  listClauses,
  selectPage,
} from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { type TransactionRow, transactions } from '../schema';
import { walletScope } from './wallet-scope';

export type MovementType = 'deposit' | 'withdrawal' | 'transfer' | 'purchase' | 'sale' | 'fee';
export type MovementSubtype = 'internal' | 'external' | 'buy' | 'sell' | 'fee';

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

function view(row: TransactionRow, asset: { id: string; name: string; symbol: string }) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status,
    amount: row.amount,
    sender: row.sender,
    receiver: row.receiver,
    type: row.type,
    movement: row.movement,
    movementSubtype: row.movementSubtype,
    rates: row.rate,
    asset,
    txHash: row.txHash,
    txLog: row.operationId,
    walletBalance: row.walletBalanceAfter,
  };
}

export class TransactionsService {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
  ) {}

  private async assetsById(): Promise<Map<string, { id: string; name: string; symbol: string }>> {
    const all = await this.catalog.all();
    return new Map(all.map((a) => [a.id, { id: a.id, name: a.name, symbol: a.symbol }]));
  }

  async list(
    auth: AuthContext | undefined,
    request: WalletScopedList,
  ): Promise<ListResult<ReturnType<typeof view>>> {
    const scope = await walletScope(this.db, auth, request, transactions);
    const f = request.filters;
    const byId = await this.assetsById();
    const symbolAsset = f['symbol']
      ? [...byId.values()].find((a) => a.symbol.toUpperCase() === f['symbol']?.toUpperCase())
      : undefined;
    if (f['symbol'] && !symbolAsset) return { items: [], total: 0 };
    if (f['txLog'] !== undefined && !isUuid(f['txLog'])) return { items: [], total: 0 };
    const clauses = listClauses(
      request.list,
      {
        sortable: { createdAt: transactions.createdAt, amount: transactions.amount },
        createdAt: transactions.createdAt,
        id: transactions.id,
      },
      [
        scope,
        f['txLog'] !== undefined ? eq(transactions.operationId, f['txLog']) : undefined,
        symbolAsset ? eq(transactions.assetId, symbolAsset.id) : undefined,
        f['assetId'] !== undefined ? eq(transactions.assetId, f['assetId']) : undefined,
        f['movement'] !== undefined
          ? eq(transactions.movement, f['movement'] as 'in' | 'out')
          : undefined,
        f['movementSubtype'] !== undefined
          ? eq(transactions.movementSubtype, f['movementSubtype'])
          : undefined,
        f['status'] !== undefined ? eq(transactions.status, f['status']) : undefined,
      ],
    );
    const { rows, total } = await selectPage(this.db, transactions, clauses);
    return {
      items: rows.map((r) =>
        view(r, byId.get(r.assetId) ?? { id: r.assetId, name: '', symbol: '' }),
      ),
      total,
    };
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ) {
    const scope = await walletScope(this.db, auth, request, transactions);
    if (!isUuid(request.id)) throw Errors.notFound('transaction');
    const [row] = await this.db
      .select()
      .from(transactions)
      .where(and(scope, eq(transactions.id, request.id)));
    if (!row) throw Errors.notFound('transaction');
    return view(
      row,
      (await this.assetsById()).get(row.assetId) ?? { id: row.assetId, name: '', symbol: '' },
    );
  }
}

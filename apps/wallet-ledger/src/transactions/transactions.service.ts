import type {
  AuthContext,
  ListResult,
  TransactionFilters,
  TransactionView,
  WalletScopedList,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, listResult } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { type TransactionRow, transactions } from '../schema';
import { findTransaction, listTransactions } from './transactions.repository';
import { walletScope } from './wallet-scope';

function view(
  row: TransactionRow,
  asset: { id: string; name: string; symbol: string },
): TransactionView {
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
    request: WalletScopedList<TransactionFilters>,
  ): Promise<ListResult<TransactionView>> {
    const scope = await walletScope(this.db, auth, request, transactions);
    const { symbol, ...columns } = request.filters;
    const byId = await this.assetsById();
    const symbolAsset = symbol
      ? [...byId.values()].find((a) => a.symbol.toUpperCase() === symbol.toUpperCase())
      : undefined;
    if (symbol && !symbolAsset) return { items: [], total: 0 };
    if (columns.txLog !== undefined && !isUuid(columns.txLog)) return { items: [], total: 0 };
    const page = await listTransactions(this.db, scope, request.list, {
      ...{},
      ...columns,
      ...(symbolAsset ? { symbolAssetId: symbolAsset.id } : {}),
    });
    return listResult(
      page,
      page.rows.map((r) => view(r, byId.get(r.assetId) ?? { id: r.assetId, name: '', symbol: '' })),
    );
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ) {
    const scope = await walletScope(this.db, auth, request, transactions);
    if (!isUuid(request.id)) throw Errors.notFound('transaction');
    const row = await findTransaction(this.db, scope, request.id);
    if (!row) throw Errors.notFound('transaction');
    return view(
      row,
      (await this.assetsById()).get(row.assetId) ?? { id: row.assetId, name: '', symbol: '' },
    );
  }
}

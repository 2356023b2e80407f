import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  EVENTS,
  IDENTITY_RPC,
  LEDGER_RPC,
  type CreatePurchaseRequest,
  type ListPurchasesRequest,
  type ListResult,
  type SettlePurchaseRequest,
  WALLET_RPC,
} from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import { failpoint } from '@custody/faults';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  isUuid,
  listResult,
  withTransaction,
} from '@custody/persistence';
import {
  assertUserAccess,
  checkWalletPath,
  requireAuth,
  type TenantScope,
  tenantScope,
} from '@custody/tenancy';
import type { AssetsService } from '../assets/assets.service';
import { findRate } from '../rates/rates.repository';
import type { PurchaseRow } from '../schema';
import { rateSnapshot } from '../views';
import {
  checkAvailableBalance,
  checkFiatCurrency,
  checkTradingEnabled,
  quote,
} from './purchases.rules';
import * as repo from './purchases.repository';

const SCHEMA = 'trading';
/** Failpoint names of the purchase flow (crash tests). */
export const PURCHASE_FAILPOINTS = {
  afterPending: 'trading.purchase.after-pending',
} as const;

/**
 * The ledger's answers that mean "nothing moved, and nothing will for this purchase" (it stores
 * them and replays them). Any other error — a timeout, a 5xx, 409 idempotency_in_progress from a
 * twin settling at this moment — leaves the outcome unknown: the purchase stays pending.
 */
const SETTLEMENT_REFUSALS = new Set([
  'insufficient_balance',
  'user_blocked',
  'wallet_deleted',
  'asset_mismatch',
  'not_found',
]);

export function purchaseView(row: PurchaseRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: row.userId,
    wallet: row.walletId,
    status: row.status,
    operation: row.operation,
    asset: row.assetId,
    amount: row.amount,
    purchased: row.purchased,
    netAmount: row.netAmount,
    fee: row.fee,
    feeBps: row.feeBps,
    fiatCurrency: row.fiatCurrency,
    rate: { id: row.rateId, price: row.price },
    ...(row.externalReference ? { externalReference: row.externalReference } : {}),
    ...(row.failure ? { failure: { code: row.failure.code, message: row.failure.message } } : {}),
  };
}
export type PurchaseView = ReturnType<typeof purchaseView>;

export interface PurchaseSettings {
  fiatCurrency: string;
  feeBps: number;
}

/**
 * Purchases (docs/decisions/purchases.md). The quote is written `pending` first; then wallet-ledger
 * moves the crypto (idempotent by purchase id) and the purchase becomes `approved` with its event —
 * or `rejected` when the ledger refuses (a race with another debit, a block). A crash between the
 * steps leaves it `pending` for the recovery loop or the client's retry (same Idempotency-Key) to
 * finish.
 */
export class PurchasesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly assets: AssetsService,
    private readonly settings: PurchaseSettings,
    private readonly logger: Logger,
  ) {}

  async create(
    auth: AuthContext | undefined,
    request: CreatePurchaseRequest,
    idempotency?: IdempotencyKey,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    checkFiatCurrency(request.fiatCurrency, this.settings.fiatCurrency);
    if (idempotency) {
      const existing = await this.byKey(caller.clientId, idempotency);
      if (existing) return this.complete(existing);
    }
    const wallet = await this.rpc.call(
      'wallet-ledger',
      WALLET_RPC.getWallet,
      { userId: request.userId, walletId: request.walletId },
      { auth: caller, idempotent: true },
    );
    const user = await this.rpc.call(
      'identity',
      IDENTITY_RPC.getUserRef,
      { id: request.userId },
      { auth: caller, idempotent: true },
    );
    if (user.blocked) throw Errors.forbidden('A blocked user cannot trade.', 'user_blocked');
    const asset = await this.assets.require(wallet.asset.id);
    checkTradingEnabled(asset, request.operation);
    const rate = await this.assets.freshRate(asset);
    if (!rate) {
      throw Errors.unavailable(
        `No current rate for ${asset.symbol}; try again later.`,
        'rate_unavailable',
      );
    }
    const q = quote({
      operation: request.operation,
      amount: request.amount,
      price: rate.fiatPrice,
      feeBps: this.settings.feeBps,
      assetDecimals: asset.decimals,
    });
    checkAvailableBalance(request.operation, wallet, q);
    const row = await this.insertPending(caller, idempotency, {
      id: uuidv7(),
      tenantId: user.tenantId,
      userId: request.userId,
      walletId: wallet.id,
      assetId: asset.id,
      operation: request.operation,
      amount: q.amount,
      purchased: q.purchased,
      netAmount: q.netAmount,
      fee: q.fee,
      feeBps: this.settings.feeBps,
      fiatCurrency: this.settings.fiatCurrency,
      rateId: rate.id,
      price: rate.fiatPrice,
      status: 'pending',
      device: request.device,
      ip: request.ip,
      externalReference: request.externalReference ?? null,
      clientId: caller.clientId,
      idempotencyKey: idempotency?.key ?? null,
      requestHash: idempotency?.requestHash ?? null,
    });
    failpoint(PURCHASE_FAILPOINTS.afterPending);
    return this.complete(row);
  }

  /** The live purchase holding this client's key; another request under the key is a conflict. */
  private async byKey(
    clientId: string,
    idempotency: IdempotencyKey,
  ): Promise<PurchaseRow | undefined> {
    const row = await repo.findByKey(this.db, clientId, idempotency.key);
    if (row && row.requestHash !== idempotency.requestHash) {
      throw Errors.conflict(
        'This Idempotency-Key was used with a different request.',
        'idempotency_conflict',
      );
    }
    return row;
  }

  private async insertPending(
    caller: AuthContext,
    idempotency: IdempotencyKey | undefined,
    values: repo.NewPurchase,
  ): Promise<PurchaseRow> {
    const inserted = await withTransaction(this.db, async (tx) => {
      if (idempotency) await repo.releaseExpiredKey(tx, caller.clientId, idempotency.key);
      return repo.insertPurchase(tx, values);
    });
    if (inserted) return inserted;
    // A twin request with the same key won the insert: finish that purchase instead.
    const twin = idempotency ? await this.byKey(caller.clientId, idempotency) : undefined;
    if (!twin) throw Errors.internal(new Error('purchase insert conflicted without a twin'));
    return twin;
  }

  /** Settles a pending purchase (again, if need be) and answers as its final state says. */
  private async complete(row: PurchaseRow): Promise<{ id: string }> {
    if (row.status === 'approved') return { id: row.id };
    if (row.status === 'rejected') {
      throw row.failure ? AppError.fromWire(row.failure) : Errors.badRequest('Purchase rejected.');
    }
    const asset = await this.assets.require(row.assetId);
    const rate = await findRate(this.db, row.assetId, row.rateId);
    if (!rate) throw Errors.internal(new Error(`purchase ${row.id} lost its rate`));
    const settle: SettlePurchaseRequest = {
      purchaseId: row.id,
      tenantId: row.tenantId,
      userId: row.userId,
      walletId: row.walletId,
      assetId: row.assetId,
      operation: row.operation,
      cryptoAmount: row.operation === 'buy' ? row.purchased : row.amount,
      rate: rateSnapshot(rate, asset),
    };
    try {
      // Safe to redeliver: wallet-ledger settles each purchase id once and replays the answer.
      await this.rpc.call('wallet-ledger', LEDGER_RPC.settlePurchase, settle, { idempotent: true });
    } catch (error) {
      if (isAppError(error) && SETTLEMENT_REFUSALS.has(error.code)) {
        const final = await this.finish(row.id, 'rejected', error);
        if (final.status === 'approved') return { id: row.id };
        throw error;
      }
      throw error; // Unknown outcome: stays pending; recovery or a retry settles it.
    }
    const final = await this.finish(row.id, 'approved');
    if (final.status === 'rejected' && final.failure) throw AppError.fromWire(final.failure);
    return { id: row.id };
  }

  /** pending → approved (with its event) or rejected; a purchase already final stays as it is. */
  private async finish(
    id: string,
    status: 'approved' | 'rejected',
    failure?: AppError,
  ): Promise<PurchaseRow> {
    return withTransaction(this.db, async (tx) => {
      const updated = await repo.finishPending(tx, id, status, failure ? failure.toWire() : null);
      if (!updated) return repo.purchaseById(tx, id);
      if (status === 'approved') {
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.purchaseCreated,
          tenantId: updated.tenantId,
          data: purchaseView(updated),
        });
      }
      return updated;
    });
  }

  /** Finishes purchases a crash left pending (older than `olderThanMs`). Returns how many. */
  async recoverPending(olderThanMs: number): Promise<number> {
    const stuck = await repo.pendingBefore(this.db, new Date(Date.now() - olderThanMs), 100);
    let finished = 0;
    for (const row of stuck) {
      try {
        await this.complete(row);
        finished += 1;
      } catch (error) {
        if (isAppError(error) && SETTLEMENT_REFUSALS.has(error.code)) finished += 1;
        else this.logger.warn({ err: error, purchaseId: row.id }, 'purchase still pending');
      }
    }
    return finished;
  }

  /** The caller's scope, once the path's wallet is known to be one it may see. */
  private async scopeOf(
    auth: AuthContext | undefined,
    path: { userId: string; walletId: string },
  ): Promise<TenantScope> {
    const { caller, named } = checkWalletPath(auth, path);
    if (named) {
      // 404 for a wallet the caller cannot see (wallet-ledger applies the tenant rules).
      await this.rpc.call(
        'wallet-ledger',
        WALLET_RPC.getWalletRef,
        { userId: path.userId, walletId: path.walletId },
        { auth: caller, idempotent: true },
      );
    }
    return tenantScope(caller);
  }

  async list(
    auth: AuthContext | undefined,
    request: ListPurchasesRequest,
  ): Promise<ListResult<PurchaseView>> {
    const scope = await this.scopeOf(auth, request);
    const page = await repo.listPurchases(this.db, scope, request, request.list, request.filters);
    return listResult(page, page.rows.map(purchaseView));
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ): Promise<PurchaseView> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    if (![request.userId, request.walletId, request.id].every(isUuid)) {
      throw Errors.notFound('purchase');
    }
    const row = await repo.findPurchase(this.db, tenantScope(caller), request);
    if (!row) throw Errors.notFound('purchase');
    return purchaseView(row);
  }
}

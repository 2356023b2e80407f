import { EVENTS, LEDGER_RPC, type SettlePurchaseRequest } from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, withTransaction } from '@custody/persistence';
import type { AssetsService } from '../assets/assets.service';
import { findRate } from '../rates/rates.repository';
import type { PurchaseRow } from '../schema';
import { rateSnapshot } from '../views';
import { purchaseView } from './purchase.view';
import * as repo from './purchases.repository';

const SCHEMA = 'trading';

/**
 * The ledger's answers that mean "nothing moved, and nothing will for this purchase" (it stores
 * them and replays them). Any other error — a timeout, a 5xx, 409 idempotency_in_progress from a
 * twin settling at this moment — leaves the outcome unknown: the purchase stays pending.
 */
export const SETTLEMENT_REFUSALS = new Set([
  'insufficient_balance',
  'user_blocked',
  'wallet_deleted',
  'asset_mismatch',
  'not_found',
  'treasury_insufficient',
]);

/**
 * The second step of a purchase, shared by its creation (CreatePurchase) and the recovery of
 * those a crash left pending (RecoverPendingPurchases): wallet-ledger moves the crypto, then the
 * purchase ends `approved` with its event, or `rejected` with the ledger's refusal.
 */
export class PurchaseSettlement {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly assets: AssetsService,
  ) {}

  /** Settles a pending purchase (again, if need be) and answers as its final state says. */
  async complete(row: PurchaseRow): Promise<{ id: string }> {
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
}

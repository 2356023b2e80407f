import {
  EVENTS,
  LEDGER_RPC,
  type PurchaseCreated,
  type SettlePurchaseRequest,
} from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, type Executor, withTransaction } from '@custody/persistence';
import type { AssetsService } from '../assets/assets.service';
import { findRate } from '../rates/rates.repository';
import type { PurchaseRow } from '../schema';
import { rateSnapshot } from '../views';
import type { PurchaseGovernor } from './purchase-governor';
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
 * How a purchase answers its creation (and a retry of it) once recorded: a held one (it has an
 * approval) with its id, status and approval whatever became of it, since its creation was
 * answered so; otherwise its id once approved, the ledger's refusal once rejected. Undefined:
 * still to be settled.
 */
export function answerOf(row: PurchaseRow): PurchaseCreated | undefined {
  if (row.approvalId) {
    if (row.status === 'pending') return undefined;
    return { id: row.id, status: row.status, approvalId: row.approvalId };
  }
  if (row.status === 'approved') return { id: row.id };
  if (row.status === 'rejected')
    throw row.failure ? AppError.fromWire(row.failure) : Errors.badRequest('Purchase rejected.');
  return undefined;
}

/**
 * The second step of a purchase, shared by its creation (CreatePurchase), the recovery of those
 * a crash left pending (RecoverPendingPurchases) and the approval of a held one
 * (SettlePurchaseApproval): wallet-ledger moves the crypto, then the purchase ends `approved`
 * with its event, or `rejected` with the ledger's refusal (and its policy count released).
 */
export class PurchaseSettlement {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly assets: AssetsService,
    private readonly governor: PurchaseGovernor,
  ) {}

  /** Settles a pending purchase (again, if need be) and answers as its final state says. */
  async complete(row: PurchaseRow): Promise<PurchaseCreated> {
    const answered = answerOf(row);
    if (answered) return answered;
    // Unknown outcome (a throw): stays pending; recovery or a retry settles it.
    const refusal = await this.book(row);
    const final = await withTransaction(this.db, (tx) => this.finish(tx, row.id, refusal));
    if (final.status === 'rejected') await this.governor.release([row.id]);
    const answer = answerOf(final);
    if (!answer) throw Errors.internal(new Error(`purchase ${row.id} still pending`));
    return answer;
  }

  /**
   * A held purchase whose approval passed, in the transaction of the approval's event (its row
   * locked, `pending` again): settled there, or left `pending` when the ledger's answer is
   * unknown, for the recovery loop to settle as any purchase left pending.
   */
  async settleIn(tx: Executor, row: PurchaseRow): Promise<void> {
    let refusal: AppError | undefined;
    try {
      refusal = await this.book(row);
    } catch {
      return;
    }
    const final = await this.finish(tx, row.id, refusal);
    if (final.status === 'rejected') await this.governor.release([row.id]);
  }

  /**
   * wallet-ledger moves the crypto (idempotent by purchase id: safe to ask again): undefined once
   * booked, the refusal when it will never be; any other error is thrown (outcome unknown).
   */
  private async book(row: PurchaseRow): Promise<AppError | undefined> {
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
      await this.rpc.call('wallet-ledger', LEDGER_RPC.settlePurchase, settle, { idempotent: true });
      return undefined;
    } catch (error) {
      if (isAppError(error) && SETTLEMENT_REFUSALS.has(error.code)) return error;
      throw error;
    }
  }

  /**
   * pending → approved (with its event) or rejected (`refusal`); a purchase already final stays
   * as it is (a twin finished it): its final row.
   */
  private async finish(tx: Executor, id: string, refusal?: AppError): Promise<PurchaseRow> {
    const status = refusal ? 'rejected' : 'approved';
    const updated = await repo.finishPending(tx, id, status, refusal ? refusal.toWire() : null);
    if (!updated) return repo.purchaseById(tx, id);
    if (status === 'approved') {
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.purchaseCreated,
        tenantId: updated.tenantId,
        data: purchaseView(updated),
      });
    }
    return updated;
  }
}

import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  type CreatePurchaseRequest,
  IDENTITY_RPC,
  type PurchaseCreated,
  WALLET_RPC,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { failpoint } from '@custody/faults';
import type { RpcClient } from '@custody/messaging';
import { type Database, type IdempotencyKey, withTransaction } from '@custody/persistence';
import { assertUserAccess, requireAuth } from '@custody/tenancy';
import type { AssetsService } from '../assets/assets.service';
import type { PurchaseRow } from '../schema';
import type { PurchaseGovernor } from './purchase-governor';
import type { PurchaseSettlement } from './purchase-settlement';
import {
  approvalFailure,
  checkAvailableBalance,
  checkFiatCurrency,
  checkTradingEnabled,
  governedPurchase,
  quote,
} from './purchases.rules';
import * as repo from './purchases.repository';

/** Failpoint names of the purchase flow (crash tests). */
export const PURCHASE_FAILPOINTS = {
  afterPending: 'trading.purchase.after-pending',
} as const;

export interface PurchaseSettings {
  fiatCurrency: string;
  feeBps: number;
}

/**
 * A purchase (docs/decisions/purchases.md). The policies decide on the quote first (a block
 * records nothing); it is written `pending` (or `pending_approval`, held: answered with its
 * approval, settled when the approval passes); then wallet-ledger moves the crypto (idempotent
 * by purchase id) and the purchase becomes `approved` with its event — or `rejected` when the
 * ledger refuses (a race with another debit, a block). A crash between the steps leaves it
 * `pending` for the recovery loop or the client's retry (same Idempotency-Key) to finish.
 */
export class CreatePurchase {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly assets: AssetsService,
    private readonly settlement: PurchaseSettlement,
    private readonly governor: PurchaseGovernor,
    private readonly settings: PurchaseSettings,
  ) {}

  async create(
    auth: AuthContext | undefined,
    request: CreatePurchaseRequest,
    idempotency?: IdempotencyKey,
  ): Promise<PurchaseCreated> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    checkFiatCurrency(request.fiatCurrency, this.settings.fiatCurrency);
    if (idempotency) {
      const existing = await this.byKey(caller.clientId, idempotency);
      if (existing) return this.settlement.complete(existing);
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
    const id = uuidv7();
    // The policies decide on the deal as quoted before anything is written: a refusal leaves
    // nothing behind, an unreachable policy service fails the request (fail closed).
    const decision = await this.governor.decide(
      caller,
      governedPurchase({
        id,
        tenantId: user.tenantId,
        userId: request.userId,
        walletId: wallet.id,
        assetId: asset.id,
        operation: request.operation,
        amount: q.amount,
        purchased: q.purchased,
      }),
    );
    const approvalId = decision.decision === 'require_approval' ? decision.approvalId : null;
    const row = await this.insertPending(caller, idempotency, {
      id,
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
      status: approvalId ? 'pending_approval' : 'pending',
      approvalId,
      device: request.device,
      ip: request.ip,
      externalReference: request.externalReference ?? null,
      clientId: caller.clientId,
      idempotencyKey: idempotency?.key ?? null,
      requestHash: idempotency?.requestHash ?? null,
    });
    failpoint(PURCHASE_FAILPOINTS.afterPending);
    return this.settlement.complete(row);
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
    const approvalId = values.approvalId ?? null;
    const inserted = await withTransaction(this.db, async (tx) => {
      // Its approval's outcome, if it came first, is read after the insert, under its lock.
      if (approvalId) await repo.lockApproval(tx, approvalId);
      if (idempotency) await repo.releaseExpiredKey(tx, caller.clientId, idempotency.key);
      const row = await repo.insertPurchase(tx, values);
      const early = row && approvalId ? await repo.takeOutcome(tx, approvalId) : undefined;
      if (!row || !approvalId || !early) return row;
      const next =
        early === 'approved'
          ? ({ status: 'pending' } as const)
          : ({ status: 'rejected', failure: approvalFailure(early) } as const);
      return (await repo.leaveApproval(tx, row.id, approvalId, next)) ?? row;
    }).catch(async (error: unknown) => {
      // Not recorded: what the decision counted or held for it goes.
      await this.governor.release([values.id]);
      throw error;
    });
    if (inserted) return inserted;
    // A twin request with the same key won the insert: its decision stands, this one's goes;
    // finish that purchase instead.
    await this.governor.release([values.id]);
    const twin = idempotency ? await this.byKey(caller.clientId, idempotency) : undefined;
    if (!twin) throw Errors.internal(new Error('purchase insert conflicted without a twin'));
    return twin;
  }
}

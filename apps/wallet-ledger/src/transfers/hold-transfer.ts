import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  type CreateTransferRequest,
  EVENTS,
  type TransferView,
} from '@custody/contracts';
import { isAppError } from '@custody/errors';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  runIdempotent,
} from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { placeHold } from '../ledger/ledger.repository';
import { insufficientBalance } from '../ledger/ledger.rules';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { TransferLegRow, TransferRow } from '../schema';
import { lockParties } from './parties';
import type { SettleTransferApproval } from './settle-transfer-approval';
import { insertHeldTransfer } from './transfers.repository';
import { resolveTransfer, transferAnswer, transferView } from './transfers.rules';

const SCHEMA = 'ledger';

/** Refusals read from wallet-ledger's copy of the sender: not stored under an Idempotency-Key. */
export const SENDER_REFUSALS = new Set(['not_found', 'user_blocked']);

/**
 * A transfer a policy holds for approval (docs/decisions/policies-and-approvals.md): created
 * `pending_approval` with a hold per leg on its sender's wallet (available drops, balance stays)
 * until its approval's outcome (SettleTransferApproval). Held transfers are rare: they take the
 * plain per-request way, not the group commit.
 */
export class HoldTransfer {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
    private readonly settle: SettleTransferApproval,
  ) {}

  async hold(
    caller: AuthContext,
    id: string,
    approvalId: string,
    request: CreateTransferRequest,
    idempotency?: IdempotencyKey,
  ): Promise<TransferView> {
    return runIdempotent(
      this.db,
      SCHEMA,
      idempotency,
      transferAnswer,
      async (tx) => {
        // Its approval's outcome, if it came first, is read after the insert, under its lock.
        await outcomes.lockApproval(tx, approvalId);
        const parties = await lockParties(tx, this.catalog, request);
        const resolved = resolveTransfer(caller, request, parties);
        const now = new Date();
        const legRows: TransferLegRow[] = [];
        for (const [i, { leg, sender, receiver }] of resolved.entries()) {
          await placeHold(tx, sender.accountId, leg.amount, id).catch((error: unknown) => {
            if (isAppError(error) && error.code === 'insufficient_balance')
              throw insufficientBalance({ leg: i, senderWalletId: sender.id });
            throw error;
          });
          legRows.push({
            id: uuidv7(),
            transferId: id,
            position: i,
            assetId: leg.assetId,
            senderWalletId: sender.id,
            receiverWalletId: receiver.id,
            amount: leg.amount,
            status: 'pending_approval',
            createdAt: now,
            updatedAt: now,
          });
        }
        const transfer: TransferRow = {
          id,
          tenantId: resolved[0]?.sender.tenantId ?? caller.tenantId,
          status: 'pending_approval',
          externalReference: request.externalReference ?? null,
          requested: request.requestedTransactions,
          approvalId,
          failureReason: null,
          createdAt: now,
          updatedAt: now,
        };
        await insertHeldTransfer(tx, transfer, legRows);
        const view = transferView(transfer, legRows);
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.transferCreated,
          tenantId: transfer.tenantId,
          data: view,
        });
        const early = await outcomes.takeOutcome(tx, approvalId);
        return early ? this.settle.applyOutcome(tx, transfer, early) : view;
      },
      { storeError: (error) => !SENDER_REFUSALS.has(error.code) },
    );
  }
}

import { EVENTS, type AuthContext, type NewWithdrawal } from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  enqueueEvent,
  type IdempotencyKey,
  idAnswer,
  runIdempotent,
  storedIdempotentResult,
} from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { lockAccounts, placeHold } from '../ledger/ledger.repository';
import * as outcomes from '../policies/approval-outcomes.repository';
import type { Governor } from '../policies/governed';
import { assertMaySend, assertNotBlockedInCopy } from '../users/senders';
import { findWallet, walletAccountId } from '../wallets/wallets.repository';
import type { SettleWithdrawalApproval } from './settle-withdrawal-approval';
import { traceColumns } from './withdrawal-trace';
import * as repo from './withdrawals.repository';
import { amountToHold, checkNewWithdrawal, withdrawalView } from './withdrawals.rules';

const SCHEMA = 'ledger';

/**
 * A withdrawal requested through the API (docs/decisions/ledger-and-money-movement.md): the
 * request checked, the sender asked of identity, the policies' decision taken before anything is
 * held; then one transaction holds the amount (available drops, balance stays), inserts it
 * `prepared` (for the chain adapter, or an admin) or `pending_approval`, and writes
 * `withdrawal.is-created` with the Idempotency-Key's answer.
 */
export class CreateWithdrawal {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    private readonly governor: Governor,
    private readonly approvals: SettleWithdrawalApproval,
  ) {}

  async create(auth: AuthContext | undefined, input: NewWithdrawal, idempotency?: IdempotencyKey) {
    const caller = requireAuth(auth);
    const replay = await storedIdempotentResult(this.db, SCHEMA, idempotency, idAnswer);
    if (replay) return replay.result;
    assertUserAccess(caller, input.userId);
    const found = await findWallet(this.db, tenantScope(caller), input.userId, input.walletId);
    if (!found) throw Errors.notFound('wallet');
    const { wallet } = found;
    const asset = await this.catalog.require(wallet.assetId);
    await checkNewWithdrawal(input, asset);
    await assertMaySend(this.rpc, caller, [wallet.userId]);
    const id = uuidv7();
    // Without an amount it withdraws what is available: the amount evaluated is the one held
    // (less available by then is 400 insufficient_balance, as for any amount).
    const requested = input.amount ?? found.availableBalance;
    // The policies' decision before anything is held: a refusal leaves nothing behind, an
    // unreachable policy service fails the request (fail closed).
    const decision = await this.governor.decide(caller, {
      activity: 'withdrawal',
      operationId: id,
      tenantId: wallet.tenantId,
      legs: [
        {
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: asset.id,
          amount: requested,
          destination: input.receiverAddress,
        },
      ],
    });
    const approvalId = decision.decision === 'require_approval' ? decision.approvalId : null;
    // This request's trace context: the sender's work on it continues its trace.
    const trace = traceColumns();
    const created = runIdempotent(
      this.db,
      SCHEMA,
      idempotency,
      idAnswer,
      async (tx) => {
        // Its approval's outcome, if it came first, is read after the insert, under its lock.
        if (approvalId) await outcomes.lockApproval(tx, approvalId);
        // A block committed since identity answered: before the account's lock, as transfers.
        await assertNotBlockedInCopy(tx, wallet.userId);
        const accountId = await walletAccountId(tx, wallet.id);
        if (!accountId) throw Errors.internal(new Error('wallet without account'));
        const locked = await lockAccounts(tx, [accountId]);
        const amount = amountToHold(requested, locked.get(accountId)?.availableBalance ?? '0');
        const holdId = await placeHold(tx, accountId, amount, id);
        const row = await repo.insertWithdrawal(tx, {
          id,
          tenantId: wallet.tenantId,
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: asset.id,
          amount,
          fee: '0',
          receiverAddress: input.receiverAddress,
          memo: input.memo ?? null,
          userNote: input.userNote ?? null,
          externalReference: input.externalReference ?? null,
          status: approvalId ? 'pending_approval' : 'prepared',
          approvalId,
          holdId,
          ...trace,
        });
        const early = approvalId ? await outcomes.takeOutcome(tx, approvalId) : undefined;
        await enqueueEvent(tx, SCHEMA, {
          name: EVENTS.withdrawalCreated,
          tenantId: row.tenantId,
          data: {
            ...withdrawalView(row, asset.symbol, await repo.movementIds(tx, row)),
            device: input.device,
            ip: input.ip,
          },
        });
        if (early) await this.approvals.apply(tx, row, early);
        return { id };
      },
      // A block's 403 is not kept under the key: a retry after an unblock must go through.
      { storeError: (error) => error.code !== 'user_blocked' },
    );
    // The decision counted this withdrawal (and its approval names it): if it was not created
    // (short funds, a twin request under the same key answered first), both go.
    const result = await created.catch(async (error: unknown) => {
      await this.governor.releaseRefused(id, error);
      throw error;
    });
    if (result.id !== id) await this.governor.release([id]);
    return result;
  }
}

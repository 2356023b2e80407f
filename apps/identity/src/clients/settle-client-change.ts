import type { ApprovalView } from '@custody/contracts';
import { isAppError } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { Transaction } from '@custody/persistence';
import type { HeldForApprovals } from '@custody/service-kit';
import type { AuthState } from '../auth-state/auth-state';
import { changeClient, insertNewClient } from './apply-client-change';
import { endHeldChange, lockHeldChange, waitingApprovals } from './held-client-changes.repository';

/**
 * Applies or drops a held change of a client once its approval ends (`approval.is-decided`), in
 * the event's transaction with its inbox row: a redelivered outcome applies once. A change that
 * can no longer apply (its e-mail taken, its tenant or client gone meanwhile) ends `failed`, its
 * writes undone in a savepoint.
 */
export class SettleClientChange {
  constructor(
    private readonly authState: AuthState,
    private readonly logger: Logger,
  ) {}

  async settle(
    tx: Transaction,
    approval: Pick<ApprovalView, 'id' | 'operationId' | 'status'>,
  ): Promise<void> {
    const held = await lockHeldChange(tx, approval.operationId);
    if (held?.status !== 'pending') return;
    if (approval.status !== 'approved') {
      await endHeldChange(tx, held.id, approval.status === 'expired' ? 'expired' : 'rejected');
      return;
    }
    const by = { changedBy: held.createdBy, approvalId: approval.id };
    const version = await tx
      .transaction(async (inner) => {
        if (held.kind === 'create') {
          const { name, email } = held.input;
          if (name === undefined || email === undefined || held.passwordHash === null)
            return undefined;
          const row = await insertNewClient(
            inner,
            held.clientId,
            { ...held.input, name, email },
            held.passwordHash,
            by,
          );
          return row.tokenVersion;
        }
        const changed = await changeClient(inner, held.clientId, held.input, held.passwordHash, by);
        if (!changed) return undefined;
        return changed.bumped ? changed.row.tokenVersion : null;
      })
      .catch((error: unknown) => {
        if (!isAppError(error) || error.status >= 500) throw error;
        this.logger.warn(
          { approvalId: approval.id, clientId: held.clientId, code: error.code },
          'an approved change of a client could not apply',
        );
        return undefined;
      });
    await endHeldChange(tx, held.id, version === undefined ? 'failed' : 'applied');
    // Redis follows the record: written before the commit, a rolled-back apply leaves a version
    // ahead of the record, which refuses tokens until the redelivered outcome applies it.
    if (typeof version === 'number') await this.authState.setClientVersion(held.clientId, version);
  }
}

/**
 * An approval's outcome for identity: the held change of a client it names. By the event or by
 * the sweep, whichever comes first; the other finds the change no longer pending.
 */
export function clientChangeOutcome(settle: SettleClientChange) {
  return async (tx: Transaction, approval: ApprovalView): Promise<void> => {
    if (approval.activity === 'member-change' && approval.status !== 'pending')
      await settle.settle(tx, approval);
  };
}

/** The same outcomes, swept for the changes still waiting (docs/decisions/sweeps.md). */
export function heldClientChanges(settle: SettleClientChange): HeldForApprovals {
  return { waiting: [waitingApprovals], settle: clientChangeOutcome(settle) };
}

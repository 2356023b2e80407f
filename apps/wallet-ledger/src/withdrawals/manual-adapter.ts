import type { AuthContext, WithdrawalView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { compare } from '@custody/money';
import {
  type Database,
  type IdempotencyKey,
  isUuid,
  runIdempotent,
  sqlConstraint,
  sqlState,
} from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { WithdrawalStatus } from '../schema';
import type { WithdrawalChainAdapter } from './chain-adapter';
import type { MoveWithdrawal } from './move-withdrawal';
import * as repo from './withdrawals.repository';
import { assertNotChainManaged, assertTransition, withdrawalAnswer } from './withdrawals.rules';

const SCHEMA = 'ledger';

/**
 * The manual adapter (docs/decisions/chain-connectivity.md, "Adapters"): the withdrawals of
 * every asset no chain adapter sends are sent outside custody and reported by an admin, who moves
 * them through their states (`PATCH /v1/admin/withdrawals/{id}`, `report`). Nothing is sent from
 * here, so nothing can be sped up or cancelled (409 chain_adapter_off).
 */
export class ManualWithdrawalAdapter implements WithdrawalChainAdapter {
  constructor(
    private readonly db: Database,
    private readonly moves: MoveWithdrawal,
  ) {}

  sends(): boolean {
    return false;
  }

  async replace(): Promise<void> {
    throw Errors.conflict('No chain adapter sends withdrawals here.', 'chain_adapter_off');
  }

  /** An admin's report of a withdrawal's progress; one a chain adapter took is 409 chain_managed. */
  async report(
    auth: AuthContext | undefined,
    id: string,
    change: { status: WithdrawalStatus; blockchainTransactionId?: string; fee?: string },
    idempotency?: IdempotencyKey,
  ): Promise<WithdrawalView> {
    requireAdmin(auth);
    return runIdempotent(this.db, SCHEMA, idempotency, withdrawalAnswer, async (tx) => {
      if (!isUuid(id)) throw Errors.notFound('withdrawal');
      const current = await repo.lockWithdrawal(tx, id);
      if (!current) throw Errors.notFound('withdrawal');
      assertTransition(current.status, change.status);
      assertNotChainManaged(current);
      // A client's signed transaction paid its network fee on top of its amount, from the hold's
      // fee reserve, as the chain adapter settles one (the rest returns to the wallet).
      const signed = current.signedTxId !== null;
      if (signed && change.fee !== undefined && compare(change.fee, current.feeReserve) > 0)
        throw Errors.validation([
          {
            path: 'body.fee',
            message: `The fee cannot exceed the signed transaction's fee reserve (${current.feeReserve})`,
          },
        ]);
      return this.moves
        .move(tx, current, { ...{}, ...change, onChain: signed })
        .catch((error: unknown) => {
          // A blockchain transaction is booked on one withdrawal only (migration 0036).
          if (sqlState(error) === '23505' && sqlConstraint(error) === repo.TX_ONCE_INDEX)
            throw Errors.conflict(
              'Another withdrawal is booked on this blockchain transaction.',
              'transaction_already_booked',
            );
          throw error;
        });
    });
  }
}

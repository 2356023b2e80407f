import type { AuthContext, WithdrawalView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { ReplacementKind, WithdrawalChainAdapter } from './chain-adapter';
import type { WithdrawalsService } from './withdrawals.service';
import { inWithdrawalTrace } from './withdrawal-trace';
import { findWithdrawal } from './withdrawals.repository';

/**
 * An admin's speed-up or cancel of a broadcast withdrawal (`POST /v1/admin/withdrawals/{id}/
 * speed-up|cancel`): asked of the adapter that sends its asset, through the port; with none, the
 * manual adapter answers 409 chain_adapter_off. Answers the withdrawal with its attempts. Runs in
 * the withdrawal's trace (a span `withdrawal speed-up` or `withdrawal cancel`).
 */
export class ReplaceWithdrawal {
  constructor(
    private readonly db: Database,
    private readonly reads: WithdrawalsService,
    /** The chain adapters, each sending its assets; `manual` stands for every other asset. */
    private readonly adapters: readonly WithdrawalChainAdapter[],
    private readonly manual: WithdrawalChainAdapter,
  ) {}

  async replace(
    auth: AuthContext | undefined,
    id: string,
    kind: ReplacementKind,
  ): Promise<WithdrawalView> {
    requireAdmin(auth);
    if (!isUuid(id)) throw Errors.notFound('withdrawal');
    const current = await findWithdrawal(this.db, undefined, id);
    if (!current) throw Errors.notFound('withdrawal');
    const adapter = this.adapters.find((a) => a.sends(current.assetId)) ?? this.manual;
    // In the withdrawal's trace, linked to the admin's request (docs/tracing.md).
    await inWithdrawalTrace(`withdrawal ${kind}`, current, () => adapter.replace(current, kind));
    return this.reads.adminView(id);
  }
}

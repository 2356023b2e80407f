import type { Counter } from 'prom-client';
import { type ApprovalView, MAX_OUTCOMES_ASKED, POLICY_RPC } from '@custody/contracts';
import { type Logger, runWithContext } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  type Executor,
  type Transaction,
  withTransaction,
} from '@custody/persistence';

/**
 * One kind of operation an app holds for an approval: the approvals of those still waiting for
 * their outcome, in id order after `after` (keyset), at most `limit`.
 */
export type WaitingApprovals = (db: Executor, after: string, limit: number) => Promise<string[]>;

/** What an app that holds operations for approvals gives its sweep (ServiceParts). */
export interface HeldForApprovals {
  /** Each kind of operation it holds. */
  waiting: WaitingApprovals[];
  /**
   * Applies an approval's outcome exactly as its `approval.is-decided` handler does (the same
   * use-case): idempotent, so an outcome applied by both, in either order, applies once.
   */
  settle: (tx: Transaction, approval: ApprovalView) => Promise<void>;
}

const FIRST = '00000000-0000-0000-0000-000000000000';

/**
 * Re-reads the outcomes of the operations an app still holds for approvals (docs/decisions/
 * sweeps.md): each page of waiting approvals is asked of the policy service
 * (`approvals.outcomes`), and each decided one applied in a transaction of its own. An
 * `approval.is-decided` lost on the way (a consumer's queue deleted, a broker that lost its
 * data) delays the outcome by one sweep at most, never loses it.
 */
export class ApprovalOutcomesSweep {
  constructor(
    private readonly options: {
      db: Database;
      rpc: RpcClient;
      logger: Logger;
      held: HeldForApprovals;
      /** Outcomes the sweep applied (their event had not, or not yet). */
      swept?: Counter;
    },
  ) {}

  /** One sweep: answers how many decided outcomes it handed to `settle`. */
  async sweep(): Promise<number> {
    let applied = 0;
    for (const waiting of this.options.held.waiting) {
      let after = FIRST;
      for (;;) {
        const ids = await waiting(this.options.db, after, MAX_OUTCOMES_ASKED);
        if (ids.length === 0) break;
        const { approvals } = await this.options.rpc.call('policy', POLICY_RPC.approvalOutcomes, {
          ids,
        });
        for (const approval of approvals) if (await this.apply(approval)) applied += 1;
        after = ids[ids.length - 1] as string;
        if (ids.length < MAX_OUTCOMES_ASKED) break;
      }
    }
    return applied;
  }

  private async apply(approval: ApprovalView): Promise<boolean> {
    const { db, logger, held, swept } = this.options;
    try {
      await runWithContext({ requestId: `sweep:${approval.id}` }, () =>
        withTransaction(db, (tx) => held.settle(tx, approval)),
      );
    } catch (error) {
      // A fault (a peer down): the next sweep, or the event, tries again.
      logger.warn(
        { err: error, approvalId: approval.id },
        'a swept approval outcome did not apply',
      );
      return false;
    }
    swept?.inc();
    logger.info(
      { approvalId: approval.id, activity: approval.activity, status: approval.status },
      'approval outcome applied by the sweep (its event was lost or is late)',
    );
    return true;
  }
}

import type pg from 'pg';
import {
  LEDGER_CHECK_LIMITS,
  type LedgerCheck,
  type LedgerCheckView,
  type LedgerViolation,
} from '@custody/contracts';
import * as repo from './ledger-check.repository';
import { mergeViolations, walkChains } from './ledger-check.rules';

export interface LedgerCheckLimits {
  accountsPerCall: number;
  postingsPerCall: number;
  legsPerCall: number;
}

const as = (rule: LedgerCheck, rows: Record<string, unknown>[]): LedgerViolation[] =>
  rows.map((detail) => ({ rule, detail }));

/**
 * `GET /v1/admin/ledger/check` at any size (docs/decisions/ledger-check-at-scale.md): each
 * call advances one run by a bounded step (accounts in id order, each account's postings from
 * where the last run found them sound) and answers the run's progress and violations so far.
 * A call reads in one REPEATABLE READ snapshot and takes no lock a movement waits for: only its
 * own tables are written, and one call runs at a time (a session advisory lock, taken before
 * the snapshot so that a call that waited reads what the previous one wrote).
 */
export class LedgerCheckService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly limits: LedgerCheckLimits = LEDGER_CHECK_LIMITS,
  ) {}

  async advance(now = new Date()): Promise<LedgerCheckView> {
    const client = await this.pool.connect();
    try {
      await client.query(`SELECT pg_advisory_lock(hashtext('ledger.check'))`);
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
        const view = await this.step(client, now);
        await client.query('COMMIT');
        return view;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext('ledger.check'))`);
      }
    } finally {
      client.release();
    }
  }

  private async step(client: pg.ClientBase, now: Date): Promise<LedgerCheckView> {
    const previous = await repo.readRun(client);
    const run: repo.CheckRun =
      previous && !previous.completedAt
        ? previous
        : {
            startedAt: now,
            afterAccount: null,
            accountsChecked: 0,
            postingsChecked: 0,
            accountsComplete: false,
            afterLeg: null,
            legsChecked: 0,
            violations: [],
            completedAt: null,
          };
    const found = run.accountsComplete ? [] : await this.accountsStep(client, run);
    // Every account walked: the transfer legs next, a bounded step per call.
    if (run.accountsComplete) {
      const legs = await repo.legsWithoutTransfer(client, run.afterLeg, this.limits.legsPerCall);
      found.push(...as('leg_without_transfer', legs.orphans));
      if (legs.last) run.afterLeg = legs.last;
      run.legsChecked += legs.checked;
      if (legs.checked < this.limits.legsPerCall) run.completedAt = now;
    }
    run.violations = mergeViolations(run.violations, found);
    await repo.saveRun(client, run);
    return {
      ok: run.violations.length === 0,
      checkedAt: now.toISOString(),
      violations: run.violations,
      complete: run.completedAt !== null,
      progress: {
        accountsChecked: run.accountsChecked,
        accounts: await repo.countAccounts(client),
        postingsChecked: run.postingsChecked,
        transferLegsChecked: run.legsChecked,
        startedAt: run.startedAt.toISOString(),
      },
    };
  }

  /**
   * The next accounts of the run, each from its checkpoint: their postings' chains, entries and
   * balances, and the postings in their id range that name no account.
   */
  private async accountsStep(
    client: pg.ClientBase,
    run: repo.CheckRun,
  ): Promise<LedgerViolation[]> {
    const { accountsPerCall, postingsPerCall } = this.limits;
    const accounts = await repo.accountsAfter(client, run.afterAccount, accountsPerCall);
    // One more than the budget per account: an account with more is seen to go on.
    const fresh = await repo.freshPostings(client, accounts, postingsPerCall + 1);
    const walk = walkChains(accounts, fresh, postingsPerCall);
    await repo.saveCheckpoints(client, walk.advanced);

    const entryIds = [...new Set(walk.walked.map((p) => p.entryId))];
    // The accounts are all walked when this step walked the last ones whole.
    const ended = walk.chunkComplete && accounts.length < accountsPerCall;
    const lastAccount = walk.done.at(-1);
    const found: LedgerViolation[] = [
      ...walk.violations,
      ...as('entry_not_balanced', await repo.unbalancedEntries(client, entryIds)),
      ...as('posting_without_entry', await repo.postingsWithoutEntry(client, walk.walked)),
      ...as('negative_wallet_balance', await repo.negativeWallets(client, walk.done)),
      ...as('available_differs_from_holds', await repo.availableNotHolds(client, walk.done)),
      // The account ids this step covered: up to its last account, or to the end.
      ...(lastAccount || ended
        ? as(
            'posting_without_account',
            await repo.postingsWithoutAccount(
              client,
              run.afterAccount,
              ended ? null : (lastAccount ?? null),
            ),
          )
        : []),
    ];
    if (lastAccount) run.afterAccount = lastAccount;
    run.accountsChecked += walk.done.length;
    run.postingsChecked += walk.walked.length;
    if (ended) {
      // What spans every account is checked once, at the end of their walk.
      found.push(...as('asset_sum_not_zero', await repo.assetSumsNotZero(client)));
      run.accountsComplete = true;
    }
    return found;
  }
}

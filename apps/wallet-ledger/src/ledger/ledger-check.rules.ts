import { LEDGER_CHECK_MAX_ROWS, type LedgerCheck, type LedgerViolation } from '@custody/contracts';
import { add, compare } from '@custody/money';

/** An account of the chunk being checked, with where its last check left its postings. */
export interface CheckedAccount {
  id: string;
  /** The account's balance in the check's snapshot. */
  balance: string;
  /** The chain's balance at `through` (0 before any posting). */
  base: string;
  /** The last posting id found sound (0: none yet), as text (bigint). */
  through: string;
}

/** A posting after its account's checkpoint, in id order within its account. */
export interface FreshPosting {
  id: string;
  accountId: string;
  entryId: string;
  amount: string;
  balanceAfter: string;
}

export interface ChainWalk {
  /** New checkpoints: accounts whose walked postings were sound. */
  advanced: { accountId: string; through: string; balance: string }[];
  violations: LedgerViolation[];
  /** The postings walked (their entries are checked next). */
  walked: FreshPosting[];
  /** Accounts of the chunk done, in order; the next call starts after the last of them. */
  done: string[];
  /** False when the budget ran out inside the chunk: the next call goes on from `done`. */
  chunkComplete: boolean;
}

/**
 * Walks each account's fresh postings from its checkpoint (`fresh` holds at most `budget + 1` of
 * an account's, so that one with more is seen to go on): every posting's `balance_after` must
 * be the previous one plus its amount, and the last one the account's balance. Postings of one
 * account are written in id order under the account's lock, so its chain is its id order. At most
 * `budget` postings are walked; an account cut short keeps its new checkpoint and is walked on
 * by the next call. A broken account keeps its old checkpoint: it is reported again by every run
 * until repaired.
 */
export function walkChains(
  accounts: CheckedAccount[],
  fresh: FreshPosting[],
  budget: number,
): ChainWalk {
  const byAccount = new Map<string, FreshPosting[]>();
  for (const posting of fresh) {
    const list = byAccount.get(posting.accountId) ?? [];
    list.push(posting);
    byAccount.set(posting.accountId, list);
  }
  const walk: ChainWalk = {
    advanced: [],
    violations: [],
    walked: [],
    done: [],
    chunkComplete: true,
  };
  let used = 0;
  for (const account of accounts) {
    const postings = byAccount.get(account.id) ?? [];
    let running = account.base;
    let through = account.through;
    let broken = false;
    let taken = 0;
    for (const posting of postings) {
      if (used + taken >= budget) break;
      taken += 1;
      running = add(running, posting.amount);
      walk.walked.push(posting);
      if (compare(running, posting.balanceAfter) !== 0) {
        walk.violations.push({
          rule: 'balance_differs_from_postings',
          detail: {
            account_id: account.id,
            posting_id: posting.id,
            expected: running,
            balance_after: posting.balanceAfter,
          },
        });
        broken = true;
        break;
      }
      through = posting.id;
    }
    used += taken;
    if (!broken && taken < postings.length) {
      // Cut short by the budget: keep what was found sound, go on from here next call.
      if (through !== account.through)
        walk.advanced.push({ accountId: account.id, through, balance: running });
      walk.chunkComplete = false;
      return walk;
    }
    walk.done.push(account.id);
    if (broken) continue;
    if (compare(running, account.balance) !== 0) {
      walk.violations.push({
        rule: 'balance_differs_from_postings',
        detail: { account_id: account.id, balance: account.balance, postings: running },
      });
      continue;
    }
    if (through !== account.through)
      walk.advanced.push({ accountId: account.id, through, balance: running });
  }
  return walk;
}

/** Adds violations to a run's, keeping at most LEDGER_CHECK_MAX_ROWS per check. */
export function mergeViolations(
  kept: LedgerViolation[],
  found: LedgerViolation[],
): LedgerViolation[] {
  const counts = new Map<LedgerCheck, number>();
  for (const v of kept) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  const merged = [...kept];
  for (const v of found) {
    const n = counts.get(v.rule) ?? 0;
    if (n >= LEDGER_CHECK_MAX_ROWS) continue;
    counts.set(v.rule, n + 1);
    merged.push(v);
  }
  return merged;
}

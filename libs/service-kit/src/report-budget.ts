/**
 * How many refused requests a service reports to the audit log: a burst of `REPORT_BURST` in full
 * (a batch of honest mistakes, or a probe, is all on record), then `REPORTS_PER_SECOND` a second
 * (a rogue caller chooses their rate; the audit log must not grow at it). A token bucket.
 */
export const REPORT_BURST = 60;
export const REPORTS_PER_SECOND = 10;

/** The reports a service may still make, and when that was last counted. */
export interface ReportBudget {
  tokens: number;
  at: number;
}

export const fullReportBudget = (now: number): ReportBudget => ({ tokens: REPORT_BURST, at: now });

/** Spends one report at `now` if the budget has one: the budget after, and whether it had one. */
export function spendReport(
  budget: ReportBudget,
  now: number,
): { budget: ReportBudget; allowed: boolean } {
  // A clock that goes back refills nothing.
  const tokens = Math.min(
    REPORT_BURST,
    budget.tokens + (Math.max(0, now - budget.at) * REPORTS_PER_SECOND) / 1000,
  );
  const at = Math.max(now, budget.at);
  if (tokens < 1) return { budget: { tokens, at }, allowed: false };
  return { budget: { tokens: tokens - 1, at }, allowed: true };
}

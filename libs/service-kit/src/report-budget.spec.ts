import {
  fullReportBudget,
  REPORT_BURST,
  type ReportBudget,
  REPORTS_PER_SECOND,
  spendReport,
} from './report-budget';

const NOW = 1_800_000_000_000;

describe('the refusals a service reports to the audit log', () => {
  function spend(times: number, budget: ReportBudget, at: (i: number) => number) {
    let allowed = 0;
    for (let i = 0; i < times; i++) {
      const spent = spendReport(budget, at(i));
      budget = spent.budget;
      if (spent.allowed) allowed += 1;
    }
    return { allowed, budget };
  }

  it('are all reported in a burst up to the burst size, at one instant', () => {
    expect(spend(REPORT_BURST, fullReportBudget(NOW), () => NOW).allowed).toBe(REPORT_BURST);
  });

  it('past the burst, are cut to the refill rate', () => {
    const { allowed } = spend(REPORT_BURST + 1000, fullReportBudget(NOW), (i) => NOW + i);
    // 1,060 refusals, one a millisecond: the burst and about a second's refill.
    expect(allowed).toBeGreaterThanOrEqual(REPORT_BURST + REPORTS_PER_SECOND - 1);
    expect(allowed).toBeLessThanOrEqual(REPORT_BURST + REPORTS_PER_SECOND + 1);
  });

  it('refill over time, never past the burst size', () => {
    const emptied = spend(REPORT_BURST, fullReportBudget(NOW), () => NOW).budget;
    expect(spend(REPORT_BURST + 1, emptied, () => NOW + 3_600_000).allowed).toBe(REPORT_BURST);
  });

  it('are not refilled by a clock that goes back', () => {
    const emptied = spend(REPORT_BURST, fullReportBudget(NOW), () => NOW).budget;
    expect(spendReport(emptied, NOW - 60_000).allowed).toBe(false);
  });
});

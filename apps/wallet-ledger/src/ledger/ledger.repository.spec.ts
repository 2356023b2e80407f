import { PgDialect } from 'drizzle-orm/pg-core';
import { LEDGER_CHECK_MAX_ROWS, LEDGER_CHECKS } from '@custody/contracts';
import { INVARIANT_CHECKS } from './ledger.repository';

describe('the ledger invariant checks', () => {
  const dialect = new PgDialect();

  it('are the checks the contracts name, in their order', () => {
    expect(Object.keys(INVARIANT_CHECKS)).toEqual([...LEDGER_CHECKS]);
  });

  // The gateway documents at most LEDGER_CHECK_MAX_ROWS violations per check.
  it.each(LEDGER_CHECKS)('%s answers at most LEDGER_CHECK_MAX_ROWS rows', (rule) => {
    const { sql, params } = dialect.sqlToQuery(INVARIANT_CHECKS[rule]);
    expect(params).toEqual([]);
    expect(sql).toMatch(new RegExp(`\\sLIMIT ${LEDGER_CHECK_MAX_ROWS}$`));
  });
});

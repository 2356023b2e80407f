import fc from 'fast-check';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { testEvent } from '@custody/testing';
import { compileSql } from './compile';
import { claimKeysStatements, releaseKeysStatement, storeOutcomesStatement } from './idempotency';
import { outboxInsertMany, outboxRecord } from './outbox';

const dialect = new PgDialect();
const drizzles = (statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
};

/** Random templates of the chunks hand-written statements use, nested. */
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }),
  fc.uint8Array({ maxLength: 4 }).map((bytes) => Buffer.from(bytes)),
);
const template: fc.Memo<SQL> = fc.memo((depth) => {
  const chunk = fc.oneof(
    value,
    value.map((v) => sql.param(v)),
    fc.array(fc.string()).map((list) => sql.param(list)),
    fc.array(value, { maxLength: 3 }),
    fc.stringMatching(/^[a-z_]{1,10}$/).map((name) => sql.identifier(name)),
    fc.constant(undefined),
    ...(depth > 1 ? [template(depth - 1)] : []),
  );
  return fc
    .tuple(
      fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 5 }),
      fc.array(chunk, { maxLength: 4 }),
    )
    .map(([strings, chunks]) => {
      const parts = [strings[0] ?? ''];
      const values = chunks.slice(0, strings.length - 1);
      for (let i = 0; i < values.length; i++) parts.push(strings[i + 1] ?? '');
      const raw = Object.assign([...parts], { raw: parts }) as unknown as TemplateStringsArray;
      return sql(raw, ...values);
    });
});

describe('compileSql', () => {
  it('makes the same text and parameters as drizzle for any template of strings, values, params, lists, names and nesting', () => {
    fc.assert(
      fc.property(template(4), (statement) => {
        expect(compileSql(statement)).toStrictEqual(drizzles(statement));
      }),
      { numRuns: 2000 },
    );
  });

  it('makes the same as drizzle for the outbox and idempotency statements', () => {
    const events = [1, 2, 3].map((n) => outboxRecord(testEvent(n, `t${n}`)));
    const key = { clientId: 'c', key: 'k', requestHash: 'h' };
    const statements = [
      outboxInsertMany('ledger', events),
      ...claimKeysStatements('ledger', [key, { ...key, key: 'k2' }]),
      storeOutcomesStatement('ledger', [{ key, outcome: { ok: true, result: { id: 1 } } }]),
      releaseKeysStatement('ledger', [key]),
    ].filter((s): s is SQL => s !== undefined);
    expect(statements.length).toBeGreaterThan(3);
    // Built by compileSql itself, not by its fallback to drizzle.
    const fallback = jest.spyOn(PgDialect.prototype, 'sqlToQuery');
    const compiled = statements.map(compileSql);
    expect(fallback).not.toHaveBeenCalled();
    fallback.mockRestore();
    statements.forEach((statement, i) => expect(compiled[i]).toStrictEqual(drizzles(statement)));
  });

  it('leaves chunks it does not know (tables, columns, inlined values) to drizzle', () => {
    const table = pgTable('things', { name: text('name') });
    const statements = [
      sql`SELECT ${table.name} FROM ${table} WHERE ${table.name} = ${'x'}`,
      sql`SELECT ${sql.raw('1')} + ${2}`.inlineParams(),
      sql`SELECT ${sql.placeholder('p')}`,
      sql`SELECT ${{ plain: 'object' }}::jsonb`,
      sql`SELECT ${'a'}::${pgEnum('mood', ['happy', 'sad'])}`,
      sql`SELECT ${sql`${'nested'}`.inlineParams()}`,
    ];
    for (const statement of statements)
      expect(compileSql(statement)).toStrictEqual(drizzles(statement));
  });
});

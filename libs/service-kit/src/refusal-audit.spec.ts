import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createTestDatabase, testLogger, type TestDatabase, waitFor } from '@custody/testing';
import type pg from 'pg';
import { RefusalAudit } from './refusal-audit';
import { REPORT_BURST } from './report-budget';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'svc' });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const refusal = (i: number) => ({
  method: 'sign.evmMessage',
  caller: 'notifier',
  brokerUser: 'notifier',
  requestId: `r${i}`,
  reason: 'bad_signature' as const,
  failed: 'proof' as const,
});

async function reported(): Promise<{ requestId: string; suppressed: number }[]> {
  return (await reportedIn('svc')).map(({ requestId, suppressed }) => ({ requestId, suppressed }));
}

async function reportedIn(schema: string): Promise<{ requestId: string; suppressed: number }[]> {
  const { rows } = await pool.query<{ data: { requestId: string; suppressed: number } }>(
    `SELECT envelope->'data' AS data FROM ${schema}.outbox WHERE name = 'audit.rpc-refused' ORDER BY seq`,
  );
  return rows.map((row) => ({ requestId: row.data.requestId, suppressed: row.data.suppressed }));
}

describe('the audit of refused RPC requests', () => {
  it('reports a burst in full, then counts those past it in the next report', async () => {
    const audit = new RefusalAudit(createDatabase(pool), 'svc', 'signing', testLogger());
    const start = 1_800_000_000_000;
    // REPORT_BURST + 10 refusals within 70 ms: less than one report's refill.
    for (let i = 0; i < REPORT_BURST + 10; i += 1) audit.report(refusal(i), start + i);
    audit.report(refusal(999), start + 1_000);
    // Reports are written in the background (the refused caller gets its answer at once).
    await waitFor(async () => (await reported()).length >= REPORT_BURST + 1, {
      what: 'the reports',
    });
    const rows = await reported();
    expect(rows).toHaveLength(REPORT_BURST + 1);
    // Inserted concurrently: the outbox order is not the report order.
    expect(
      rows
        .filter((row) => row.suppressed === 0)
        .map((row) => row.requestId)
        .sort(),
    ).toEqual(Array.from({ length: REPORT_BURST }, (_, i) => `r${i}`).sort());
    expect(rows.find((row) => row.requestId === 'r999')).toEqual({
      requestId: 'r999',
      suppressed: 10,
    });
  });

  it("reports a proven caller's refusal however much unproven junk came first", async () => {
    await migrate(pool, { schema: 'svc_proven' });
    const audit = new RefusalAudit(createDatabase(pool), 'svc_proven', 'signing', testLogger());
    const start = 1_800_000_000_000;
    for (let i = 0; i < REPORT_BURST * 2; i += 1) audit.report(refusal(i), start);
    audit.report(
      { ...refusal(0), requestId: 'proven', reason: 'approval_signatures', failed: 'decision' },
      start,
    );
    await audit.flush();
    const rows = await reportedIn('svc_proven');
    expect(rows.find((row) => row.requestId === 'proven')).toEqual({
      requestId: 'proven',
      suppressed: 0,
    });
  });

  it('writes the count of a flood that stops within a second, without a later refusal', async () => {
    await migrate(pool, { schema: 'svc_flood' });
    const audit = new RefusalAudit(createDatabase(pool), 'svc_flood', 'notifier', testLogger());
    const now = Date.now();
    for (let i = 0; i < REPORT_BURST + 5; i += 1) audit.report(refusal(i), now);
    // The last refusal left out, with the four before it: written by the timer, not by flush().
    await waitFor(
      async () =>
        (await reportedIn('svc_flood')).find((row) => row.requestId === `r${REPORT_BURST + 4}`),
      { timeoutMs: 5_000, what: 'the count of the refusals left out' },
    );
    const rows = await reportedIn('svc_flood');
    expect(rows).toHaveLength(REPORT_BURST + 1);
    expect(rows.find((row) => row.requestId === `r${REPORT_BURST + 4}`)).toEqual({
      requestId: `r${REPORT_BURST + 4}`,
      suppressed: 4,
    });
  });
});

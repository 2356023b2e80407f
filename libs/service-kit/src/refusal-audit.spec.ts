import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createTestDatabase, testLogger, type TestDatabase, waitFor } from '@custody/testing';
import type pg from 'pg';
import { RefusalAudit } from './refusal-audit';

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
  const { rows } = await pool.query<{ data: { requestId: string; suppressed: number } }>(
    "SELECT envelope->'data' AS data FROM svc.outbox WHERE name = 'audit.rpc-refused' ORDER BY seq",
  );
  return rows.map((row) => ({ requestId: row.data.requestId, suppressed: row.data.suppressed }));
}

describe('the audit of refused RPC requests', () => {
  it('reports a few per second through the outbox, and then how many it left out', async () => {
    const audit = new RefusalAudit(createDatabase(pool), 'svc', 'signing', testLogger());
    const second = 1_800_000_000_000;
    for (let i = 0; i < 25; i += 1) audit.report(refusal(i), second + i);
    audit.report(refusal(99), second + 1_000);
    // Reports are written in the background (the refused caller gets its answer at once).
    await waitFor(async () => (await reported()).length >= 11, { what: 'the reports' });
    const rows = await reported();
    expect(rows).toHaveLength(11);
    // Inserted concurrently: the outbox order is not the report order.
    expect(
      rows
        .filter((row) => row.suppressed === 0)
        .map((row) => row.requestId)
        .sort(),
    ).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
    expect(rows.find((row) => row.requestId === 'r99')).toEqual({
      requestId: 'r99',
      suppressed: 15,
    });
  });
});

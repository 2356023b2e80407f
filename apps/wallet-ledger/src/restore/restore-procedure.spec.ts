import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import type { CommandContext } from '@custody/service-kit';
import { createTestDatabase, testLogger, type TestDatabase } from '@custody/testing';
import { LedgerCheckService } from '../ledger/ledger-check.service';
import { ReconciliationService } from '../reconciliation/reconciliation.service';
import type { ChainMatcher } from './chain-match';
import { RestoreGate } from './restore-gate';
import { RestoreProcedure } from './restore-procedure';
import { acceptDatabase, prepareRestore, restoreStatus } from './restore.commands';
import * as repo from './restore.repository';

// How wallet-ledger recognises its database at start, against a real PostgreSQL (the manual
// adapter: no chain to match). The chain's part is the restore drill's
// (apps/stack-e2e/src/restore-drill.restore.ts).

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
let ctx: CommandContext;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
  db = createDatabase(pool);
  ctx = { app: 'wallet-ledger', schema: 'ledger', pool, db, logger: testLogger(), env: {} };
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

function started(): { gate: RestoreGate; procedure: RestoreProcedure } {
  const gate = new RestoreGate();
  const logger = testLogger();
  const procedure = new RestoreProcedure({
    db,
    logger,
    gate,
    matcher: undefined as unknown as ChainMatcher,
    reconciliation: new ReconciliationService(db, pool, logger),
    ledgerCheck: new LedgerCheckService(pool),
    withChain: false,
  });
  return { gate, procedure };
}

it('opens on the database it last ran on, which its first start records', async () => {
  const { gate, procedure } = started();
  expect(gate.isOpen).toBe(false);
  expect(await procedure.recognise()).toBe('open');
  expect(await repo.recordedDatabase(db)).toEqual(await repo.currentDatabase(db));
  const again = started();
  expect(await again.procedure.recognise()).toBe('open');
  expect(again.gate.isOpen).toBe(true);
});

it('holds every movement of money on another database until the operator says which it is', async () => {
  // What a point-in-time recovery looks like: the timeline the books last ran on is an older one.
  await db.execute(sql`UPDATE ledger.database_identity SET timeline = timeline + 7`);
  const { gate, procedure } = started();
  expect(await procedure.recognise()).toBe('unrecognised');
  await expect(gate.readiness.check()).rejects.toThrow(/restore-prepare|restore-accept-database/);
  expect(() => gate.assertOpen()).toThrow(expect.objectContaining({ code: 'restore_in_progress' }));
  const guarded = gate.guard({
    'transfers.create': async () => 'moved',
    'transfers.list': async () => 'read',
  });
  await expect(guarded['transfers.create']()).rejects.toMatchObject({ status: 503 });
  await expect(guarded['transfers.list']()).resolves.toBe('read');

  // A failover that lost nothing: the operator accepts the new database; it is checked as after
  // a restore, then opens.
  expect(await acceptDatabase([], ctx)).toMatchObject({ accepted: true });
  expect(await procedure.recognise()).toBe('restoring');
  await procedure.pass(undefined);
  expect(gate.isOpen).toBe(true);
  expect(await restoreStatus([], ctx)).toMatchObject({ status: 'complete' });
  expect(await acceptDatabase([], ctx)).toMatchObject({ accepted: false });
});

it('runs a restore the operator opened, and opens once the ledger check is clean', async () => {
  const opened = await prepareRestore([], ctx);
  const { gate, procedure } = started();
  expect(await procedure.recognise()).toBe('restoring');
  await expect(acceptDatabase([], ctx)).rejects.toThrow(/a restore is open/);
  expect(gate.isOpen).toBe(false);

  await procedure.pass(undefined);
  expect(gate.isOpen).toBe(true);
  expect(await restoreStatus([], ctx)).toMatchObject({
    restore: opened['restore'],
    status: 'complete',
    report: { step: 'complete', ledgerCheck: { ok: true, violations: 0 } },
  });
  // The next start finds the database the restore completed on.
  expect(await started().procedure.recognise()).toBe('open');
});

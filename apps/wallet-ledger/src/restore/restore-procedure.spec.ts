import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Registry } from 'prom-client';
import { EVENTS } from '@custody/contracts';
import { EventDeferred, type EventHandlers } from '@custody/messaging';
import {
  createDatabase,
  createPool,
  type Database,
  migrate,
  withTransaction,
} from '@custody/persistence';
import type { CommandContext } from '@custody/service-kit';
import { createTestDatabase, testLogger, type TestDatabase } from '@custody/testing';
import { BooksBehindChain, takeNonce } from '../chain/nonces';
import { LedgerCheckService } from '../ledger/ledger-check.service';
import { ReconciliationService } from '../reconciliation/reconciliation.service';
import type { ChainMatcher } from './chain-match';
import { RestoreGate } from './restore-gate';
import { RestoreProcedure } from './restore-procedure';
import { acceptDatabase, prepareRestore, restoreStatus } from './restore.commands';
import * as repo from './restore.repository';
import { restoreMetrics } from './restore.metrics';

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

describe('the books behind the chain', () => {
  const NETWORK = 'ethereum';
  const ADDRESS = '0x1111111111111111111111111111111111111111';
  const counter = async () =>
    (
      await pool.query<{ next: number }>(
        'SELECT next_nonce::int AS next FROM ledger.chain_nonces WHERE network = $1 AND address = $2',
        [NETWORK, ADDRESS],
      )
    ).rows[0]?.next;
  const take = (latest: number, pending = latest) =>
    withTransaction(db, (tx) => takeNonce(tx, NETWORK, ADDRESS, { latest, pending }));

  it('takes no nonce when the chain counts transactions the books never assigned', async () => {
    // An address the books never sent from, which the chain shows sent one: no counter is left.
    await expect(take(1)).rejects.toEqual(
      new BooksBehindChain({ network: NETWORK, address: ADDRESS, assigned: 0, chain: 1 }),
    );
    expect(await counter()).toBeUndefined();
    expect(await take(0)).toBe(0);
    expect(await take(0, 1)).toBe(1);
    expect(await counter()).toBe(2);
    // The counter gone back (a snapshot restored in place), the chain not.
    await pool.query('UPDATE ledger.chain_nonces SET next_nonce = 1 WHERE address = $1', [ADDRESS]);
    await expect(take(2)).rejects.toBeInstanceOf(BooksBehindChain);
    expect(await counter()).toBe(1);
  });

  it('holds money, events that move it and their sweep while the restore wallet-ledger opened runs', async () => {
    const found = { network: NETWORK, address: ADDRESS, assigned: 1, chain: 2 };
    const { gate, procedure } = started();
    expect(await procedure.recognise()).toBe('open');
    const registry = new Registry();
    restoreMetrics(registry, db, testLogger());
    const gauge = async () => (await registry.getSingleMetricAsString('restore_open')).split('\n');
    expect(await gauge()).toContain('restore_open{origin="detected"} 0');

    await repo.openRestore(db, await repo.currentDatabase(db), 'detected', { detected: [found] });
    expect(await gauge()).toContain('restore_open{origin="detected"} 1');
    expect(await procedure.recognise()).toBe('restoring');
    await expect(gate.readiness.check()).rejects.toThrow(
      /opened by wallet-ledger: the books are behind the chain \(0x1{40} on ethereum has 2/,
    );
    expect(await restoreStatus([], ctx)).toMatchObject({ origin: 'detected', status: 'pending' });

    // An approval's outcome waits: deferred (it comes again), not applied; the sweep finds nothing.
    let applied = 0;
    const handlers: EventHandlers = gate.guardEvents<EventHandlers>({
      [EVENTS.approvalDecided]: async () => {
        applied++;
      },
    });
    const handler = handlers[EVENTS.approvalDecided]!;
    const decided = {} as Parameters<typeof handler>[0];
    await expect(withTransaction(db, (tx) => handler(decided, tx))).rejects.toBeInstanceOf(
      EventDeferred,
    );
    const held = gate.guardHeld({
      waiting: [async () => ['approval-1']],
      settle: async () => {
        applied++;
      },
    });
    expect(await held.waiting[0]!(db, '', 10)).toEqual([]);
    await expect(
      withTransaction(db, (tx) => held.settle(tx, {} as Parameters<typeof held.settle>[1])),
    ).rejects.toMatchObject({ code: 'restore_in_progress' });
    expect(applied).toBe(0);

    // Done (no chain here: the ledger check), everything goes on.
    await procedure.pass(undefined);
    expect(gate.isOpen).toBe(true);
    expect(await gauge()).toContain('restore_open{origin="detected"} 0');
    await withTransaction(db, (tx) => handler(decided, tx));
    expect(await held.waiting[0]!(db, '', 10)).toEqual(['approval-1']);
    expect(applied).toBe(1);
  });
});

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
import {
  acceptDatabase,
  prepareRestore,
  resolveTransaction,
  restoreStatus,
} from './restore.commands';
import * as books from './restored-books.repository';
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

describe("a client's signed transaction, as the restore's matching reads the books", () => {
  const ADDRESS = '0xAbCdEf0000000000000000000000000000000001';
  const AT = (nonce: number) => [{ from: ADDRESS.toLowerCase(), nonce }];

  async function signedItem(walletId: string, kind: string, status: string, nonce: number) {
    const id = crypto.randomUUID();
    await pool.query(
      `INSERT INTO ledger.signed_items (id, tenant_id, user_id, wallet_id, kind, request, result, status)
       VALUES ($1, 't', gen_random_uuid(), $2, $3, '{}', $4, $5)`,
      [id, walletId, kind, JSON.stringify({ hash: `0xAB${nonce}`, nonce: String(nonce) }), status],
    );
    return id;
  }

  it('finds a signed transaction that holds no withdrawal at its address and nonce, and only that', async () => {
    const walletId = crypto.randomUUID();
    const userId = crypto.randomUUID();
    await pool.query(
      `INSERT INTO ledger.user_refs (id, tenant_id, general_conditions, created_at, updated_at)
       VALUES ($1, 't', 'accepted', now(), now())`,
      [userId],
    );
    await pool.query(
      `INSERT INTO ledger.wallets (id, tenant_id, user_id, asset_id, address)
       VALUES ($1, 't', $2, 'USDC', $3)`,
      [walletId, userId, ADDRESS],
    );
    const sent = await signedItem(walletId, 'tx', 'sent', 5);
    await signedItem(walletId, 'tx', 'pending_approval', 6);
    await signedItem(walletId, 'message', 'sent', 7);
    // One that moved value: held as a withdrawal, which the matching finds as such.
    const held = await signedItem(walletId, 'tx', 'sent', 8);
    const [accountId, holdId] = [crypto.randomUUID(), crypto.randomUUID()];
    await pool.query(
      `INSERT INTO ledger.accounts (id, asset_id, kind, wallet_id, balance, available_balance)
       VALUES ($1, 'USDC', 'wallet', $2, 5, 4)`,
      [accountId, walletId],
    );
    await pool.query(
      `INSERT INTO ledger.holds (id, account_id, amount, operation_id) VALUES ($1, $2, 1, $1)`,
      [holdId, accountId],
    );
    await pool.query(
      `INSERT INTO ledger.withdrawals (id, tenant_id, user_id, wallet_id, asset_id, amount,
         receiver_address, status, hold_id, signed_tx_id, from_address, chain_nonce)
       SELECT $1, 't', user_id, id, 'USDC', 1, '0x9', 'broadcast', $2, $3, address, 8
         FROM ledger.wallets WHERE id = $4`,
      [crypto.randomUUID(), holdId, held, walletId],
    );

    expect(await books.signedAt(db, ['USDC'], [...AT(5), ...AT(6), ...AT(7), ...AT(8)])).toEqual([
      { signedItemId: sent, from: ADDRESS, nonce: 5, hash: '0xab5' },
    ]);
    // Another network's assets: not this one's.
    expect(await books.signedAt(db, ['ETH'], AT(5))).toEqual([]);
  });

  it('knows the nonce of one the operator resolved (--signed) once applied, until asked again', async () => {
    const epoch = await repo.openRestore(db, await repo.currentDatabase(db));
    const hash = `0x${'c'.repeat(64)}`;
    await repo.requestResolution(db, epoch.id, hash, { kind: 'signed' });
    expect(await repo.resolutionsOf(db, epoch.id)).toContainEqual(
      expect.objectContaining({ hash, kind: 'signed', appliedAt: null, refused: null }),
    );
    expect(await repo.signedResolvedAt(db, AT(9))).toEqual([]);

    await repo.settleResolution(db, epoch.id, hash, null, { from: ADDRESS, nonce: 9 });
    expect(await repo.signedResolvedAt(db, AT(9))).toEqual([{ hash, from: ADDRESS, nonce: 9 }]);

    // Answered again once applied: refused, the booking stays (another would book it twice).
    const withdrawalId = crypto.randomUUID();
    await expect(
      resolveTransaction(['--tx', hash, '--withdrawal', withdrawalId], ctx),
    ).rejects.toThrow(/booked already by an applied resolution/);
    expect(await repo.signedResolvedAt(db, AT(9))).toEqual([{ hash, from: ADDRESS, nonce: 9 }]);

    // A refused answer (never applied) may be answered again.
    const other = `0x${'e'.repeat(64)}`;
    await repo.requestResolution(db, epoch.id, other, { kind: 'signed' });
    await repo.settleResolution(db, epoch.id, other, "not the client's");
    expect(
      await repo.requestResolution(db, epoch.id, other, { kind: 'withdrawal', withdrawalId }),
    ).toBe(true);
    const row = (await repo.resolutionsOf(db, epoch.id)).find((r) => r.hash === other);
    expect(row).toEqual(
      expect.objectContaining({ kind: 'withdrawal', withdrawalId, refused: null }),
    );
  });

  it('takes a held item named for a transaction (--signed-item), and exactly one answer per transaction', async () => {
    const epoch = await repo.openRestore(db, await repo.currentDatabase(db));
    const hash = `0x${'d'.repeat(64)}`;
    const signedItemId = crypto.randomUUID();
    expect(await resolveTransaction(['--tx', hash, '--signed-item', signedItemId], ctx)).toEqual({
      restore: epoch.id,
      tx: hash,
      signedItem: signedItemId,
      queued: true,
    });
    expect(await repo.resolutionsOf(db, epoch.id)).toContainEqual({
      hash,
      kind: 'signed-item',
      signedItemId,
      appliedAt: null,
      refused: null,
    });
    for (const args of [
      ['--tx', hash, '--signed', '--signed-item', signedItemId],
      ['--tx', hash, '--withdrawal', crypto.randomUUID(), '--signed-item', signedItemId],
      ['--tx', hash, '--signed-item', 'not-an-id'],
    ])
      await expect(resolveTransaction(args, ctx)).rejects.toThrow(/usage: restore-resolve/);
    // Migration 0035: a signed item's answer names its item.
    await expect(
      pool.query(
        `INSERT INTO ledger.restore_resolutions (epoch_id, hash, kind) VALUES ($1, '0xe', 'signed-item')`,
        [epoch.id],
      ),
    ).rejects.toThrow(/restore_resolutions_signed_item_check/);
  });
});

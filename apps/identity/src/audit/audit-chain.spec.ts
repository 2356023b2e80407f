import pg from 'pg';
import type { AuditCheckpointData, AuditChainRecordView, AuthContext } from '@custody/contracts';
import {
  createDatabase,
  createPool,
  type Database,
  migrate,
  withTransaction,
} from '@custody/persistence';
import { verifyAuditExport } from '@custody/sdk/audit';
import {
  createTestDatabase,
  grantAppDatabaseRoles,
  grantAuditOwnerRole,
  testLogger,
  type TestDatabase,
} from '@custody/testing';
import { MIGRATIONS_DIR } from '../migrations-dir';
import { appendAuditRecords, exportAuditPage } from './audit.service';
import type { StoredAuditRecord } from './audit.repository';
import { prepareAuditStore } from './audit-store';
import { AuditCheckpoints, checkpointKey, publicKeysOf } from './checkpoints';

// The audit log's chains against a real PostgreSQL, with the roles production has
// (docs/decisions/audit.md): identity's runtime role migrates its own schema, the audit schema's
// owner migrates that one, and the runtime role may only insert and read there.

const TENANT_A = '01900000-0000-7000-8000-0000000000a1';
const TENANT_B = '01900000-0000-7000-8000-0000000000b2';
const admin: AuthContext = { clientId: 'admin', tenantId: 'admin', audience: 'admin' };
const tenantA: AuthContext = { clientId: TENANT_A, tenantId: TENANT_A, audience: 'general' };
const key = checkpointKey({
  AUDIT_CHECKPOINT_KEY: `t1:${Buffer.alloc(32, 21).toString('base64url')}`,
});

let database: TestDatabase;
let runtime: pg.Pool;
let owner: pg.Pool;
let superuser: pg.Pool;
let db: Database;
let counter = 0;

function record(tenantId: string | null, overrides: Partial<StoredAuditRecord['record']> = {}) {
  counter += 1;
  return {
    id: `01900000-0000-7000-8000-${counter.toString(16).padStart(12, '0')}`,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    record: {
      requestId: `req-${counter}`,
      action: 'createTransfer',
      method: 'POST',
      path: '/v1/transfers',
      clientId: tenantId,
      tenantId,
      userId: null,
      targetId: null,
      device: null,
      ip: '203.0.113.1',
      remoteIp: '127.0.0.1',
      status: 201,
      outcome: 'success' as const,
      ...overrides,
    },
  };
}

/** The whole log as the export writes it: a header, every record in chain order, an end line. */
async function exportLines(auth: AuthContext = admin, chain?: string): Promise<string[]> {
  const records: AuditChainRecordView[] = [];
  let after: string | undefined;
  do {
    const page = await exportAuditPage(db, publicKeysOf(key), auth, {
      ...(chain ? { chain } : {}),
      ...(after ? { after } : {}),
      limit: 7,
    });
    records.push(...page.records);
    after = page.next;
  } while (after);
  return [
    JSON.stringify({ type: 'header', ...(chain ? { chain } : {}), keys: publicKeysOf(key) }),
    ...records.map((r) => JSON.stringify(r)),
    JSON.stringify({ type: 'end', records: records.length }),
  ];
}

async function publishedCheckpoints(): Promise<AuditCheckpointData[]> {
  const { rows } = await superuser.query<{ envelope: { data: AuditCheckpointData } }>(
    `SELECT envelope FROM identity.outbox WHERE name = 'audit-checkpoint.is-created' ORDER BY id`,
  );
  return rows.map((r) => r.envelope.data);
}

beforeAll(async () => {
  database = await createTestDatabase('audit_');
  const urls = grantAppDatabaseRoles(database);
  const ownerUrl = grantAuditOwnerRole(database);
  runtime = createPool(urls.identity, { max: 4 });
  owner = createPool(ownerUrl, { max: 1 });
  superuser = createPool(database.url, { max: 1 });
  db = createDatabase(runtime);
  await migrate(runtime, { schema: 'identity', dir: MIGRATIONS_DIR });
  // Records of the log from before its chains, which the start moves into them.
  await runtime.query(
    `INSERT INTO identity.audit_events (id, occurred_at, request_id, action, method, path,
       tenant_id, status, outcome, detail)
     VALUES ('01900000-0000-7000-8000-f00000000002', '2025-12-31T00:00:02Z', 'old-2', 'createClient', 'POST', '/v1/clients', NULL, 201, 'success', NULL),
            ('01900000-0000-7000-8000-f00000000001', '2025-12-31T00:00:01Z', 'old-1', 'rpcRefused', 'RPC', 'rpc.x/y', NULL, 401, 'failure', 'proof: bad'),
            ('01900000-0000-7000-8000-f00000000003', '2025-12-31T00:00:03Z', 'old-3', 'createTransfer', 'POST', '/v1/transfers', $1, 201, 'success', NULL)`,
    [TENANT_A],
  );
  await prepareAuditStore({
    pool: runtime,
    db,
    logger: testLogger(),
    production: true,
    ownerUrl,
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([runtime?.end(), owner?.end(), superuser?.end()]);
  await database?.drop();
});

describe("identity's runtime role", () => {
  it.each([
    ['UPDATE', `UPDATE audit.audit_events SET action = 'x'`],
    ['DELETE', 'DELETE FROM audit.audit_events'],
    ['TRUNCATE', 'TRUNCATE audit.audit_events'],
    ['UPDATE a checkpoint', `UPDATE audit.checkpoints SET hash = 'x'`],
    ['DELETE a checkpoint', 'DELETE FROM audit.checkpoints'],
    ['TRUNCATE the checkpoints', 'TRUNCATE audit.checkpoints'],
  ])('gets permission denied on %s', async (_what, statement) => {
    await expect(runtime.query(statement)).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/^permission denied for table (audit_events|checkpoints)$/),
    });
  });

  it('may not drop the table, switch its triggers off or take it over', async () => {
    for (const statement of [
      'DROP TABLE audit.audit_events',
      'ALTER TABLE audit.audit_events DISABLE TRIGGER audit_events_append_only',
      'ALTER TABLE audit.audit_events OWNER TO identity',
      'DROP SCHEMA audit CASCADE',
    ])
      await expect(runtime.query(statement)).rejects.toMatchObject({ code: '42501' });
  });

  it('refuses a production start when the role may change the log (the owner, here)', async () => {
    await expect(
      prepareAuditStore({
        pool: owner,
        db: createDatabase(owner),
        logger: testLogger(),
        production: true,
        ownerUrl: undefined,
      }),
    ).rejects.toThrow(/may change the audit log \(.*audit_events: UPDATE/);
  });
});

describe('the chains', () => {
  it('took in the earlier log, oldest first, and dropped it', async () => {
    const { rows } = await superuser.query<{ exists: boolean }>(
      `SELECT to_regclass('identity.audit_events') IS NOT NULL AS exists`,
    );
    expect(rows[0]?.exists).toBe(false);
    const { rows: moved } = await superuser.query<{
      request_id: string;
      chain: string;
      seq: string;
    }>(
      `SELECT request_id, chain, seq FROM audit.audit_events WHERE request_id LIKE 'old-%' ORDER BY chain, seq`,
    );
    expect(moved).toEqual([
      { request_id: 'old-3', chain: TENANT_A, seq: '1' },
      { request_id: 'old-1', chain: 'platform', seq: '1' },
      { request_id: 'old-2', chain: 'platform', seq: '2' },
    ]);
  });

  it('keep one order per chain under concurrent appends, and append a record once', async () => {
    const batches = Array.from({ length: 12 }, (_, i) => [
      record(TENANT_A),
      record(i % 2 ? TENANT_B : null),
      record(TENANT_B, { outcome: 'failure', status: 409 }),
    ]);
    await Promise.all(
      batches.map((batch) => withTransaction(db, (tx) => appendAuditRecords(tx, batch))),
    );
    // A redelivered batch, and a record twice in one batch: no second copy.
    const again = batches[3] as StoredAuditRecord[];
    await withTransaction(db, (tx) =>
      appendAuditRecords(tx, [...again, again[0] as StoredAuditRecord]),
    );
    const { rows } = await superuser.query<{ chain: string; n: string; max: string }>(
      `SELECT chain, count(*) AS n, max(seq) AS max FROM audit.audit_events GROUP BY chain ORDER BY chain`,
    );
    expect(rows).toEqual([
      { chain: TENANT_A, n: '13', max: '13' },
      { chain: TENANT_B, n: '18', max: '18' },
      { chain: 'platform', n: '8', max: '8' },
    ]);
    expect(await verifyAuditExport(await exportLines(), [], publicKeysOf(key))).toMatchObject({
      ok: true,
      records: 39,
    });
  });

  it('are checkpointed when their head moved, through the outbox', async () => {
    const checkpoints = new AuditCheckpoints(db, key, 60_000, testLogger());
    expect(await checkpoints.runOnce()).toBe(3);
    expect(await checkpoints.runOnce()).toBe(0);
    await withTransaction(db, (tx) => appendAuditRecords(tx, [record(TENANT_A)]));
    expect(await checkpoints.runOnce()).toBe(1);
    const published = await publishedCheckpoints();
    expect(published.map((c) => [c.chain, c.tenantId, c.seq])).toEqual([
      [TENANT_A, TENANT_A, 13],
      [TENANT_B, TENANT_B, 18],
      ['platform', null, 8],
      [TENANT_A, TENANT_A, 14],
    ]);
    const { rows } = await superuser.query<{ tenant_id: string | null }>(
      `SELECT tenant_id FROM identity.outbox WHERE name = 'audit-checkpoint.is-created' ORDER BY id`,
    );
    expect(rows.map((r) => r.tenant_id)).toEqual([TENANT_A, TENANT_B, null, TENANT_A]);
    expect(
      await verifyAuditExport(await exportLines(), published, publicKeysOf(key)),
    ).toMatchObject({ ok: true, records: 40 });
  });

  it("export a client's own chain only; an admin's every chain or one", async () => {
    const own = await exportLines(tenantA);
    expect(own.slice(1, -1).every((line) => JSON.parse(line).chain === TENANT_A)).toBe(true);
    expect(own).toHaveLength(14 + 2);
    expect(
      await verifyAuditExport(own, await publishedCheckpoints(), publicKeysOf(key)),
    ).toMatchObject({
      ok: false,
      problem: 'truncated',
    });
    // As the gateway writes it, the header names the chain: other chains' checkpoints are not its.
    expect(
      await verifyAuditExport(
        await exportLines(tenantA, TENANT_A),
        await publishedCheckpoints(),
        publicKeysOf(key),
      ),
    ).toMatchObject({ ok: true, records: 14 });
    await expect(exportAuditPage(db, [], tenantA, { chain: TENANT_B })).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect((await exportLines(admin, 'platform')).length).toBe(8 + 2);
    await expect(exportAuditPage(db, [], admin, { after: 'nonsense' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_cursor',
    });
  });

  it('name the record a superuser altered, deleted or moved', async () => {
    const checkpoints = await publishedCheckpoints();
    const tamper = async (statements: string[]) => {
      const client = await superuser.connect();
      try {
        await client.query('BEGIN');
        // Past the append-only triggers, as a superuser can.
        await client.query('SET LOCAL session_replication_role = replica');
        for (const statement of statements) await client.query(statement);
        const result = await verifyAuditExport(
          await exportLinesWith(client),
          checkpoints,
          publicKeysOf(key),
        );
        await client.query('ROLLBACK');
        return result;
      } finally {
        client.release();
      }
    };
    const at = (seq: number) => `chain = '${TENANT_B}' AND seq = ${seq}`;
    const { rows } = await superuser.query<{ id: string; seq: string }>(
      `SELECT id, seq FROM audit.audit_events WHERE chain = $1 AND seq IN (5, 6, 7) ORDER BY seq`,
      [TENANT_B],
    );
    const [five, six, seven] = rows.map((r) => r.id);
    expect(
      await tamper([`UPDATE audit.audit_events SET status = 200 WHERE ${at(5)}`]),
    ).toMatchObject({ ok: false, problem: 'altered', chain: TENANT_B, seq: 5, id: five });
    expect(await tamper([`DELETE FROM audit.audit_events WHERE ${at(6)}`])).toMatchObject({
      ok: false,
      problem: 'missing',
      chain: TENANT_B,
      seq: 6,
    });
    expect(
      await tamper([
        `UPDATE audit.audit_events SET seq = 999999 WHERE ${at(6)}`,
        `UPDATE audit.audit_events SET seq = 6 WHERE ${at(7)}`,
        `UPDATE audit.audit_events SET seq = 7 WHERE ${at(999999)}`,
      ]),
    ).toMatchObject({ ok: false, problem: 'broken_link', chain: TENANT_B, seq: 6, id: seven });
    expect(six).toBeDefined();
  });
});

/** The export read through a tampering session (its uncommitted changes). */
async function exportLinesWith(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<Record<string, unknown>>(
    `SELECT id::text, chain, seq::int, occurred_at, request_id, action, method, path, client_id,
            tenant_id, user_id, target_id, device, ip, remote_ip, status, outcome, detail,
            prev_hash, hash
       FROM audit.audit_events ORDER BY chain, seq`,
  );
  const lines = rows.map((r) =>
    JSON.stringify({
      chain: r['chain'],
      seq: r['seq'],
      id: r['id'],
      occurredAt: (r['occurred_at'] as Date).toISOString(),
      requestId: r['request_id'],
      action: r['action'],
      method: r['method'],
      path: r['path'],
      clientId: r['client_id'],
      tenantId: r['tenant_id'],
      userId: r['user_id'],
      targetId: r['target_id'],
      device: r['device'],
      ip: r['ip'],
      remoteIp: r['remote_ip'],
      status: r['status'],
      outcome: r['outcome'],
      detail: r['detail'],
      prevHash: r['prev_hash'],
      hash: r['hash'],
    }),
  );
  return [
    JSON.stringify({ type: 'header', keys: publicKeysOf(key) }),
    ...lines,
    JSON.stringify({ type: 'end', records: lines.length }),
  ];
}

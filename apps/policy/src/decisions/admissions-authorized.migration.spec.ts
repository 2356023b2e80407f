import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { createPool, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';

// Migration 0019 on admissions written before it: those already decided (a withdrawal's
// transaction bound, a held operation whose approval reached its quorum) are marked authorized,
// so no release frees their counts after the deploy; the others stay releasable.

const MIGRATIONS = path.join(__dirname, '..', 'migrations');

let database: TestDatabase;
let pool: pg.Pool;
let before: string;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  before = mkdtempSync(path.join(tmpdir(), 'policy-0018-'));
  for (const file of readdirSync(MIGRATIONS).filter((f) => f < '0019'))
    cpSync(path.join(MIGRATIONS, file), path.join(before, file));
  await migrate(pool, { schema: 'policy', dir: before });
});

afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await pool?.end();
  await database?.drop();
});

async function approval(status: string): Promise<string> {
  const id = uuidv7();
  await pool.query(
    `INSERT INTO policy.approvals (id, tenant_id, status, activity, operation_id,
       initiator_client_id, policy_ids, quorum, platform, summary, requirements, expires_at)
     VALUES ($1, 't', $2, 'sign-message', $3, 'c', '{}', 1, false, '{}', '[]', now())`,
    [id, status, uuidv7()],
  );
  return id;
}

async function admission(fields: { approvalId?: string; bound?: object }): Promise<string> {
  const id = uuidv7();
  await pool.query(
    `INSERT INTO policy.admissions (operation_id, tenant_id, activity, owner, legs, approval_id,
       bound, created_at)
     VALUES ($1, 't', 'withdrawal', 'w1', '[]', $2, $3, '2026-01-01T00:00:00Z')`,
    [id, fields.approvalId ?? null, fields.bound ? JSON.stringify(fields.bound) : null],
  );
  return id;
}

it('marks authorized the admissions decided before it, at their creation, and no other', async () => {
  const ids = {
    bound: await admission({ bound: { chainId: '1', from: '0xf', nonce: 3, maxFeePerGas: '50' } }),
    approved: await admission({ approvalId: await approval('approved') }),
    pending: await admission({ approvalId: await approval('pending') }),
    rejected: await admission({ approvalId: await approval('rejected') }),
    undecided: await admission({}),
  };
  await migrate(pool, { schema: 'policy', dir: MIGRATIONS });
  const { rows } = await pool.query<{ operation_id: string; authorized_at: Date | null }>(
    'SELECT operation_id, authorized_at FROM policy.admissions',
  );
  const authorized = new Map(rows.map((r) => [r.operation_id, r.authorized_at?.toISOString()]));
  expect(
    Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, authorized.get(id)])),
  ).toEqual({
    bound: '2026-01-01T00:00:00.000Z',
    approved: '2026-01-01T00:00:00.000Z',
    pending: undefined,
    rejected: undefined,
    undecided: undefined,
  });
});

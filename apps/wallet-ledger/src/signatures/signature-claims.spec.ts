import path from 'node:path';
import type pg from 'pg';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import {
  claimApprovedSignature,
  holdsClaim,
  lockSignedItem,
  retrySignatureLater,
} from './signatures.repository';

// Who signs an approved held signature (on PostgreSQL): one replica at a time, the oldest first,
// another once the claim lapses or is released; never one no longer `approved`.

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

beforeEach(() => pool.query('DELETE FROM ledger.signed_items'));

/** A signed item of `status`, last changed `secondsAgo`; answers its id. */
async function item(status: string, secondsAgo: number): Promise<string> {
  const client = await pool.connect();
  try {
    // The row alone: its wallet is not what the claim reads (replica mode skips the foreign keys).
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO ledger.signed_items (id, tenant_id, user_id, wallet_id, kind, request, result,
         status, created_at, updated_at)
       VALUES (gen_random_uuid(), 't', gen_random_uuid(), gen_random_uuid(), 'message', '{}', '{}',
         $1, now(), now() - $2 * interval '1 second')
       RETURNING id`,
      [status, secondsAgo],
    );
    await client.query('COMMIT');
    return rows[0]!.id;
  } finally {
    client.release();
  }
}

describe('an approved signature’s claim', () => {
  it('takes the oldest approved item, and only approved ones', async () => {
    await item('pending_approval', 30);
    await item('sent', 20);
    const older = await item('approved', 10);
    const newer = await item('approved', 5);
    expect((await claimApprovedSignature(db, 60_000))?.id).toBe(older);
    expect((await claimApprovedSignature(db, 60_000))?.id).toBe(newer);
    expect(await claimApprovedSignature(db, 60_000)).toBeUndefined();
  });

  it('gives one item to one of two replicas claiming at once', async () => {
    const id = await item('approved', 1);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimApprovedSignature(db, 60_000)),
    );
    expect(claims.filter((c) => c?.id === id)).toHaveLength(1);
    expect(claims.filter((c) => c === undefined)).toHaveLength(7);
  });

  it('is taken again once it lapses', async () => {
    const lapsing = await item('approved', 1);
    expect((await claimApprovedSignature(db, 200))?.id).toBe(lapsing);
    expect(await claimApprovedSignature(db, 200)).toBeUndefined();
    await pool.query('SELECT pg_sleep(0.25)');
    expect((await claimApprovedSignature(db, 60_000))?.id).toBe(lapsing);
  });

  it('after a fault, waits its retry delay behind the items never claimed', async () => {
    const failing = await item('approved', 10);
    const other = await item('approved', 1);
    const claim = await claimApprovedSignature(db, 60_000);
    expect(claim?.id).toBe(failing);
    await retrySignatureLater(db, claim!, 200);
    // Not at once, though it is the oldest: the other goes first.
    expect((await claimApprovedSignature(db, 60_000))?.id).toBe(other);
    expect(await claimApprovedSignature(db, 60_000)).toBeUndefined();
    await pool.query('SELECT pg_sleep(0.25)');
    expect((await claimApprovedSignature(db, 60_000))?.id).toBe(failing);
  });

  it('is not put back for an item that moved on', async () => {
    const id = await item('approved', 1);
    const claim = await claimApprovedSignature(db, 60_000);
    expect(claim?.id).toBe(id);
    await pool.query("UPDATE ledger.signed_items SET status = 'sent' WHERE id = $1", [id]);
    await retrySignatureLater(db, claim!, 0);
    const { rows } = await pool.query<{ later: boolean }>(
      "SELECT claimed_until > now() + interval '30 seconds' AS later FROM ledger.signed_items WHERE id = $1",
      [id],
    );
    expect(rows[0]?.later).toBe(true);
  });

  it('is held by its latest claim alone: a replica paused past its claim records nothing', async () => {
    const id = await item('approved', 1);
    const paused = (await claimApprovedSignature(db, 100))!;
    await pool.query('SELECT pg_sleep(0.15)');
    const next = (await claimApprovedSignature(db, 60_000))!;
    expect(next.id).toBe(id);
    expect(next.claimToken).not.toBe(paused.claimToken);
    const current = await db.transaction((tx) => lockSignedItem(tx, id));
    expect(holdsClaim(current, paused)).toBe(false);
    expect(holdsClaim(current, next)).toBe(true);
    // The paused one's fault does not put back the item the other holds.
    await retrySignatureLater(db, paused, 0);
    expect(await claimApprovedSignature(db, 60_000)).toBeUndefined();
    // Once it moved on, no claim holds it.
    await pool.query("UPDATE ledger.signed_items SET status = 'sent' WHERE id = $1", [id]);
    expect(holdsClaim(await db.transaction((tx) => lockSignedItem(tx, id)), next)).toBe(false);
  });
});

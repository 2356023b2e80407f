import path from 'node:path';
import type pg from 'pg';
import { createPool, migrate, sweep } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { deadFamiliesRetention } from './refresh-tokens.repository';

// Refresh tokens go only with their whole family: a family with a live token keeps every row,
// so reuse of an old token is still recognised.

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'identity', dir: path.join(__dirname, '..', 'migrations') });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('forgets the tokens of families over for the window, and keeps every token of a live one', async () => {
  await pool.query(
    `INSERT INTO identity.api_clients (id, name, secret_ciphertext, access_token_expires_in,
       refresh_token_expires_in) VALUES ('app', 'app', 'x', 60, 3600)`,
  );
  await pool.query(
    `INSERT INTO identity.clients (id, name, email, password_hash, audience)
       VALUES ('01900000-0000-7000-8000-000000000009', 'c', 'c@example.test', 'x', '{general}')`,
  );
  // Family "dead": both tokens expired 10 days ago. Family "live": an old token expired 10 days
  // ago, its successor still valid. Family "recent": expired 2 days ago (inside the window).
  await pool.query(
    `INSERT INTO identity.refresh_tokens (id, token_hash, family_id, client_id, api_client_id,
       expires_at)
     SELECT gen_random_uuid(), v.hash, v.family::uuid, '01900000-0000-7000-8000-000000000009',
       'app', now() + v.expires
     FROM (VALUES
       ('dead-1', '01900000-0000-7000-8000-0000000000d1', interval '-12 days'),
       ('dead-2', '01900000-0000-7000-8000-0000000000d1', interval '-10 days'),
       ('live-1', '01900000-0000-7000-8000-0000000000a1', interval '-10 days'),
       ('live-2', '01900000-0000-7000-8000-0000000000a1', interval '1 day'),
       ('recent', '01900000-0000-7000-8000-0000000000e1', interval '-2 days')
     ) AS v(hash, family, expires)`,
  );

  expect(await sweep(pool, deadFamiliesRetention(7), 10)).toBe(2);

  const { rows } = await pool.query<{ token_hash: string }>(
    'SELECT token_hash FROM identity.refresh_tokens ORDER BY token_hash',
  );
  expect(rows.map((r) => r.token_hash)).toEqual(['live-1', 'live-2', 'recent']);
});

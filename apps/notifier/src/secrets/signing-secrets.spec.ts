import path from 'node:path';
import type pg from 'pg';
import type { AuthContext } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { SecretBox } from '@custody/secrets';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { SigningSecrets } from './signing-secrets';

// A rotation with an Idempotency-Key: its stored answer must hold no secret in plain text, and a
// replay answers the secret in force without rotating again.

let database: TestDatabase;
let pool: pg.Pool;
let secrets: SigningSecrets;
const tenant: AuthContext = { clientId: 'rot-a', tenantId: 'rot-a', audience: 'general' };

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'notifier', dir: path.join(__dirname, '..', 'migrations') });
  secrets = new SigningSecrets(
    createDatabase(pool),
    new SecretBox(Buffer.alloc(32, 7).toString('base64')).purpose('webhook-signing-secret'),
  );
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('keeps no secret in the Idempotency-Key record, and a replay rotates nothing', async () => {
  const before = await secrets.get(tenant);
  const key = { clientId: tenant.clientId, key: 'rotate-1', requestHash: 'h1' };
  const rotated = await secrets.rotate(tenant, key);
  expect(rotated.secret).not.toBe(before.secret);
  expect(rotated.previousValidUntil).not.toBe('');
  const { rows } = await pool.query<{ response: unknown }>(
    'SELECT response FROM notifier.idempotency_keys WHERE key = $1',
    ['rotate-1'],
  );
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows[0]?.response)).not.toContain(rotated.secret);
  expect(JSON.stringify(rows[0]?.response)).not.toContain(before.secret);
  const replay = await secrets.rotate(tenant, key);
  expect(replay).toEqual(rotated);
  expect((await secrets.get(tenant)).secret).toBe(rotated.secret);
});

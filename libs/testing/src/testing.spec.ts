import pg from 'pg';
import { createTestDatabase, uniqueName, waitFor } from './index';

describe('createTestDatabase', () => {
  it('gives an empty database of its own and drops it afterwards', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined); // the drop below terminates this connection
    await client.connect();
    const { rows } = await client.query('SELECT current_database() AS name');
    expect(rows[0].name).toBe(database.name);
    await database.drop(); // even with this client still connected
    await client.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
    await admin.connect();
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      database.name,
    ]);
    await admin.end();
    expect(found.rowCount).toBe(0);
  });
});

describe('uniqueName', () => {
  it('is lower-case, prefixed and different every time', () => {
    const names = new Set(Array.from({ length: 100 }, () => uniqueName('x')));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^x[a-z0-9]+$/);
  });
});

describe('waitFor', () => {
  it('resolves with the first truthy value and times out with the condition named', async () => {
    let n = 0;
    await expect(waitFor(() => (++n >= 3 ? n : undefined), { intervalMs: 1 })).resolves.toBe(3);
    await expect(
      waitFor(() => false, { timeoutMs: 20, intervalMs: 5, what: 'pigs to fly' }),
    ).rejects.toThrow('waiting for pigs to fly');
  });
});

import { Registry } from 'prom-client';
import type pg from 'pg';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createTestDatabase, testLogger, type TestDatabase } from '@custody/testing';
import { outboxMetrics } from './outbox.metrics';

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

async function scrape(registry: Registry) {
  const text = await registry.metrics();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    unsent: value('outbox_unsent_events'),
    age: value('outbox_oldest_unsent_age_seconds'),
    unroutable: value('outbox_unroutable_events'),
  };
}

/** An outbox row written `secondsAgo`, sent or not. */
async function write(secondsAgo: number, sent: boolean) {
  await pool.query(
    `INSERT INTO svc.outbox (id, name, envelope, created_at, sent_at)
     VALUES (gen_random_uuid(), 'user.is-created', '{}', now() - $1 * interval '1 second',
             CASE WHEN $2 THEN now() END)`,
    [secondsAgo, sent],
  );
}

it("reports the outbox's unsent events and how long the oldest has waited", async () => {
  const registry = new Registry();
  outboxMetrics(registry, createDatabase(pool), 'svc', testLogger());
  expect(await scrape(registry)).toEqual({ unsent: 0, age: 0, unroutable: 0 });

  await write(600, true);
  await write(90, false);
  await write(5, false);
  const backlog = await scrape(registry);
  expect(backlog.unsent).toBe(2);
  expect(backlog.age).toBeGreaterThanOrEqual(90);
  expect(backlog.age).toBeLessThan(120);
  expect(backlog.unroutable).toBe(0);

  // The broker returned one (no queue bound to its name): unsent still, and unroutable.
  await pool.query(
    `UPDATE svc.outbox SET returns = 1, retry_at = now() + interval '1 second'
      WHERE seq = (SELECT min(seq) FROM svc.outbox WHERE sent_at IS NULL)`,
  );
  expect(await scrape(registry)).toMatchObject({ unsent: 2, unroutable: 1 });

  await pool.query('UPDATE svc.outbox SET sent_at = now() WHERE sent_at IS NULL');
  expect(await scrape(registry)).toEqual({ unsent: 0, age: 0, unroutable: 0 });
});

it('reports unknown (NaN), not an empty outbox, when the database does not answer', async () => {
  const closed = createPool(database.url);
  await closed.end();
  const registry = new Registry();
  outboxMetrics(registry, createDatabase(closed), 'svc', testLogger());
  expect(await scrape(registry)).toEqual({ unsent: NaN, age: NaN, unroutable: NaN });
});

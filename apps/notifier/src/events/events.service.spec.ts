import path from 'node:path';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, EventEnvelope } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import { recordEvents } from './events.repository';
import { EventsService } from './events.service';

// The feed against a real database: recording transactions of many events each (so that the
// events' numbers within one transaction run past 9, 99, …), read page by page along the cursors.

let database: TestDatabase;
let pool: pg.Pool;
let service: EventsService;

const tenant: AuthContext = { clientId: 'feed-a', tenantId: 'feed-a', audience: 'general' };
const other: AuthContext = { clientId: 'feed-b', tenantId: 'feed-b', audience: 'general' };

function envelope(tenantId: string, name: string): EventEnvelope {
  return {
    id: uuidv7(),
    name,
    occurredAt: new Date().toISOString(),
    tenantId,
    data: { id: uuidv7() },
  };
}

/** Every event of the caller's feed after the start, `limit` per page, in the order read. */
async function walk(caller: AuthContext, limit: number, types?: string[]): Promise<string[]> {
  const read: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await service.list(caller, {
      limit,
      ...(after ? { after } : {}),
      ...(types ? { types } : {}),
    });
    read.push(...page.items.map((event) => event.id));
    if (page.items.length === 0) return read;
    after = page.next;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'notifier', dir: path.join(__dirname, '..', 'migrations') });
  service = new EventsService(createDatabase(pool), 30);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('gives each event once, in the order recorded, along its cursors, whatever the page size', async () => {
  // Three recording transactions of 25, 1 and 120 events: numbers 1–25, 26, 27–146 in the
  // table, interleaved with another tenant's events.
  const recorded: string[] = [];
  for (const size of [25, 1, 120]) {
    const batch = Array.from({ length: size }, (_, i) =>
      envelope(i % 3 === 0 ? 'feed-b' : 'feed-a', 'transfer.is-created'),
    );
    await recordEvents(createDatabase(pool), batch);
    recorded.push(...batch.filter((e) => e.tenantId === 'feed-a').map((e) => e.id));
  }

  for (const limit of [1, 7, 10, 100]) expect(await walk(tenant, limit)).toEqual(recorded);
  expect(await walk(other, 7)).toHaveLength(146 - recorded.length);
});

it('reads a type filter in the same order, and a redelivered event stays where it was first recorded', async () => {
  const first = envelope('feed-a', 'user.is-created');
  const batch = [first, ...Array.from({ length: 11 }, () => envelope('feed-a', 'user.is-created'))];
  await recordEvents(createDatabase(pool), batch);
  await recordEvents(createDatabase(pool), [first]);

  expect(await walk(tenant, 5, ['user.is-created'])).toEqual(batch.map((e) => e.id));
});

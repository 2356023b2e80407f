import path from 'node:path';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { AnyEventName, AuthContext } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase, waitFor } from '@custody/testing';
import { type RecordedEvent, recordEvents } from './events.repository';
import { EventsService } from './events.service';

// The feed against a real database: recording transactions of many events each (so that the
// events' numbers within one transaction run past 9, 99, …), read page by page along the cursors.

let database: TestDatabase;
let pool: pg.Pool;
let service: EventsService;

const tenant: AuthContext = { clientId: 'feed-a', tenantId: 'feed-a', audience: 'general' };
const other: AuthContext = { clientId: 'feed-b', tenantId: 'feed-b', audience: 'general' };

function envelope(tenantId: string, name: AnyEventName): RecordedEvent {
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

/**
 * Waits until every recorded event is behind every running transaction of the server (the feed
 * shows nothing newer, and other test files' transactions run on the same PostgreSQL).
 */
async function settled(): Promise<void> {
  await waitFor(
    async () =>
      (
        await pool.query<{ behind: boolean }>(
          `SELECT coalesce(max(xid) < pg_snapshot_xmin(pg_current_snapshot()), true) AS behind
             FROM notifier.events`,
        )
      ).rows[0]?.behind === true,
    { timeoutMs: 30_000, what: 'the recorded events behind every running transaction' },
  );
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
  // Two event names, so that a type filter walks across the same numbers.
  const recorded: RecordedEvent[] = [];
  for (const size of [25, 1, 120]) {
    const batch = Array.from({ length: size }, (_, i) =>
      envelope(
        i % 3 === 0 ? 'feed-b' : 'feed-a',
        i % 2 === 0 ? 'transfer.is-created' : 'user.is-created',
      ),
    );
    await recordEvents(createDatabase(pool), batch);
    recorded.push(...batch.filter((e) => e.tenantId === 'feed-a'));
  }
  await settled();

  const ids = recorded.map((e) => e.id);
  for (const limit of [1, 7, 10, 100]) expect(await walk(tenant, limit)).toEqual(ids);
  expect(await walk(tenant, 7, ['user.is-created'])).toEqual(
    recorded.filter((e) => e.name === 'user.is-created').map((e) => e.id),
  );
  expect(await walk(other, 7)).toHaveLength(146 - recorded.length);
});

it('keeps a redelivered event where it was first recorded', async () => {
  const first = envelope('feed-a', 'approval.is-pending');
  const batch = [first, envelope('feed-a', 'approval.is-pending')];
  await recordEvents(createDatabase(pool), batch);
  await recordEvents(createDatabase(pool), [first]);
  await settled();

  expect(await walk(tenant, 5, ['approval.is-pending'])).toEqual(batch.map((e) => e.id));
});

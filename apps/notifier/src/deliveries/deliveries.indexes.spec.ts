import path from 'node:path';
import type pg from 'pg';
import type { AuthContext, ListQuery } from '@custody/contracts';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  listPlanFaults,
  type PlanCheck,
  type TestDatabase,
} from '@custody/testing';
import { DeliveriesService } from './deliveries.service';
import { ReceiverDeliveries } from './receiver-deliveries.service';

// The delivery logs' lists read an index, never the whole table, and a filter that matches
// nothing costs what it returns: seeded with one busy client (40,000 deliveries of one event,
// all delivered, to one receiver) and 20,000 more over 20 other clients, each list query the
// service sends is explained and its plan searched for a table read whole or rows thrown away.

const BUSY = 'client-busy';
const RECEIVER = '01900000-0000-7000-8000-0000000000aa';
const OTHER_RECEIVER = '01900000-0000-7000-8000-0000000000bb';

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'notifier', dir: path.join(__dirname, '..', 'migrations') });
  await pool.query(
    `INSERT INTO notifier.notification_types (id, event, description)
     VALUES ('01900000-0000-7000-8000-000000000001', 'transfer.is-created', 't')`,
  );
  await pool.query(
    `INSERT INTO notifier.receivers (id, notification_type_id, client_id, tenant_id, url)
     VALUES ($1, '01900000-0000-7000-8000-000000000001', $3, $3, 'https://a.example'),
            ($2, '01900000-0000-7000-8000-000000000001', 'client-0', 'client-0', 'https://b.example')`,
    [RECEIVER, OTHER_RECEIVER, BUSY],
  );
  await pool.query(
    `INSERT INTO notifier.deliveries (id, event_id, event_name, receiver_id, client_id, channel,
       payload, status, created_at)
     SELECT gen_random_uuid(), gen_random_uuid(), 'transfer.is-created', $1, $2, 'url', '{}',
       'delivered', '2026-01-01'::timestamptz + i * interval '1 second'
     FROM generate_series(1, 40000) AS i`,
    [RECEIVER, BUSY],
  );
  await pool.query(
    `INSERT INTO notifier.deliveries (id, event_id, event_name, receiver_id, client_id, channel,
       payload, status, created_at)
     SELECT gen_random_uuid(), gen_random_uuid(),
       CASE WHEN i % 2 = 0 THEN 'transfer.is-created' ELSE 'withdrawal.is-updated' END, $1,
       'client-' || (i % 20), 'url', '{}', CASE WHEN i % 3 = 0 THEN 'failed' ELSE 'delivered' END,
       '2026-01-01'::timestamptz + i * interval '1 second'
     FROM generate_series(1, 20000) AS i`,
    [OTHER_RECEIVER],
  );
  await pool.query('ANALYZE notifier.deliveries');
  ({ plansOf } = checkPlans(pool));
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const list = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  page: 1,
  limit: 50,
  sort: { field: 'createdAt', direction: 'desc' },
  ...overrides,
});

const busy: AuthContext = { clientId: BUSY, tenantId: BUSY, audience: 'general' };
const admin: AuthContext = { clientId: 'admin', tenantId: 'admin', audience: 'admin' };

function listed(
  auth: AuthContext,
  filters: { event?: string; receiverId?: string; status?: string } = {},
  query: ListQuery = list(),
) {
  return () =>
    new DeliveriesService(createDatabase(pool), () => undefined).list(auth, {
      list: query,
      filters,
    });
}

const cases: [string, () => Promise<unknown>][] = [
  ["a page of the busy client's deliveries", listed(busy)],
  ['the busy client filtered by a status it has none of', listed(busy, { status: 'failed' })],
  ['the busy client filtered by an event it has none of', listed(busy, { event: 'x.is-created' })],
  ['the busy client filtered by its receiver', listed(busy, { receiverId: RECEIVER })],
  ["the busy client filtered by another's receiver", listed(busy, { receiverId: OTHER_RECEIVER })],
  ['the admin list of every client', listed(admin)],
  ['the admin list of one event none has', listed(admin, { event: 'x.is-created' })],
  ['the admin list of one receiver', listed(admin, { receiverId: RECEIVER })],
  [
    "a receiver's log filtered by a status it has none of",
    () =>
      new ReceiverDeliveries(createDatabase(pool), [], () => undefined).list(busy, {
        notificationId: '01900000-0000-7000-8000-000000000001',
        receiverId: RECEIVER,
        list: list(),
        filters: { status: 'failed' },
      }),
  ],
];

it.each(cases)('%s reads an index, not the table', async (_name, run) => {
  expect(listPlanFaults(await plansOf(run))).toEqual([]);
});

it('a cursor page deep in the busy client reads an index, and continues the order', async () => {
  const service = new DeliveriesService(createDatabase(pool), () => undefined);
  const deep = await service.list(busy, { list: list({ page: 700 }), filters: {} });
  expect(deep.next).toBeDefined();
  const after = list({ after: deep.next });
  expect(await plansOf(listed(busy, {}, after))).toMatchObject({ scans: [], discarded: 0 });
  const following = await service.list(busy, { list: list({ page: 701 }), filters: {} });
  const cursor = await service.list(busy, { list: after, filters: {} });
  expect(cursor.items.map((d) => d.id)).toEqual(following.items.map((d) => d.id));
});

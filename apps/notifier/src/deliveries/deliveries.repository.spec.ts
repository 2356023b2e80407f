import path from 'node:path';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { type AnyEventName, type EventEnvelope, EVENTS } from '@custody/contracts';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import {
  clearReceiverFailing,
  disableReceiver,
  enqueuedBefore,
  lockUndispatched,
  markEnqueued,
  markReceiverFailing,
  recordAttempt,
  redispatch,
  upsertReplayed,
} from './deliveries.repository';
import { eventsWithoutSubscribers, fanOut } from './fan-out';
import type { RecordedEvent } from '../events/events.repository';

// The delivery pipeline's statements against a real PostgreSQL, Redis aside: an event fans out
// to its receivers' channels, the dispatcher's marks, an attempt's record, a receiver's health.

const TYPE = '01900000-0000-7000-8000-000000000001';
const RECEIVER = '01900000-0000-7000-8000-000000000002';
const ADMIN_RECEIVER = '01900000-0000-7000-8000-000000000003';

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  db = createDatabase(pool);
  await migrate(pool, { schema: 'notifier', dir: path.join(__dirname, '..', 'migrations') });
  await pool.query(
    `INSERT INTO notifier.notification_types (id, event, description)
       VALUES ($1, 'transfer.is-created', 't')`,
    [TYPE],
  );
  await pool.query(
    `INSERT INTO notifier.receivers (id, notification_type_id, client_id, tenant_id, is_admin, url, email)
       VALUES ($1, $3, 'c1', 'c1', false, 'https://a.example', 'owner@a.example'),
              ($2, $3, 'admin', 'admin', true, 'https://b.example', NULL)`,
    [RECEIVER, ADMIN_RECEIVER, TYPE],
  );
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

function event(name: AnyEventName, tenantId: string): RecordedEvent {
  return { id: uuidv7(), name, occurredAt: new Date().toISOString(), tenantId, data: {} };
}

function transferCreated(tenantId: string): EventEnvelope<typeof EVENTS.transferCreated> {
  const at = new Date().toISOString();
  return {
    id: uuidv7(),
    name: EVENTS.transferCreated,
    occurredAt: at,
    tenantId,
    data: {
      id: uuidv7(),
      createdAt: at,
      updatedAt: at,
      status: 'booked',
      transactions: [],
      requestedTransactions: [],
    },
  };
}

async function deliveriesOf(eventId: string) {
  const { rows } = await pool.query<{ id: string; receiver_id: string; channel: string }>(
    `SELECT id, receiver_id, channel FROM notifier.deliveries WHERE event_id = $1
      ORDER BY receiver_id, channel`,
    [eventId],
  );
  return rows;
}

it("fans an event out to each channel of its tenant's and the admins' receivers, once", async () => {
  let fannedOut = 0;
  const handle = fanOut(() => (fannedOut += 1))[EVENTS.transferCreated];
  const created = transferCreated('c1');
  await db.transaction((tx) => handle!(created, tx));
  await db.transaction((tx) => handle!(created, tx)); // a redelivery writes nothing new
  expect((await deliveriesOf(created.id)).map((d) => [d.receiver_id, d.channel])).toEqual([
    [RECEIVER, 'email'],
    [RECEIVER, 'url'],
    [ADMIN_RECEIVER, 'url'],
  ]);
  expect(fannedOut).toBe(2);
  const idle = await eventsWithoutSubscribers(db)([
    event('transfer.is-created', 'c2'),
    event('wallet.is-created', 'c1'),
  ]);
  expect(idle).toEqual([false, true]);
});

it('dispatches each pending delivery once, and again when the queue lost it', async () => {
  const pending = await db.transaction(async (tx) => {
    const found = await lockUndispatched(tx, 500);
    await markEnqueued(
      tx,
      found.map((d) => d.id),
    );
    return found;
  });
  expect(pending.length).toBeGreaterThan(0);
  expect(await db.transaction((tx) => lockUndispatched(tx, 500))).toEqual([]);
  const [lost] = pending;
  await pool.query(
    `UPDATE notifier.deliveries SET enqueued_at = now() - interval '1 minute' WHERE id = $1`,
    [lost!.id],
  );
  expect((await enqueuedBefore(db, 30, 500)).map((d) => d.id)).toEqual([lost!.id]);
  await redispatch(db, lost!.id);
  expect(await db.transaction((tx) => lockUndispatched(tx, 500))).toEqual([
    { ...lost!, dispatches: lost!.dispatches + 1 },
  ]);
});

it('records an attempt with its outcome, and replays only what is no longer pending', async () => {
  const replayed = transferCreated('c1');
  await db.transaction((tx) => fanOut(() => undefined)[EVENTS.transferCreated]!(replayed, tx));
  const [, url] = await deliveriesOf(replayed.id);
  await recordAttempt(
    db,
    { deliveryId: url!.id, attempt: 1, code: 200, error: null, durationMs: 12 },
    { status: 'delivered', code: 200 },
  );
  const { rows } = await pool.query(
    `SELECT d.status, d.attempts, d.last_status_code, d.delivered_at IS NOT NULL AS delivered,
            a.duration_ms
       FROM notifier.deliveries d JOIN notifier.delivery_attempts a ON a.delivery_id = d.id
      WHERE d.id = $1`,
    [url!.id],
  );
  expect(rows).toEqual([
    { status: 'delivered', attempts: 1, last_status_code: 200, delivered: true, duration_ms: 12 },
  ]);
  const payload = {
    id: replayed.id,
    event: replayed.name,
    createdAt: replayed.occurredAt,
    tenantId: 'c1',
    data: {},
  };
  const written = await upsertReplayed(db, { id: RECEIVER, clientId: 'c1' }, [
    { payload, channel: 'url' },
    { payload, channel: 'email' },
  ]);
  expect(written).toBe(1); // the e-mail one is still pending
});

it('starts a failing streak once, disables a receiver once, and ends a streak', async () => {
  const failingSince = async () =>
    (
      await pool.query<{ failing_since: Date | null; disabled_at: Date | null }>(
        'SELECT failing_since, disabled_at FROM notifier.receivers WHERE id = $1',
        [RECEIVER],
      )
    ).rows[0];
  await markReceiverFailing(db, RECEIVER);
  const first = (await failingSince())?.failing_since;
  expect(first).toBeInstanceOf(Date);
  await markReceiverFailing(db, RECEIVER);
  expect((await failingSince())?.failing_since).toEqual(first);
  expect((await disableReceiver(db, RECEIVER))?.disabledAt).toBeInstanceOf(Date);
  expect(await disableReceiver(db, RECEIVER)).toBeUndefined();
  await clearReceiverFailing(db, RECEIVER);
  expect((await failingSince())?.failing_since).toBeNull();
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  type AuthContext,
  type DeliveryAttemptView,
  type DeliveryChannel,
  type ListQuery,
  type ListResult,
  MAX_REPLAYED_EVENTS,
  type ReceiverDeliveryView,
  type ReceiverPath,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  type Database,
  isUuid,
  listClauses,
  listResult,
  selectPage,
  withTransaction,
} from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import { eventsOfTypeBetween } from '../events/events.repository';
import { deliveries, notificationTypes, type DeliveryRow, receivers } from '../schema';
import { deliveryView } from './deliveries.service';

const CHANNELS: DeliveryChannel[] = ['url', 'email', 'slack', 'sms'];
/** Deliveries written per statement of a replay. */
const REPLAY_CHUNK = 500;

/**
 * One receiver's delivery log with every attempt, and replays of the events of its type since a
 * time (docs/decisions/event-feed-and-webhook-recovery.md): what a receiver that was down
 * missed comes again.
 */
export class ReceiverDeliveries {
  constructor(
    private readonly db: Database,
    /** Seconds before each attempt (WEBHOOK_RETRY_SCHEDULE): when a retried one goes next. */
    private readonly schedule: readonly number[],
    private readonly dispatch: () => void,
  ) {}

  /** The caller's receiver (its tenant's), with its type's event name. */
  private async receiverOf(auth: AuthContext | undefined, path: ReceiverPath) {
    const caller = requireAuth(auth);
    if (!isUuid(path.notificationId) || !isUuid(path.receiverId)) throw Errors.notFound('receiver');
    const [found] = await this.db
      .select({ receiver: receivers, event: notificationTypes.event })
      .from(receivers)
      .innerJoin(notificationTypes, eq(notificationTypes.id, receivers.notificationTypeId))
      .where(
        and(
          eq(receivers.id, path.receiverId),
          eq(receivers.notificationTypeId, path.notificationId),
          eq(receivers.clientId, caller.tenantId),
          isNull(receivers.deletedAt),
        ),
      );
    if (!found) throw Errors.notFound('receiver');
    return found;
  }

  async list(
    auth: AuthContext | undefined,
    request: ReceiverPath & { list: ListQuery; filters: { status?: string } },
  ): Promise<ListResult<ReceiverDeliveryView>> {
    const { receiver } = await this.receiverOf(auth, request);
    const clauses = listClauses(
      request.list,
      {
        sortable: { createdAt: deliveries.createdAt },
        createdAt: deliveries.createdAt,
        id: deliveries.id,
      },
      [
        eq(deliveries.receiverId, receiver.id),
        request.filters.status !== undefined
          ? eq(deliveries.status, request.filters.status as DeliveryRow['status'])
          : undefined,
      ],
    );
    const page = await selectPage(this.db, deliveries, clauses);
    const attempts = await this.attemptsOf(page.rows.map((r) => r.id));
    return listResult(
      page,
      page.rows.map((row) => {
        const log = attempts.get(row.id) ?? [];
        return { ...{}, ...deliveryView(row), attemptLog: log, nextAttemptAt: this.next(row, log) };
      }),
    );
  }

  /** A delivery still retried after a failed attempt: when its next attempt is due (jitter aside). */
  private next(row: DeliveryRow, log: DeliveryAttemptView[]): string | null {
    const last = log[log.length - 1];
    if (row.status !== 'pending' || !last) return null;
    const wait = this.schedule[log.length];
    if (wait === undefined) return null;
    return new Date(Date.parse(last.createdAt) + wait * 1000).toISOString();
  }

  private async attemptsOf(ids: string[]): Promise<Map<string, DeliveryAttemptView[]>> {
    const byDelivery = new Map<string, DeliveryAttemptView[]>();
    if (ids.length === 0) return byDelivery;
    const { rows } = await this.db.execute<{
      delivery_id: string;
      attempt: number;
      status_code: number | null;
      error: string | null;
      duration_ms: number;
      created_at: Date;
    }>(
      sql`SELECT delivery_id, attempt, status_code, error, duration_ms, created_at
            FROM notifier.delivery_attempts
           WHERE delivery_id = ANY(${sql.param(ids)}::uuid[]) ORDER BY delivery_id, id`,
    );
    for (const r of rows)
      byDelivery.set(r.delivery_id, [
        ...(byDelivery.get(r.delivery_id) ?? []),
        {
          attempt: r.attempt,
          createdAt: new Date(r.created_at).toISOString(),
          statusCode: r.status_code,
          error: r.error,
          durationMs: r.duration_ms,
        },
      ]);
    return byDelivery;
  }

  /**
   * Every event of the receiver's type recorded since `since` (until `until`, or now) delivered
   * to it again, in the feed's order: a new delivery where it had none, the delivery queued again
   * where it ended; one still in flight (pending) is left to finish, never doubled.
   */
  async replay(
    auth: AuthContext | undefined,
    request: ReceiverPath & { since: string; until?: string },
  ): Promise<{ replayed: number; skipped: number }> {
    const caller = requireAuth(auth);
    const { receiver, event } = await this.receiverOf(auth, request);
    const since = new Date(request.since);
    const until = request.until !== undefined ? new Date(request.until) : new Date();
    if (!(since < until))
      throw Errors.validation([{ path: 'body.until', message: 'Must be after since' }]);
    const channels = CHANNELS.filter((channel) => receiver[channel]);
    const events = await eventsOfTypeBetween(
      this.db,
      receiver.isAdmin ? null : caller.tenantId,
      event,
      since,
      until,
      MAX_REPLAYED_EVENTS + 1,
    );
    if (events.length > MAX_REPLAYED_EVENTS)
      throw Errors.badRequest(
        `More than ${MAX_REPLAYED_EVENTS} events in that time: replay a shorter one.`,
        'replay_too_large',
      );
    const rows = events.flatMap((payload) => channels.map((channel) => ({ payload, channel })));
    let replayed = 0;
    await withTransaction(this.db, async (tx) => {
      for (let at = 0; at < rows.length; at += REPLAY_CHUNK) {
        const chunk = rows.slice(at, at + REPLAY_CHUNK);
        const values = chunk.map(
          ({ payload, channel }) =>
            sql`(${uuidv7()}::uuid, ${payload.id}::uuid, ${payload.event}, ${receiver.id}::uuid, ${receiver.clientId}, ${channel}, ${JSON.stringify(payload)}::jsonb, 'pending', 0, clock_timestamp())`,
        );
        const { rowCount } = await tx.execute(
          sql`INSERT INTO notifier.deliveries
                (id, event_id, event_name, receiver_id, client_id, channel, payload, status, attempts, created_at)
              VALUES ${sql.join(values, sql`, `)}
              ON CONFLICT (event_id, receiver_id, channel) DO UPDATE
                SET status = 'pending', enqueued_at = NULL,
                    dispatches = notifier.deliveries.dispatches + 1, updated_at = now()
                WHERE notifier.deliveries.status <> 'pending'`,
        );
        replayed += rowCount ?? 0;
      }
    });
    if (replayed > 0) this.dispatch();
    return { replayed, skipped: rows.length - replayed };
  }
}

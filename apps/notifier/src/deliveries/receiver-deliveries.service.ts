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
import { type Database, isUuid, listResult, withTransaction } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import { eventsOfTypeBetween } from '../events/events.repository';
import type { DeliveryRow } from '../schema';
import {
  attemptsOfDeliveries,
  findClientReceiver,
  listReceiverDeliveries,
  upsertReplayed,
} from './deliveries.repository';
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
    const found = await findClientReceiver(this.db, caller.tenantId, path);
    if (!found) throw Errors.notFound('receiver');
    return found;
  }

  async list(
    auth: AuthContext | undefined,
    request: ReceiverPath & { list: ListQuery; filters: { status?: string } },
  ): Promise<ListResult<ReceiverDeliveryView>> {
    const { receiver } = await this.receiverOf(auth, request);
    const page = await listReceiverDeliveries(
      this.db,
      receiver.id,
      request.list,
      request.filters.status,
    );
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
    const rows = await attemptsOfDeliveries(this.db, ids);
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
        const written = await upsertReplayed(tx, receiver, chunk);
        replayed += written;
      }
    });
    if (replayed > 0) this.dispatch();
    return { replayed, skipped: rows.length - replayed };
  }
}

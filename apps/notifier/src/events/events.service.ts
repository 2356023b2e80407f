import type { AuthContext, EventPage, NotificationPayload } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import { eventsAfter, findEvent, pruneEvents } from './events.repository';
import { decodeCursor, encodeCursor } from './events.rules';

/** Events forgotten per prune statement. */
const PRUNE_BATCH = 1_000;

/** Whose events a caller reads: its tenant's; an admin every tenant's (null). */
function reachOf(caller: AuthContext): string | null {
  return isAdmin(caller) ? null : caller.tenantId;
}

/**
 * The event feed (docs/decisions/event-feed-and-webhook-recovery.md): every event the notifier
 * consumed, in a stable order, a page after a cursor, as long as EVENTS_RETENTION_DAYS keeps it.
 */
export class EventsService {
  constructor(
    private readonly db: Database,
    private readonly retentionDays: number,
  ) {}

  async list(
    auth: AuthContext | undefined,
    request: { after?: string; types?: string[]; limit: number },
  ): Promise<EventPage> {
    const caller = requireAuth(auth);
    const after = decodeCursor(request.after);
    const rows = await eventsAfter(
      this.db,
      reachOf(caller),
      after,
      request.types ?? [],
      request.limit,
    );
    const last = rows[rows.length - 1];
    return {
      items: rows.map((r) => r.payload),
      next: encodeCursor(last ? { xid: last.xid, seq: last.seq } : after),
    };
  }

  async get(auth: AuthContext | undefined, id: string): Promise<NotificationPayload> {
    const caller = requireAuth(auth);
    const found = isUuid(id) ? await findEvent(this.db, reachOf(caller), id) : undefined;
    if (!found) throw Errors.notFound('event');
    return found;
  }

  /** Forgets a batch of events past their retention; answers how many. */
  prune(now = new Date()): Promise<number> {
    return pruneEvents(
      this.db,
      new Date(now.getTime() - this.retentionDays * 86_400_000),
      PRUNE_BATCH,
    );
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { AuthContext, ListQuery, ListResult } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, listClauses, listResult, selectPage } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import { type DeliveryRow, deliveries, receivers } from '../schema';

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    eventId: row.eventId,
    event: row.eventName,
    receiverId: row.receiverId,
    channel: row.channel,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The delivery log of the caller's receivers (admin: all), and redelivery on request. */
export class DeliveriesService {
  constructor(
    private readonly db: Database,
    private readonly dispatch: () => void,
  ) {}

  async list(
    auth: AuthContext | undefined,
    request: { list: ListQuery; filters: { event?: string; receiverId?: string; status?: string } },
  ): Promise<ListResult<ReturnType<typeof deliveryView>>> {
    const caller = requireAuth(auth);
    const f = request.filters;
    if (f.receiverId !== undefined && !isUuid(f.receiverId)) return { items: [], total: 0 };
    // Another client's receiver matches nothing: answered without reading its deliveries (the
    // receiver's index holds them all, each then refused by the client filter).
    if (f.receiverId !== undefined && !isAdmin(caller)) {
      const [own] = await this.db
        .select({ id: receivers.id })
        .from(receivers)
        .where(and(eq(receivers.id, f.receiverId), eq(receivers.clientId, caller.tenantId)));
      if (!own) return { items: [], total: 0 };
    }
    const clauses = listClauses(
      request.list,
      {
        sortable: { createdAt: deliveries.createdAt },
        createdAt: deliveries.createdAt,
        id: deliveries.id,
      },
      [
        isAdmin(caller) ? undefined : eq(deliveries.clientId, caller.tenantId),
        f.event !== undefined ? eq(deliveries.eventName, f.event) : undefined,
        f.receiverId !== undefined ? eq(deliveries.receiverId, f.receiverId) : undefined,
        f.status !== undefined
          ? eq(deliveries.status, f.status as DeliveryRow['status'])
          : undefined,
      ],
    );
    const page = await selectPage(this.db, deliveries, clauses);
    return listResult(page, page.rows.map(deliveryView));
  }

  /** Queues a delivery again, whatever its outcome so far (its attempts keep counting). */
  async redeliver(
    auth: AuthContext | undefined,
    id: string,
  ): Promise<ReturnType<typeof deliveryView>> {
    const caller = requireAuth(auth);
    if (!isUuid(id)) throw Errors.notFound('delivery');
    const [row] = await this.db
      .update(deliveries)
      .set({
        status: 'pending',
        enqueuedAt: null,
        dispatches: sql`${deliveries.dispatches} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(deliveries.id, id),
          isAdmin(caller) ? undefined : eq(deliveries.clientId, caller.tenantId),
        ),
      )
      .returning();
    if (!row) throw Errors.notFound('delivery');
    this.dispatch();
    return deliveryView(row);
  }
}

import type { AuthContext, ListQuery, ListResult } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, listResult } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import type { DeliveryRow } from '../schema';
import { isClientReceiver, listDeliveries, requeueDelivery } from './deliveries.repository';

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

/** Whose deliveries a caller reads: its own client's; an admin every client's (null). */
function clientOf(caller: AuthContext): string | null {
  return isAdmin(caller) ? null : caller.tenantId;
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
    const notOwn =
      f.receiverId !== undefined &&
      !isAdmin(caller) &&
      !(await isClientReceiver(this.db, caller.tenantId, f.receiverId));
    if (notOwn) return { items: [], total: 0 };
    const page = await listDeliveries(this.db, clientOf(caller), request.list, f);
    return listResult(page, page.rows.map(deliveryView));
  }

  /** Queues a delivery again, whatever its outcome so far (its attempts keep counting). */
  async redeliver(
    auth: AuthContext | undefined,
    id: string,
  ): Promise<ReturnType<typeof deliveryView>> {
    const caller = requireAuth(auth);
    if (!isUuid(id)) throw Errors.notFound('delivery');
    const row = await requeueDelivery(this.db, clientOf(caller), id);
    if (!row) throw Errors.notFound('delivery');
    this.dispatch();
    return deliveryView(row);
  }
}

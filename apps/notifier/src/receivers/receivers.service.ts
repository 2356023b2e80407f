import { and, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, ReceiverFields } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, one } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import { assertDeliverableUrl } from '../channels/ssrf';
import { notificationTypes, type ReceiverRow, receivers } from '../schema';

export function receiverView(row: ReceiverRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.email ? { email: row.email } : {}),
    ...(row.slack ? { slack: row.slack } : {}),
    ...(row.sms ? { sms: row.sms } : {}),
    ...(row.url ? { url: row.url } : {}),
    ...(row.authenticationId ? { authenticationId: row.authenticationId } : {}),
    ...(row.disabledAt ? { disabledAt: row.disabledAt.toISOString() } : {}),
  };
}

/** Receivers belong to the client that subscribed them; another client's receiver is 404. */
export class ReceiversService {
  constructor(
    private readonly db: Database,
    private readonly allowPrivateUrls: boolean,
  ) {}

  private async checkUrls(fields: ReceiverFields): Promise<void> {
    if (fields.url) await assertDeliverableUrl(fields.url, this.allowPrivateUrls);
    if (fields.slack) await assertDeliverableUrl(fields.slack, this.allowPrivateUrls);
  }

  async create(
    auth: AuthContext | undefined,
    typeId: string,
    fields: ReceiverFields,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    if (!isUuid(typeId)) throw Errors.notFound('notification type');
    const [type] = await this.db
      .select()
      .from(notificationTypes)
      .where(eq(notificationTypes.id, typeId));
    if (!type) throw Errors.notFound('notification type');
    await this.checkUrls(fields);
    const row = one(
      await this.db
        .insert(receivers)
        .values({
          id: uuidv7(),
          notificationTypeId: type.id,
          clientId: caller.clientId,
          tenantId: caller.tenantId,
          isAdmin: isAdmin(caller),
          email: fields.email ?? null,
          slack: fields.slack ?? null,
          sms: fields.sms ?? null,
          url: fields.url ?? null,
          authenticationId: fields.authenticationId ?? null,
        })
        .returning(),
    );
    return { id: row.id };
  }

  private owned(auth: AuthContext | undefined, typeId: string, receiverId: string) {
    const caller = requireAuth(auth);
    if (!isUuid(typeId) || !isUuid(receiverId)) throw Errors.notFound('receiver');
    return and(
      eq(receivers.id, receiverId),
      eq(receivers.notificationTypeId, typeId),
      isNull(receivers.deletedAt),
      eq(receivers.clientId, caller.clientId),
    );
  }

  async update(
    auth: AuthContext | undefined,
    typeId: string,
    receiverId: string,
    fields: ReceiverFields,
  ): Promise<{ id: string }> {
    const where = this.owned(auth, typeId, receiverId);
    await this.checkUrls(fields);
    const [row] = await this.db
      .update(receivers)
      .set({ ...fields, disabledAt: null, failingSince: null, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) throw Errors.notFound('receiver');
    return { id: row.id };
  }

  async remove(
    auth: AuthContext | undefined,
    typeId: string,
    receiverId: string,
  ): Promise<{ id: string }> {
    const where = this.owned(auth, typeId, receiverId);
    const [row] = await this.db
      .update(receivers)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) throw Errors.notFound('receiver');
    return { id: row.id };
  }
}

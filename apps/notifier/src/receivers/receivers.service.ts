import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, ReceiverFields } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, withTransaction } from '@custody/persistence';
import { isAdmin, requireAuth } from '@custody/tenancy';
import { assertDeliverableUrl, DnsLookupFailed, type HostResolver } from '../channels/ssrf';
import type { ReceiverRow } from '../schema';
import * as repo from './receivers.repository';

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
    /** Live receivers a client may have: one event fans out to every one of them. */
    private readonly maxPerClient: number,
    private readonly resolve: HostResolver | undefined,
  ) {}

  private async checkUrls(fields: ReceiverFields): Promise<void> {
    const check = (url: string, path: string) =>
      assertDeliverableUrl(url, this.allowPrivateUrls, this.resolve).catch((error: unknown) => {
        // A host that does not resolve now is the subscriber's to fix, not a server fault.
        if (error instanceof DnsLookupFailed)
          throw Errors.validation([{ path, message: 'The host does not resolve' }]);
        throw error;
      });
    if (fields.url) await check(fields.url, 'body.url');
    if (fields.slack) await check(fields.slack, 'body.slack');
  }

  async create(
    auth: AuthContext | undefined,
    typeId: string,
    fields: ReceiverFields,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    if (!isUuid(typeId)) throw Errors.notFound('notification type');
    const type = await repo.findNotificationType(this.db, typeId);
    if (!type) throw Errors.notFound('notification type');
    await this.checkUrls(fields);
    const row = await withTransaction(this.db, async (tx) => {
      // One client's creations in turn, so that concurrent ones cannot pass the cap together.
      await repo.lockClientReceivers(tx, caller.tenantId);
      if ((await repo.countLiveReceivers(tx, caller.tenantId)) >= this.maxPerClient)
        throw Errors.conflict(
          `A client may have at most ${this.maxPerClient} receivers; delete one first.`,
          'receiver_limit',
        );
      return repo.insertReceiver(tx, {
        id: uuidv7(),
        notificationTypeId: type.id,
        clientId: caller.tenantId,
        tenantId: caller.tenantId,
        isAdmin: isAdmin(caller),
        email: fields.email ?? null,
        slack: fields.slack ?? null,
        sms: fields.sms ?? null,
        url: fields.url ?? null,
        authenticationId: fields.authenticationId ?? null,
      });
    });
    return { id: row.id };
  }

  /** The caller's receiver of this type, as the repository finds it; 404 for a malformed id. */
  private owned(
    auth: AuthContext | undefined,
    typeId: string,
    receiverId: string,
  ): repo.ReceiverOwner {
    const caller = requireAuth(auth);
    if (!isUuid(typeId) || !isUuid(receiverId)) throw Errors.notFound('receiver');
    return { clientId: caller.tenantId, notificationTypeId: typeId, receiverId };
  }

  async update(
    auth: AuthContext | undefined,
    typeId: string,
    receiverId: string,
    fields: ReceiverFields,
  ): Promise<{ id: string }> {
    const owner = this.owned(auth, typeId, receiverId);
    await this.checkUrls(fields);
    const row = await repo.updateLiveReceiver(this.db, owner, {
      ...fields,
      disabledAt: null,
      failingSince: null,
      updatedAt: new Date(),
    });
    if (!row) throw Errors.notFound('receiver');
    return { id: row.id };
  }

  async remove(
    auth: AuthContext | undefined,
    typeId: string,
    receiverId: string,
  ): Promise<{ id: string }> {
    const owner = this.owned(auth, typeId, receiverId);
    const row = await repo.updateLiveReceiver(this.db, owner, {
      deletedAt: new Date(),
      updatedAt: new Date(),
    });
    if (!row) throw Errors.notFound('receiver');
    return { id: row.id };
  }
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, one } from '@custody/persistence';
import { notificationTypes, type ReceiverRow, receivers } from '../schema';

/** A receiver's place: its client (the caller's tenant), its notification type, its id. */
export interface ReceiverOwner {
  clientId: string;
  notificationTypeId: string;
  receiverId: string;
}

export async function findNotificationType(db: Executor, id: string) {
  const [type] = await db.select().from(notificationTypes).where(eq(notificationTypes.id, id));
  return type;
}

/** One client's receiver creations in turn, until the transaction ends. */
export async function lockClientReceivers(db: Executor, clientId: string): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended('notifier.receivers:' || ${clientId}, 0))`,
  );
}

/** How many live (not deleted) receivers the client has. */
export async function countLiveReceivers(db: Executor, clientId: string): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(receivers)
    .where(and(eq(receivers.clientId, clientId), isNull(receivers.deletedAt)));
  return counted?.n ?? 0;
}

export async function insertReceiver(
  db: Executor,
  row: typeof receivers.$inferInsert,
): Promise<ReceiverRow> {
  return one(await db.insert(receivers).values(row).returning());
}

/** Changes a live receiver of the client; none when it has no such receiver. */
export async function updateLiveReceiver(
  db: Executor,
  owner: ReceiverOwner,
  set: Partial<typeof receivers.$inferInsert>,
): Promise<ReceiverRow | undefined> {
  const [row] = await db
    .update(receivers)
    .set(set)
    .where(
      and(
        eq(receivers.id, owner.receiverId),
        eq(receivers.notificationTypeId, owner.notificationTypeId),
        isNull(receivers.deletedAt),
        eq(receivers.clientId, owner.clientId),
      ),
    )
    .returning();
  return row;
}

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '@custody/persistence';
import { notificationTypes, type ReceiverRow, receivers } from '../schema';

export type NotificationTypeRow = typeof notificationTypes.$inferSelect;

/** The type of an event, created or its description brought up to date. */
export async function upsertType(db: Executor, event: string, description: string): Promise<void> {
  await db
    .insert(notificationTypes)
    .values({ id: uuidv7(), event, description })
    .onConflictDoUpdate({ target: notificationTypes.event, set: { description } });
}

/**
 * A page of the catalog at a position (`offset`), sorted by event or creation (then id), and how
 * many types there are.
 */
export async function typesPage(
  db: Executor,
  sort: { field: string; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<{ types: NotificationTypeRow[]; total: number }> {
  const order = sort.direction === 'asc' ? asc : desc;
  const column = sort.field === 'event' ? notificationTypes.event : notificationTypes.createdAt;
  const [types, [counted]] = await Promise.all([
    db
      .select()
      .from(notificationTypes)
      .orderBy(order(column), asc(notificationTypes.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notificationTypes),
  ]);
  return { types, total: counted?.n ?? 0 };
}

/** The client's live receivers of these types. */
export async function clientReceiversOf(
  db: Executor,
  clientId: string,
  typeIds: string[],
): Promise<ReceiverRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(receivers)
    .where(
      and(
        inArray(receivers.notificationTypeId, typeIds),
        isNull(receivers.deletedAt),
        eq(receivers.clientId, clientId),
      ),
    );
}

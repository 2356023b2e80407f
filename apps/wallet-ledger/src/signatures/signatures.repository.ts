import { and, asc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { ListQuery, SignedItemKind } from '@custody/contracts';
import { type Executor, listClauses, one, type Page, selectPage } from '@custody/persistence';
import { type SignedItemRow, signedItems } from '../schema';

/**
 * The signed items' SQL. A wallet-scoped list takes the scope that `walletScope` built for the
 * caller; a single item is read under its wallet, which the caller's scope found.
 */

export async function insertSignedItem(
  db: Executor,
  row: typeof signedItems.$inferInsert,
): Promise<SignedItemRow> {
  return one(await db.insert(signedItems).values(row).returning());
}

/** One page of a kind of signed items in `scope`. */
export async function listSignedItems(
  db: Executor,
  scope: SQL | undefined,
  kind: SignedItemKind,
  list: ListQuery,
): Promise<Page<SignedItemRow>> {
  const clauses = listClauses(
    list,
    {
      sortable: { createdAt: signedItems.createdAt },
      createdAt: signedItems.createdAt,
      id: signedItems.id,
      externalReference: signedItems.externalReference,
    },
    [scope, eq(signedItems.kind, kind)],
  );
  return selectPage(db, signedItems, clauses);
}

/** A signed item of the wallet, of that kind. */
export async function findSignedItem(
  db: Executor,
  walletId: string,
  kind: SignedItemKind,
  id: string,
): Promise<SignedItemRow | undefined> {
  const [row] = await db
    .select()
    .from(signedItems)
    .where(
      and(eq(signedItems.id, id), eq(signedItems.walletId, walletId), eq(signedItems.kind, kind)),
    );
  return row;
}

/** A signed item by id, its row locked (an approval's outcome settles it). */
export async function lockSignedItem(db: Executor, id: string): Promise<SignedItemRow | undefined> {
  const [row] = await db.select().from(signedItems).where(eq(signedItems.id, id)).for('update');
  return row;
}

export async function updateSignedItem(
  db: Executor,
  id: string,
  fields: Partial<Pick<SignedItemRow, 'result' | 'status' | 'failureReason'>>,
): Promise<SignedItemRow> {
  return one(
    await db
      .update(signedItems)
      .set({ ...{}, ...fields, updatedAt: new Date() })
      .where(eq(signedItems.id, id))
      .returning(),
  );
}

/**
 * The approvals of held signatures still waiting for their outcome, in id order after `after`, at most
 * `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial index of its own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: signedItems.approvalId })
    .from(signedItems)
    .where(and(eq(signedItems.status, 'pending_approval'), gt(signedItems.approvalId, after)))
    .orderBy(asc(signedItems.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}

/**
 * Claims one approved signature not claimed by another replica (or whose claim lapsed) for
 * `claimMs`: never claimed first, then the longest lapsed, then the oldest. Answers it with its
 * new `claimToken` (the claim's fencing token, see `holdsClaim`), or undefined when none waits.
 */
export async function claimApprovedSignature(
  db: Executor,
  claimMs: number,
): Promise<SignedItemRow | undefined> {
  const waiting = db
    .select({ id: signedItems.id })
    .from(signedItems)
    .where(
      and(
        eq(signedItems.status, 'approved'),
        or(isNull(signedItems.claimedUntil), lt(signedItems.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(sql`${signedItems.claimedUntil} ASC NULLS FIRST`, asc(signedItems.updatedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(signedItems)
    .set({
      claimedUntil: sql`now() + ${claimMs} * interval '1 millisecond'`,
      claimToken: sql`gen_random_uuid()`,
    })
    .where(inArray(signedItems.id, waiting))
    .returning();
  return row;
}

/**
 * Whether `current` (read under its lock) is still approved and claimed by the claim that
 * answered `claimed`: a replica whose claim lapsed and was taken again since records nothing.
 */
export function holdsClaim(
  current: SignedItemRow | undefined,
  claimed: SignedItemRow,
): current is SignedItemRow {
  return (
    current?.status === 'approved' &&
    current.claimToken !== null &&
    current.claimToken === claimed.claimToken
  );
}

/**
 * Its signing failed on a fault: claimable again after `retryMs` (not at once, which would retry
 * one failing item without end ahead of the others). Only by the claim's holder: another's
 * claim since is left as it is.
 */
export async function retrySignatureLater(
  db: Executor,
  claimed: SignedItemRow,
  retryMs: number,
): Promise<void> {
  if (claimed.claimToken === null) return;
  await db
    .update(signedItems)
    .set({ claimedUntil: sql`now() + ${retryMs} * interval '1 millisecond'` })
    .where(
      and(
        eq(signedItems.id, claimed.id),
        eq(signedItems.status, 'approved'),
        eq(signedItems.claimToken, claimed.claimToken),
      ),
    );
}

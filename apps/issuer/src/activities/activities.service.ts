import { and, eq, ilike, not, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  SIGNING_RPC,
  issuerKeyOwner,
  type ActivityFilters,
  type ActivitySortColumn,
  type AuthContext,
  type IssuePath,
  type IssuerActivityListEntry,
  type IssuerActivityView,
  type NewActivity,
  type V2Page,
  type V2Paging,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, isUuid, one, withTransaction } from '@custody/persistence';
import { issueOf } from '../access';
import { byName, pageOf } from '../paging';
import { type ActivityRow, activities } from '../schema';

const SCHEMA = 'issuer';

/** Every activity is created APPROVED: the only status the contract shows; nothing reviews it. */
const CREATED_STATUS = 'APPROVED';

/** The columns behind the activity list's `sortColumn` values (ACTIVITY_SORT_COLUMNS). */
const SORTABLE: Record<ActivitySortColumn, PgColumn | SQL> = {
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
  name: byName(activities.name),
  type: activities.type,
  readed: activities.readed,
};

export function activityView(row: ActivityRow): IssuerActivityView {
  return {
    id: row.id,
    clientIssueId: row.issueId,
    type: row.type,
    name: row.name,
    description: row.description,
    infoUrl: row.infoUrl,
    status: row.status,
    readed: row.readed,
    dataStructured: row.dataStructured,
    signedTypedData: row.signedTypedData,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function activityListEntry(row: ActivityRow): IssuerActivityListEntry {
  return {
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    id: row.id,
    clientIssueId: row.issueId,
    name: row.name,
    type: row.type,
    readed: row.readed,
  };
}

/** `%` and `_` in a name filter are literal characters, not patterns. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Issue activities: a MESSAGE to the holders, or a REQUEST whose EIP-712 data the issuer's
 * custodial key signs through the signing service. Each creation publishes
 * `issuer-activity.is-created` in the same transaction.
 */
export class ActivitiesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async create(
    auth: AuthContext | undefined,
    path: IssuePath,
    input: NewActivity,
  ): Promise<{ createdAt: string; updatedAt: string; id: string }> {
    const { issuer, issue } = await issueOf(this.db, auth, path);
    let signedTypedData: string | null = null;
    if (input.type === 'REQUEST') {
      if (!input.dataStructured)
        throw Errors.validation([{ path: 'body.dataStructured', message: 'Required' }]);
      const signed = await this.rpc.call('signing', SIGNING_RPC.signEvmTypedData, {
        ownerId: issuerKeyOwner(issuer.id),
        chain: 'evm',
        typedData: input.dataStructured,
      });
      signedTypedData = signed.signature;
    }
    const row = await withTransaction(this.db, async (tx) => {
      const inserted = one(
        await tx
          .insert(activities)
          .values({
            id: uuidv7(),
            issuerId: issuer.id,
            issueId: issue.id,
            type: input.type,
            name: input.name,
            description: input.description ?? null,
            infoUrl: input.infoUrl ?? null,
            status: CREATED_STATUS,
            dataStructured: input.type === 'REQUEST' ? (input.dataStructured ?? null) : null,
            signedTypedData,
            readed: false,
          })
          .returning(),
      );
      await enqueueEvent(tx, SCHEMA, {
        name: EVENTS.issuerActivityCreated,
        tenantId: issuer.tenantId,
        data: { ...activityView(inserted), clientIssuerId: issuer.id },
      });
      return inserted;
    });
    return {
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      id: row.id,
    };
  }

  /** Reads one activity; the first read marks it `readed` (the answer shows it read). */
  async get(
    auth: AuthContext | undefined,
    path: IssuePath & { activityId: string },
  ): Promise<IssuerActivityView> {
    const { issue } = await issueOf(this.db, auth, path);
    if (!isUuid(path.activityId)) throw Errors.notFound('activity');
    const mine = and(eq(activities.id, path.activityId), eq(activities.issueId, issue.id));
    // Only an unread row is written; a concurrent first read finds it read by the second query.
    const [marked] = await this.db
      .update(activities)
      .set({ readed: true, readAt: new Date() })
      .where(and(mine, not(activities.readed)))
      .returning();
    const row = marked ?? (await this.db.select().from(activities).where(mine))[0];
    if (!row) throw Errors.notFound('activity');
    return activityView(row);
  }

  async list(
    auth: AuthContext | undefined,
    path: IssuePath,
    filters: ActivityFilters,
    paging: V2Paging,
  ): Promise<V2Page<IssuerActivityListEntry>> {
    const { issue } = await issueOf(this.db, auth, path);
    const where: (SQL | undefined)[] = [
      eq(activities.issueId, issue.id),
      filters.name !== undefined ? ilike(activities.name, containing(filters.name)) : undefined,
      filters.readed !== undefined ? eq(activities.readed, filters.readed) : undefined,
      filters.type !== undefined ? eq(activities.type, filters.type) : undefined,
    ];
    return pageOf(this.db, activities, {
      where: and(...where),
      sortable: SORTABLE,
      id: activities.id,
      paging,
      view: activityListEntry,
    });
  }
}

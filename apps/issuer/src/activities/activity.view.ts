import {
  EVENTS,
  type IssuerActivityCreated,
  type IssuerActivityListEntry,
  type IssuerActivityView,
} from '@custody/contracts';
import { enqueueEvent, type Executor } from '@custody/persistence';
import type { ActivityRow } from '../schema';

const SCHEMA = 'issuer';

/** `issuer-activity.is-created`: an activity published to the holders (signed, for a REQUEST). */
export async function announce(
  tx: Executor,
  row: ActivityRow,
  issuer: { id: string; tenantId: string },
): Promise<void> {
  await enqueueEvent(tx, SCHEMA, {
    name: EVENTS.issuerActivityCreated,
    tenantId: issuer.tenantId,
    data: { ...activityView(row), clientIssuerId: issuer.id },
  });
}

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
    ...(row.approvalId ? { approvalId: row.approvalId } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The answer of a creation: the contract's fields. */
export function created(row: ActivityRow): IssuerActivityCreated {
  return {
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    id: row.id,
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

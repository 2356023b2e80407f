import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  POLICY_RPC,
  SIGNING_RPC,
  issuerKeyOwner,
  type ActivityFilters,
  type AuthContext,
  type IssuePath,
  type IssuerActivityListEntry,
  type IssuerActivityView,
  type NewActivity,
  type V2Page,
  type V2Paging,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { evmTypedDataDigest } from '@custody/intents';
import type { RpcClient } from '@custody/messaging';
import { type Database, enqueueEvent, isUuid, withTransaction } from '@custody/persistence';
import { issueOf } from '../access';
import { v2Page } from '../paging';
import type { ActivityRow } from '../schema';
import { insertActivity, listActivities, readActivity } from './activities.repository';

const SCHEMA = 'issuer';

/** Every activity is created APPROVED: the only status the contract shows; nothing reviews it. */
const CREATED_STATUS = 'APPROVED';

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
    const id = uuidv7();
    let signedTypedData: string | null = null;
    if (input.type === 'REQUEST') {
      if (!input.dataStructured)
        throw Errors.validation([{ path: 'body.dataStructured', message: 'Required' }]);
      // The signer signs only with the policy service's decision for exactly this data, which
      // it gives in the issuer's own name (docs/decisions/signing-decisions.md).
      const owner = issuerKeyOwner(issuer.id);
      const { decision } = await this.rpc.call(
        'policy',
        POLICY_RPC.authorize,
        {
          operationId: id,
          owner,
          intent: { kind: 'evm-typed-data', digest: evmTypedDataDigest(input.dataStructured) },
        },
        { auth },
      );
      const signed = await this.rpc.call('signing', SIGNING_RPC.signEvmTypedData, {
        ownerId: owner,
        chain: 'evm',
        typedData: input.dataStructured,
        decision,
      });
      signedTypedData = signed.signature;
    }
    const row = await withTransaction(this.db, async (tx) => {
      const inserted = await insertActivity(tx, {
        id,
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
      });
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
    const row = await readActivity(this.db, issue.id, path.activityId);
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
    const rows = await listActivities(this.db, issue.id, filters, paging);
    return v2Page(rows, paging, activityListEntry);
  }
}

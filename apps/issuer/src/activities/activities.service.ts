import { v7 as uuidv7 } from 'uuid';
import {
  POLICY_RPC,
  type ActivityFilters,
  type AuthContext,
  type GovernedOperation,
  type IssuePath,
  type IssuerActivityCreated,
  type IssuerActivityListEntry,
  type IssuerActivityView,
  type NewActivity,
  type PolicyDecision,
  type V2Page,
  type V2Paging,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, isUuid, withTransaction } from '@custody/persistence';
import { issueOf } from '../access';
import { v2Page } from '../paging';
import type { ActivityRow } from '../schema';
import { governedActivity } from './activities.rules';
import { activityListEntry, activityView, announce, created } from './activity.view';
import {
  insertActivity,
  listActivities,
  lockApproval,
  readActivity,
  takeOutcome,
} from './activities.repository';
import { signTypedData, type SettleActivityApproval } from './settle-activity-approval';
import type { TokenCatalog } from './token-catalog';

/**
 * Issue activities: a MESSAGE to the holders, or a REQUEST whose EIP-712 data the issuer's
 * custodial key signs through the signing service, once the `issuer-activity` policies of the
 * issuer's tenant and the platform's allow it (docs/decisions/issuer-interface.md, "Under
 * policy"): at once, or on its approval's quorum (SettleActivityApproval). An activity is
 * announced (`issuer-activity.is-created`, in the transaction that records it signed) once it
 * is published to the holders.
 */
export class ActivitiesService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly tokens: TokenCatalog,
    private readonly held: SettleActivityApproval,
  ) {}

  async create(
    auth: AuthContext | undefined,
    path: IssuePath,
    input: NewActivity,
  ): Promise<IssuerActivityCreated> {
    const { issuer, issue } = await issueOf(this.db, auth, path);
    const id = uuidv7();
    const base = {
      id,
      issuerId: issuer.id,
      issueId: issue.id,
      type: input.type,
      name: input.name,
      description: input.description ?? null,
      infoUrl: input.infoUrl ?? null,
      readed: false,
    };
    if (input.type !== 'REQUEST') {
      const row = await withTransaction(this.db, async (tx) => {
        const inserted = await insertActivity(tx, {
          ...base,
          status: 'APPROVED',
          dataStructured: null,
          signedTypedData: null,
        });
        await announce(tx, inserted, issuer);
        return inserted;
      });
      return created(row);
    }
    const typedData = input.dataStructured;
    if (!typedData) throw Errors.validation([{ path: 'body.dataStructured', message: 'Required' }]);
    const operation = governedActivity(
      { id, tenantId: issuer.tenantId, issuerId: issuer.id, issueId: issue.id },
      typedData,
      await this.tokens.tokens(),
    );
    const decision = await this.decide(auth, operation);
    const request = { ...base, dataStructured: typedData };
    if (decision.decision === 'allow') {
      // The signer signs only with the policy service's decision for exactly this data, given
      // with the evaluation (docs/decisions/signing-decisions.md).
      const signed = decision.signed;
      if (!signed) throw Errors.internal(new Error('an allowed activity came unsigned'));
      // Not released when it fails: its decision is signed, so the signature may exist and its
      // count stays (the policy service would refuse the release).
      const signature = await signTypedData(this.rpc, issuer.id, typedData, signed);
      const row = await withTransaction(this.db, async (tx) => {
        const inserted = await insertActivity(tx, {
          ...request,
          status: 'APPROVED',
          signedTypedData: signature,
        });
        await announce(tx, inserted, issuer);
        return inserted;
      });
      return created(row);
    }
    const approvalId = decision.approvalId;
    const row = await this.recorded(id, () =>
      withTransaction(this.db, async (tx) => {
        // Its approval's outcome, if it came first, is read after the insert, under its lock.
        await lockApproval(tx, approvalId);
        const inserted = await insertActivity(tx, {
          ...request,
          status: 'PENDING_APPROVAL',
          signedTypedData: null,
          approvalId,
        });
        const early = await takeOutcome(tx, approvalId);
        return early ? this.held.apply(tx, inserted, early) : inserted;
      }),
    );
    return { ...created(row), status: row.status, approvalId };
  }

  /**
   * The policies' decision on a REQUEST, asked in the issuer's name: a refusal is 403
   * `policy_blocked` with the policies' ids, nothing recorded or signed; no answer fails the
   * request (fail closed).
   */
  private async decide(
    auth: AuthContext | undefined,
    operation: GovernedOperation,
  ): Promise<Exclude<PolicyDecision, { decision: 'block' }>> {
    // No answer is not released: it may have carried a signed decision, which the policy
    // service never releases (docs/decisions/signing-decisions.md, "Releases"); the count ages
    // out of its window, a held activity's approval expires by itself.
    const { decisions } = await this.rpc.call(
      'policy',
      POLICY_RPC.evaluate,
      { operations: [operation] },
      { auth },
    );
    const [decision] = decisions;
    if (!decision) throw Errors.internal(new Error('the policy service left a decision out'));
    if (decision.decision === 'block')
      throw new AppError(403, 'policy_blocked', 'A policy refuses this activity.', {
        details: { policyIds: decision.policyIds },
      });
    return decision;
  }

  /** Records a held activity; not recorded after all, its count and approval are released. */
  private async recorded(id: string, record: () => Promise<ActivityRow>): Promise<ActivityRow> {
    return record().catch(async (error: unknown) => {
      await this.release(id);
      throw error;
    });
  }

  /** Best effort: a count ages out of its window, a pending approval expires. */
  private async release(operationId: string): Promise<void> {
    await this.rpc
      .call('policy', POLICY_RPC.release, { operationIds: [operationId] })
      .then(() => undefined)
      .catch(() => undefined);
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

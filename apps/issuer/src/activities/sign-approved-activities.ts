import { issuerKeyOwner, POLICY_RPC } from '@custody/contracts';
import { isAppError } from '@custody/errors';
import { failpoint } from '@custody/faults';
import { evmTypedDataDigest } from '@custody/intents';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { findIssuer } from '../issuers/issuers.repository';
import type { ActivityRow } from '../schema';
import * as repo from './activities.repository';
import { announce } from './activity.view';
import { signTypedData } from './settle-activity-approval';

/** How often each replica looks for approved REQUESTs (one indexed read when none waits). */
export const APPROVED_ACTIVITIES_INTERVAL_MS = 500;
/** After a fault (policy or signing down), an activity is tried again no sooner than this. */
export const FAULT_RETRY_MS = 5_000;
/** At most this many per run: the next run takes the rest. */
const PER_RUN = 20;
/** Where a test can kill the process between the signature and its record (libs/faults). */
export const ACTIVITY_AFTER_SIGN_FAILPOINT = 'issuer.approved.after-sign';

/**
 * Signs the held REQUESTs whose approval reached its quorum, outside any transaction: no lock
 * waits on the policy service or the signer.
 *
 * 1. Claim the oldest approved one no other replica holds, for `claimMs` (a process that dies
 *    holding it leaves it to the next run once the claim lapses).
 * 2. Holding nothing: the policy service's decision for exactly the data that was held, asked in
 *    the issuer service's own name, then the issuer key's signature. A refusal ends it `FAILED`
 *    with its code; a fault leaves it approved, tried again after FAULT_RETRY_MS.
 * 3. In one transaction: still waiting under its lock, it is recorded `APPROVED` with its
 *    signature and announced. A second signing (a lapsed claim) finds it recorded and changes
 *    nothing: the same data signed again is the same signature. A replica whose claim another
 *    took since (a pause past it) records nothing, not even a refusal: only the latest claim's
 *    fencing token (migration 0005) records an outcome.
 */
export class SignApprovedActivities {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly options: { claimMs: number; logger: Logger },
  ) {}

  /** Signs what waits, at most PER_RUN; answers how many it took. */
  async run(): Promise<number> {
    let taken = 0;
    while (taken < PER_RUN) {
      const activity = await repo.claimApprovedActivity(this.db, this.options.claimMs);
      if (!activity) break;
      taken += 1;
      await this.signOne(activity).catch(async (error: unknown) => {
        this.options.logger.warn(
          { err: error, activityId: activity.id },
          'an approved REQUEST was not signed; the next run tries again',
        );
        await repo.retryActivityLater(this.db, activity, FAULT_RETRY_MS);
      });
    }
    return taken;
  }

  private async signOne(activity: ActivityRow): Promise<void> {
    const issuer = await findIssuer(this.db, activity.issuerId);
    const typedData = activity.dataStructured;
    // Never signable: ended, not tried again without end.
    if (!issuer || !typedData)
      return void (await repo.finishClaimed(this.db, activity, {
        status: 'FAILED',
        failureReason: issuer ? 'data_missing' : 'issuer_deleted',
      }));
    let signature: string;
    try {
      const { decision } = await this.rpc.call('policy', POLICY_RPC.authorize, {
        operationId: activity.id,
        owner: issuerKeyOwner(issuer.id),
        intent: { kind: 'evm-typed-data', digest: evmTypedDataDigest(typedData) },
      });
      signature = await signTypedData(this.rpc, issuer.id, typedData, decision);
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      await repo.finishClaimed(this.db, activity, {
        status: 'FAILED',
        failureReason: error.code,
      });
      return;
    }
    failpoint(ACTIVITY_AFTER_SIGN_FAILPOINT);
    await this.db.transaction(async (tx) => {
      const signed = await repo.finishClaimed(tx, activity, {
        status: 'APPROVED',
        signedTypedData: signature,
      });
      if (signed) await announce(tx, signed, issuer);
    });
  }
}

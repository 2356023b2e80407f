import { POLICY_RPC } from '@custody/contracts';
import { isAppError } from '@custody/errors';
import { failpoint } from '@custody/faults';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { BooksBehindChain } from '../chain/nonces';
import type { SignedItemRow } from '../schema';
import { lockAndReadBlocked } from '../users/users.repository';
import { openEpoch } from '../restore/restore.repository';
import { findWallet } from '../wallets/wallets.repository';
import { heldSignRequest, heldSignRequestOrNone } from './held-request';
import type { Signed, SignaturePayloads, SigningWallet } from './payloads';
import type { SignatureRecords } from './signature-records';
import * as repo from './signatures.repository';

/** Where a test can kill the process between the steps (libs/faults). */
export const HELD_SIGNATURE_FAILPOINTS = {
  afterClaim: 'signatures.approved.after-claim',
  afterSign: 'signatures.approved.after-sign',
} as const;

/**
 * How often each replica looks for approved signatures: an approval's signature follows its
 * quorum within about this (one indexed read when none waits).
 */
export const APPROVED_SIGNATURES_INTERVAL_MS = 500;

/** After a fault (a service or the node down), an item is tried again no sooner than this. */
export const FAULT_RETRY_MS = 5_000;

/** At most this many signed per run: the next run takes the rest. */
const PER_RUN = 20;

/**
 * Signs the held signatures whose approval reached its quorum (`approved`), outside any
 * transaction: no lock waits on the node, the policy service or the signer.
 *
 * 1. Claim: the oldest approved item no other replica holds, for `claimMs` (its own short
 *    transaction). A process that dies holding it leaves it to the next run once the claim lapses.
 * 2. Sign, holding nothing: the node's count (a transaction's nonce), the policy service's decision
 *    for exactly the payload that was held, the signing service's signature. A refusal (the asset
 *    no longer signable, no decision) ends it `failed` with the refusal's code; a fault (a service
 *    or the node down) leaves it `approved`, tried again after FAULT_RETRY_MS. The books behind
 *    the chain open the restore, and it waits behind the closed gate.
 * 3. Record, in one transaction: still `approved` under its lock, the user not blocked, the wallet
 *    there; then recorded `sent` as a signature allowed at once is (its nonce reserved, what its
 *    transaction moves held, `sign.is-updated`), or `failed` with the refusal (short funds, its
 *    nonce taken meanwhile). A second signing of the same item (a lapsed claim) finds it no longer
 *    `approved` and records nothing, and one whose claim another took since (a pause past the
 *    claim) records nothing either, not even a refusal (the fencing token, migration 0037): a
 *    transaction's nonce is the client's, so it could not pay twice anyway.
 */
export class SignApprovedSignatures {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    private readonly payloads: SignaturePayloads,
    private readonly records: SignatureRecords,
    private readonly options: { claimMs: number; logger: Logger; canMove: () => boolean },
  ) {}

  /** Signs what waits, at most PER_RUN items; answers how many it took. */
  async run(): Promise<number> {
    let taken = 0;
    while (taken < PER_RUN && this.options.canMove()) {
      const item = await repo.claimApprovedSignature(this.db, this.options.claimMs);
      if (!item) break;
      taken += 1;
      failpoint(HELD_SIGNATURE_FAILPOINTS.afterClaim);
      await this.signOne(item).catch(async (error: unknown) => {
        this.options.logger.warn(
          { err: error, signedItemId: item.id },
          'an approved signature was not signed; the next run tries again',
        );
        await repo.retrySignatureLater(this.db, item, FAULT_RETRY_MS);
      });
    }
    return taken;
  }

  private async signOne(item: SignedItemRow): Promise<void> {
    const found = await findWallet(this.db, { kind: 'all' }, item.userId, item.walletId);
    if (!found) return this.fail(item, 'wallet_deleted');
    const { wallet } = found;
    // Read before anything is decided or signed for it (checked again, locked, when recorded).
    if (await lockAndReadBlocked(this.db, item.userId)) return this.fail(item, 'user_blocked');
    // A stored payload no longer read as one (never signable): ended, not tried again without end.
    const request = heldSignRequestOrNone(item);
    if (!request) return this.fail(item, 'invalid_request');
    let signed: Signed;
    try {
      const asset = await this.catalog.require(wallet.assetId);
      const { intent } = await this.payloads.prepare(asset, request);
      const { decision } = await this.rpc.call('policy', POLICY_RPC.authorize, {
        operationId: item.id,
        owner: wallet.id,
        intent,
      });
      signed = await this.payloads.sign(wallet, asset, request, decision);
    } catch (error) {
      if (isAppError(error) && error.status < 500) return this.fail(item, error.code);
      throw error;
    }
    failpoint(HELD_SIGNATURE_FAILPOINTS.afterSign);
    await this.record(item, wallet, signed).catch(async (error: unknown) => {
      // Rolled back, its locks released: the restore opens now, and the item waits for the gate.
      if (error instanceof BooksBehindChain) throw await this.payloads.refuseBehind(error.found);
      throw error;
    });
  }

  private async record(item: SignedItemRow, wallet: SigningWallet, signed: Signed): Promise<void> {
    const request = heldSignRequest(item);
    await this.db.transaction(async (tx) => {
      const current = await repo.lockSignedItem(tx, item.id);
      if (!repo.holdsClaim(current, item)) return;
      // A restore another replica opened since the claim (its gate learns of it within a pass).
      if (await openEpoch(tx)) throw new Error('a restore is open: the item waits for it');
      const failed = (reason: string) =>
        this.records.update(tx, item.id, { status: 'failed', failureReason: reason });
      if (await lockAndReadBlocked(tx, current.userId)) return void (await failed('user_blocked'));
      if (!(await findWallet(tx, { kind: 'all' }, current.userId, current.walletId)))
        return void (await failed('wallet_deleted'));
      // A refusal (short funds, the nonce taken meanwhile) ends it `failed`, its writes in a
      // savepoint undone.
      await tx
        .transaction((inner) =>
          this.records.record(
            inner,
            wallet,
            { ...{}, ...request, externalReference: current.externalReference ?? undefined },
            current.id,
            signed,
            current.approvalId,
          ),
        )
        .catch(async (error: unknown) => {
          if (error instanceof BooksBehindChain || !isAppError(error) || error.status >= 500)
            throw error;
          await failed(error.code);
        });
    });
  }

  /** Ends a still approved item `failed`, unsigned, unless another claim took it since. */
  private async fail(item: SignedItemRow, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!repo.holdsClaim(await repo.lockSignedItem(tx, item.id), item)) return;
      await this.records.update(tx, item.id, { status: 'failed', failureReason: reason });
    });
  }
}

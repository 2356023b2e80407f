import {
  type AuthContext,
  type CatalogAsset,
  type DecisionApproval,
  type SignedDecision,
  type SignIntent,
  TRADING_RPC,
} from '@custody/contracts';
import { AppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, isUuid, withTransaction } from '@custody/persistence';
import type { DecisionSigner } from './decision-signer';
import * as repo from './decisions.repository';
import {
  type AssetFacts,
  bindingOf,
  decisionApprovalOf,
  sameExactIntent,
  transferMismatch,
} from './decisions.rules';

/** How long trading's catalog serves before it is read again (assets change with a deploy). */
const CATALOG_TTL_MS = 60_000;

export interface AuthorizeRequest {
  operationId: string;
  owner: string;
  intent: SignIntent;
}

/** A refusal to decide: nothing the signer could use was made. */
function refused(reason: string): AppError {
  return new AppError(403, 'decision_refused', `No decision for this signature: ${reason}.`);
}

/**
 * Signed decisions for signatures decided after their evaluation
 * (docs/decisions/signing-decisions.md): a withdrawal's transaction when the chain sender builds
 * it, a held signature once approved (a wallet's, or an issuer's REQUEST activity), each in its
 * asker's own name. Each is checked against what was admitted: the signer then checks the
 * payload against the decision.
 */
export class Authorize {
  private catalog: { byId: Map<string, CatalogAsset>; at: number } | undefined;

  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly signer: DecisionSigner,
  ) {}

  async run(
    caller: string | undefined,
    auth: AuthContext | undefined,
    request: AuthorizeRequest,
  ): Promise<{ decision: SignedDecision }> {
    if (auth) throw refused("an admitted operation is decided in its asker's own name");
    if (!isUuid(request.operationId)) throw refused('the operation was not admitted');
    const asset =
      request.intent.kind === 'evm-transfer'
        ? await this.assetFacts(request.intent.assetId)
        : undefined;
    return withTransaction(this.db, async (tx) => {
      const admission = await repo.lockAdmission(tx, request.operationId);
      // A purchase uses no key: it is never admitted.
      if (!admission || admission.activity === 'purchase')
        throw refused('the operation was not admitted');
      // An issuer's activities are the issuer's to sign, every other admission wallet-ledger's.
      if ((admission.activity === 'issuer-activity') !== (caller === 'issuer'))
        throw refused('the operation is not this service’s');
      if (admission.owner !== request.owner) throw refused('another key');
      let approval: DecisionApproval | null = null;
      if (admission.approvalId) {
        const held = await repo.approvalWithVotes(tx, admission.approvalId);
        if (held?.status !== 'approved') throw refused('its approval has no quorum');
        approval = decisionApprovalOf(held);
      }
      const intent = request.intent;
      if (intent.kind === 'evm-transfer') {
        if (!asset) throw refused('the asset is not in the catalog');
        const mismatch = transferMismatch(admission, intent, asset);
        if (mismatch) throw refused(`the transaction is not the withdrawal (${mismatch})`);
        if (!admission.bound) await repo.bind(tx, admission.operationId, bindingOf(intent));
      } else if (!sameExactIntent(admission.intent, intent)) {
        throw refused('the payload is not the one held for approval');
      }
      // Signed, the operation may run: from now on no release frees its count.
      if (!admission.authorizedAt) await repo.markAuthorized(tx, admission.operationId);
      return {
        decision: await this.signer.sign({
          tenantId: admission.tenantId,
          activity: admission.activity,
          owner: admission.owner,
          operationId: admission.operationId,
          intent,
          approval,
        }),
      };
    });
  }

  /** An asset's decimals and contract, from trading's catalog (cached; a miss reads again). */
  private async assetFacts(assetId: string): Promise<AssetFacts | undefined> {
    const fresh = this.catalog && Date.now() - this.catalog.at < CATALOG_TTL_MS;
    let asset = fresh ? this.catalog?.byId.get(assetId) : undefined;
    if (!asset) {
      const list = await this.rpc.call(
        'trading',
        TRADING_RPC.assetCatalog,
        {},
        { idempotent: true },
      );
      this.catalog = { byId: new Map(list.map((a) => [a.id, a])), at: Date.now() };
      asset = this.catalog.byId.get(assetId);
    }
    return asset
      ? { decimals: asset.decimals, contractAddress: asset.contractAddress, chainId: asset.chainId }
      : undefined;
  }
}

import {
  type AuthContext,
  type CatalogAsset,
  type DecisionApproval,
  issuerKeyOwner,
  type SignedDecision,
  type SignIntent,
  TRADING_RPC,
} from '@custody/contracts';
import { AppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, isUuid, withTransaction } from '@custody/persistence';
import type { DecisionSigner } from './decision-signer';
import * as repo from './decisions.repository';
import { type AssetFacts, bindingOf, sameExactIntent, transferMismatch } from './decisions.rules';

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
 * it, a held signature once approved, an issuer's own signature in its caller's name. Each is
 * checked against what was admitted: the signer then checks the payload against the decision.
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
    if (caller === 'issuer') return this.issuerActivity(auth, request);
    if (auth) throw refused("a wallet operation is decided in wallet-ledger's own name");
    if (!isUuid(request.operationId)) throw refused('the operation was not admitted');
    const asset =
      request.intent.kind === 'evm-transfer'
        ? await this.assetFacts(request.intent.assetId)
        : undefined;
    return withTransaction(this.db, async (tx) => {
      const admission = await repo.lockAdmission(tx, request.operationId);
      if (!admission) throw refused('the operation was not admitted');
      if (admission.owner !== request.owner) throw refused('another key');
      let approval: DecisionApproval | null = null;
      if (admission.approvalId) {
        const held = await repo.approvalWithVotes(tx, admission.approvalId);
        if (held?.status !== 'approved') throw refused('its approval has no quorum');
        approval = {
          id: held.id,
          quorum: held.quorum,
          decisions: held.votes.map((v) => ({ ...v, signature: null })),
        };
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

  /**
   * An issuer's signature: with its own key only (its auth context names the issuer), of a
   * message or typed data. No policy governs issuer activities yet: the decision is `allowed`.
   */
  private async issuerActivity(
    auth: AuthContext | undefined,
    request: AuthorizeRequest,
  ): Promise<{ decision: SignedDecision }> {
    if (auth?.audience !== 'issuer' || !auth.issuer) throw refused('no issuer is signed in');
    if (request.owner !== issuerKeyOwner(auth.issuer.id)) throw refused("another issuer's key");
    if (request.intent.kind !== 'evm-typed-data' && request.intent.kind !== 'evm-message')
      throw refused('an issuer signs messages and typed data only');
    return {
      decision: await this.signer.sign({
        tenantId: auth.tenantId,
        activity: 'issuer-activity',
        owner: request.owner,
        operationId: request.operationId,
        intent: request.intent,
        approval: null,
      }),
    };
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

import { v7 as uuidv7 } from 'uuid';
import { type AuthContext, IDENTITY_RPC, type SignRequest } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { BooksBehindChain } from '../chain/nonces';
import type { Governor } from '../policies/governed';
import * as outcomes from '../policies/approval-outcomes.repository';
import { findWallet } from '../wallets/wallets.repository';
import type { SignaturePayloads } from './payloads';
import type { SettleSignatureApproval } from './settle-signature-approval';
import type { SignatureRecords } from './signature-records';

/** The policy activity of each kind of signature. */
const ACTIVITY_OF = {
  tx: 'sign-tx',
  message: 'sign-message',
  'typed-data': 'sign-typed-data',
} as const;

/**
 * Signing with a user's wallet: ownership, tenancy and the user's status are checked here; the
 * policies decide on exactly the payload (its digest, what it moves); allowed, the signing
 * service signs it with the decision the policy service signed
 * (docs/decisions/signing-decisions.md), and the record and its event commit together; held, it
 * is recorded unsigned and signed on its approval's quorum (SettleSignatureApproval).
 */
export class SignWithWallet {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
    private readonly governor: Governor,
    private readonly payloads: SignaturePayloads,
    private readonly records: SignatureRecords,
    private readonly settle: SettleSignatureApproval,
  ) {}

  async sign(auth: AuthContext | undefined, request: SignRequest): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, request.userId);
    const found = await findWallet(this.db, tenantScope(caller), request.userId, request.walletId);
    if (!found) throw Errors.notFound('wallet');
    // Identity decides whether the user may sign now (a blocked user reads, never signs).
    const user = await this.rpc.call(
      'identity',
      IDENTITY_RPC.getUserRef,
      { id: request.userId },
      { auth: caller, idempotent: true },
    );
    if (user.blocked) throw Errors.forbidden('The user is blocked.', 'user_blocked');
    const { wallet } = found;
    const asset = await this.catalog.require(wallet.assetId);
    if (asset.chain !== 'evm' && asset.chain !== 'qubic') {
      throw Errors.badRequest(`Signing for ${asset.symbol} is not supported.`, 'unsupported_asset');
    }
    // Typed data that authorizes a token transfer comes with its grants as legs: the policy
    // service refuses it unless a policy allows token authorizations.
    const prepared = await this.payloads.prepare(asset, request);
    const id = uuidv7();
    const decision = await this.governor.decide(caller, {
      activity: ACTIVITY_OF[request.kind],
      operationId: id,
      tenantId: wallet.tenantId,
      legs: prepared.moves.map((move) => ({ userId: wallet.userId, walletId: wallet.id, ...move })),
      intent: prepared.intent,
    });
    try {
      if (decision.decision === 'require_approval') {
        const held = await this.db.transaction(async (tx) => {
          // Its approval's outcome, if it came first, is read after the insert, under its lock.
          await outcomes.lockApproval(tx, decision.approvalId);
          const row = await this.records.insert(tx, wallet, request.kind, request.payload, {
            id,
            result: {},
            status: 'pending_approval',
            approvalId: decision.approvalId,
            externalReference: request.externalReference ?? null,
          });
          const early = await outcomes.takeOutcome(tx, decision.approvalId);
          if (early) await this.settle.applyOutcome(tx, row, early);
          return row;
        });
        return { id: held.id };
      }
      if (!decision.signed)
        throw Errors.internal(
          new Error('the policy service allowed a signature without a decision'),
        );
      // Signed before the transaction that records it: no lock waits on the signer.
      const signed = await this.payloads.sign(wallet, asset, request, decision.signed);
      const row = await this.db
        .transaction((tx) => this.records.record(tx, wallet, request, id, signed))
        .catch(async (error: unknown) => {
          // Rolled back, its locks released: the restore opens outside it.
          if (error instanceof BooksBehindChain)
            throw await this.payloads.refuseBehind(error.found);
          throw error;
        });
      return { id: row.id };
    } catch (error) {
      // Allowed at once, its decision came signed: the signature may exist, so its count stays
      // (the policy service would refuse the release). Held, its record's refusal frees it.
      if (decision.decision === 'require_approval') await this.governor.releaseRefused(id, error);
      throw error;
    }
  }
}

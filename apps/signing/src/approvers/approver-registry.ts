import { z } from 'zod';
import {
  APPROVER_CREDENTIAL_KINDS,
  type ApproverCredential,
  MAX_APPROVER_SIGNATURE_LENGTH,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import type { RelyingParty } from '@custody/intents';
import { type Database, withTransaction } from '@custody/persistence';
import type { SignCall } from '../decisions/decision-gate';
import * as repo from './approvers.repository';
import { type AdmissionFault, judgeAdmission } from './approvers.rules';

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(max);
/** An Ed25519 signature, or a passkey's assertion (three base64url parts joined by dots). */
const credentialSignature = z
  .string()
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)?$/)
  .max(MAX_APPROVER_SIGNATURE_LENGTH);
const addSchema = z.object({
  credential: z.object({
    id: z.string().uuid(),
    kind: z.enum(APPROVER_CREDENTIAL_KINDS),
    publicKey: base64url(2048),
    clientId: z.string().min(1).max(128),
    tenantId: z.string().min(1).max(128),
  }),
  proof: credentialSignature,
  endorsements: z
    .array(z.object({ credentialId: z.string().uuid(), signature: credentialSignature }))
    .max(100),
});

const REFUSALS: Record<AdmissionFault, AppError> = {
  bad_proof: Errors.forbidden(
    "The proof is not the key's signature of its registration digest.",
    'approver_proof_invalid',
  ),
  endorsements_insufficient: Errors.forbidden(
    "Not enough of the tenant's registered approvers endorsed this credential.",
    'endorsements_insufficient',
  ),
};

/**
 * The signer's own registry of approver credentials (docs/decisions/signing-decisions.md): the
 * credentials whose signatures of approvals it counts. Only identity adds and revokes
 * (RPC_ACCESS), and only as the rules allow: a tenant's first credential, or one endorsed by
 * enough of the tenant's registered credentials. A revocation needs nothing: it removes power.
 */
export class ApproverRegistry {
  constructor(
    private readonly db: Database,
    /** Whose passkeys' assertions count: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS. */
    private readonly relyingParty: RelyingParty,
  ) {}

  /** Adds a credential (again: answers `added: false`); refused, it is logged for the audit. */
  async add(params: unknown, call: SignCall): Promise<{ added: boolean }> {
    const parsed = addSchema.safeParse(params);
    if (!parsed.success)
      throw Errors.badRequest('Not an approver credential.', 'invalid_approver_credential');
    const { credential, proof, endorsements } = parsed.data;
    return withTransaction(this.db, async (tx) => {
      await repo.lockTenant(tx, credential.tenantId);
      const known = await repo.findByPublicKey(tx, credential.publicKey);
      if (known) return { added: this.again(known, credential) };
      const registered = await repo.tenantCredentials(tx, credential.tenantId);
      const judged = await judgeAdmission(
        credential,
        proof,
        endorsements,
        registered,
        this.relyingParty,
      );
      if ('fault' in judged) {
        call.logger.warn(
          {
            audit: 'approver_refused',
            fault: judged.fault,
            credentialId: credential.id,
            tenantId: credential.tenantId,
            clientId: credential.clientId,
          },
          'An approver credential was refused by the registry',
        );
        throw REFUSALS[judged.fault];
      }
      await repo.insertCredential(tx, {
        ...{},
        ...credential,
        admittedAs: judged.admittedAs,
        endorsements: judged.kept,
      });
      call.logger.info(
        {
          audit: 'approver_added',
          credentialId: credential.id,
          tenantId: credential.tenantId,
          clientId: credential.clientId,
          admittedAs: judged.admittedAs,
          endorsers: judged.kept.map((k) => k.clientId),
        },
        'An approver credential joined the registry',
      );
      return { added: true };
    });
  }

  async revoke(params: unknown, call: SignCall): Promise<{ revoked: boolean }> {
    const id = z.object({ id: z.string().uuid() }).safeParse(params);
    if (!id.success) throw Errors.badRequest('Not a credential id.', 'invalid_approver_credential');
    const revoked = await repo.revokeCredential(this.db, id.data.id);
    if (revoked)
      call.logger.info(
        { audit: 'approver_revoked', credentialId: id.data.id },
        'An approver credential left the registry',
      );
    return { revoked };
  }

  /** A key registered before: the same credential is answered as added, anything else refused. */
  private again(known: repo.RegisteredCredential, asked: ApproverCredential): boolean {
    const same =
      known.id === asked.id &&
      known.clientId === asked.clientId &&
      known.tenantId === asked.tenantId &&
      known.kind === asked.kind;
    if (!same)
      throw Errors.conflict('This public key is registered already.', 'approver_key_exists');
    if (known.revokedAt !== null)
      throw Errors.conflict('This credential was revoked.', 'approver_key_revoked');
    return false;
  }
}

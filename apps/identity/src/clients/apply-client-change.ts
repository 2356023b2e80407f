import { EVENTS } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Executor, Transaction } from '@custody/persistence';
import type { ClientRow, HeldClientInput } from '../schema';
import { revokeCredentialsOf } from '../approver-keys/approver-keys.repository';
import { deleteClientPasskeys } from '../passkeys/passkeys.repository';
import { revokeClientRefreshTokens } from '../tokens/refresh-tokens.repository';
import { type ChangedBy, publishClient } from './client-events';
import * as repo from './clients.repository';
import {
  checkAuditorAudience,
  checkMembership,
  duplicateEmail,
  MEMBER_NOT_ADMIN,
} from './clients.rules';

/**
 * The writes of a client's creation or change, shared by what applies them at once
 * (create-client.ts, update-client.ts) and what applies them at their approval's quorum
 * (settle-client-change.ts): each in the caller's transaction, with its event.
 */

/** A new client's fields: those of a creation (no password: its hash comes beside). */
export type NewClientFields = HeldClientInput & { name: string; email: string };

/** Whether a new client may join its tenant: run before holding it, and again when applying. */
export async function checkCreation(db: Executor, input: HeldClientInput): Promise<void> {
  checkAuditorAudience(input.audience);
  // The tenant is locked (in a transaction) until the member is in, so it cannot go meanwhile.
  if (input.tenantId !== undefined)
    checkMembership(input.tenantId ? await repo.lockClient(db, input.tenantId) : undefined, input);
}

/** Whether a client may take these audiences: run before holding the change, and when applying. */
export async function checkChange(db: Executor, id: string, patch: HeldClientInput): Promise<void> {
  checkAuditorAudience(patch.audience);
  if (patch.passkeyRequired !== undefined) {
    const client = await repo.findClient(db, id);
    // Only a tenant has members to require passkeys of (admins must in production anyway).
    if (client && (client.tenantId !== null || client.audience.some((a) => a !== 'general')))
      throw Errors.badRequest(
        'passkeyRequired is a setting of a tenant (a general client that is no member).',
        'passkey_requirement_invalid',
      );
  }
  if (patch.audience?.includes('auditor') && (await repo.hasLiveMembers(db, id)))
    throw Errors.conflict(
      'This client has tenant members; a tenant with members cannot be an auditor.',
      'client_has_members',
    );
  if (patch.audience?.includes('admin')) {
    if ((await repo.findClient(db, id))?.tenantId)
      throw Errors.badRequest(MEMBER_NOT_ADMIN, 'member_audience_invalid');
    // Its members act in its name: a tenant with members stays in the general audience.
    if (await repo.hasLiveMembers(db, id))
      throw Errors.conflict(
        'This client has tenant members; a tenant with members cannot be an admin.',
        'client_has_members',
      );
  }
}

export async function insertNewClient(
  tx: Transaction,
  id: string,
  input: NewClientFields,
  passwordHash: string,
  by: ChangedBy,
): Promise<ClientRow> {
  await checkCreation(tx, input);
  const row = await repo
    .insertClient(tx, {
      id,
      name: input.name,
      email: input.email,
      passwordHash,
      audience: input.audience ?? ['general'],
      scopes: input.scopes ?? [],
      tokenVersion: 1,
      tenantId: input.tenantId ?? null,
      personId: input.personId ?? null,
    })
    .catch(duplicateEmail);
  await publishClient(tx, EVENTS.clientCreated, row, by);
  return row;
}

/**
 * A client's change: a new password, audience or scope set invalidates every token issued before
 * it (the token version goes up, its refresh tokens are revoked). Undefined: no such client.
 */
export async function changeClient(
  tx: Transaction,
  id: string,
  patch: HeldClientInput,
  passwordHash: string | null,
  by: ChangedBy,
): Promise<{ row: ClientRow; bumped: boolean } | undefined> {
  await checkChange(tx, id, patch);
  // A passkey reset ends the client's logins too: its passkeys' sessions go with them.
  const bump =
    passwordHash !== null ||
    patch.audience !== undefined ||
    patch.scopes !== undefined ||
    patch.passkeysReset === true;
  const row = await repo
    .updateClient(
      tx,
      id,
      {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(passwordHash !== null ? { passwordHash } : {}),
        ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
        ...(patch.scopes !== undefined ? { scopes: patch.scopes } : {}),
        ...(patch.passkeyRequired !== undefined ? { passkeyRequired: patch.passkeyRequired } : {}),
      },
      bump,
    )
    .catch(duplicateEmail);
  if (!row) return undefined;
  if (patch.passkeysReset === true) {
    await deleteClientPasskeys(tx, id);
    // Its passkeys sign no approval either: the signer's registry learns it from the sweep
    // (approver-keys/signer-revocations.ts), as this may run in an event's transaction.
    await revokeCredentialsOf(tx, { clientId: id, kind: 'webauthn' });
  }
  if (bump) await revokeClientRefreshTokens(tx, id);
  await publishClient(tx, EVENTS.clientUpdated, row, by);
  return { row, bumped: bump };
}

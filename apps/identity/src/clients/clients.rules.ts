import type { ClientAudience, ClientInput } from '@custody/contracts';
import { type AppError, Errors } from '@custody/errors';
import { sqlState } from '@custody/persistence';
import type { ClientRow } from '../schema';

/** The audience a client's tokens act in: admin if it has it, else auditor, else general. */
export function effectiveAudience(row: Pick<ClientRow, 'audience'>): ClientAudience {
  if (row.audience.includes('admin')) return 'admin';
  return row.audience.includes('auditor') ? 'auditor' : 'general';
}

/**
 * An auditor is nothing else (its tokens read only): `auditor` alone in the audience, or not at
 * all (400 `auditor_audience_invalid`).
 */
export function checkAuditorAudience(audience: readonly ClientAudience[] | undefined): void {
  if (audience?.includes('auditor') && audience.some((a) => a !== 'auditor'))
    throw Errors.badRequest(
      'An auditor reads only: its audience is `auditor` alone.',
      'auditor_audience_invalid',
    );
}

export const MEMBER_NOT_ADMIN =
  "A tenant member acts in its tenant's general audience; it cannot be an admin.";

/**
 * A member joins a tenant of its own: a live general client that is no member itself (400
 * `tenant_not_found` otherwise), and stays general (400 `member_audience_invalid`).
 */
export function checkMembership(
  tenant: Pick<ClientRow, 'tenantId' | 'audience'> | undefined,
  input: Pick<ClientInput, 'audience'>,
): void {
  if (!tenant || tenant.tenantId !== null || effectiveAudience(tenant) !== 'general')
    throw Errors.badRequest(
      'tenantId must be the id of an existing general client that is not a member itself.',
      'tenant_not_found',
    );
  if (input.audience?.includes('admin'))
    throw Errors.badRequest(MEMBER_NOT_ADMIN, 'member_audience_invalid');
}

/** No scopes (everything its audience allows), or a scope granting `approvals:decide`. */
export function canDecide(scopes: string[][]): boolean {
  return (
    scopes.length === 0 ||
    scopes.some(
      ([resource, ...actions]) =>
        (resource === 'approvals' || resource === '*') &&
        (actions.includes('decide') || actions.includes('*')),
    )
  );
}

export function emailTaken(): AppError {
  return Errors.conflict('A client with this email already exists.');
}

/** A write that hit another live client's email: 409; others as they are. */
export function duplicateEmail(error: unknown): never {
  if (sqlState(error) === '23505') throw emailTaken();
  throw error;
}

/**
 * Whose `policy-change` policies govern a client's creation (docs/decisions/policies-and-
 * approvals.md, "Held changes of clients and of the treasury"): a member's, its tenant's; a new
 * admin's, the platform's (null); a new tenant's or a platform auditor's, none (undefined).
 */
export function creationGovernedBy(
  input: Pick<ClientInput, 'tenantId' | 'audience'>,
): string | null | undefined {
  if (input.tenantId !== undefined) return input.tenantId;
  return input.audience?.includes('admin') ? null : undefined;
}

/**
 * Whose `policy-change` policies govern a change of a client: a new password, audience or scope
 * set is governed by its tenant's (an admin's, or one that would make an admin, by the
 * platform's: null); a new name or e-mail alone by none (undefined).
 */
export function changeGovernedBy(
  row: Pick<ClientRow, 'id' | 'tenantId' | 'audience'>,
  patch: Pick<
    Partial<ClientInput>,
    'password' | 'audience' | 'scopes' | 'passkeysReset' | 'passkeyRequired'
  >,
): string | null | undefined {
  // A passkey reset gives the client's sign-in to whoever holds its password; a requirement
  // turned off lets members sign in with passwords again. Turning one on only tightens.
  if (
    patch.password === undefined &&
    patch.audience === undefined &&
    patch.scopes === undefined &&
    patch.passkeysReset !== true &&
    patch.passkeyRequired !== false
  )
    return undefined;
  if (effectiveAudience(row) === 'admin' || patch.audience?.includes('admin')) return null;
  return row.tenantId ?? row.id;
}

import type { AuthContext, KycRecord as Kyc } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { sqlState } from '@custody/persistence';
import { kycString } from './user.view';

/**
 * What a token bound to the user itself may not change: its status (a blocked user would
 * unblock itself) and what compliance decided or checked (PEP and sanctions flags, the identity
 * document, the KYC of a legal person's owners and administrators). The tenant's own backend
 * changes them, with a token not bound to a user.
 */
export const COMPLIANCE_FIELDS = [
  'status',
  'pep',
  'sanctions',
  'idNumber',
  'idType',
  'idExpireDate',
  'individualsCompany',
  'companyAdministrationCommittee',
  'adminPersonName',
  'adminPersonIdType',
  'adminPersonIdNumber',
  'representativeIdType',
  'representativeIdNumber',
  // The tenant's own reference to the user, not the user's to rewrite.
  'externalReference',
] as const;

/** 403 `field_forbidden` for a user-bound token's change of a compliance field. */
export function assertSelfServiceChange(auth: AuthContext | undefined, patch: Kyc): void {
  if (auth?.userId === undefined) return;
  const refused = COMPLIANCE_FIELDS.filter((field) => patch[field] !== undefined);
  if (refused.length > 0)
    throw Errors.forbidden(
      `A token bound to the user cannot change ${refused.join(', ')}.`,
      'field_forbidden',
    );
}

/** Columns derived from the KYC record (what reads, filters and uniqueness use). */
export function kycColumns(kyc: Kyc) {
  return {
    email: kycString(kyc, 'email') ?? null,
    idNumber: kycString(kyc, 'idNumber') ?? null,
    externalReference: kycString(kyc, 'externalReference') ?? null,
  };
}

/** A write that hit the tenant's unique idNumber or email: 409 `user_exists`; others as they are. */
export function duplicateUser(error: unknown): never {
  if (sqlState(error) === '23505') {
    throw Errors.conflict(
      'The tenant already has a user with this idNumber or email.',
      'user_exists',
    );
  }
  throw error;
}

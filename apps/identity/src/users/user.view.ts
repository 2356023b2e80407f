import type { KycRecord as Kyc, UserView } from '@custody/contracts';
import type { UserRow } from '../schema';

/** A string field of the KYC record, if it is one. */
export function kycString(record: Kyc, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A user as the API and its events show it: an individual or a legal person. */
export function userView(row: UserRow): UserView {
  const kyc = row.kyc;
  return compact({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    generalConditions: row.generalConditions,
    idNumber: row.idNumber ?? undefined,
    email: row.email ?? undefined,
    individualPerson:
      row.kind === 'individual'
        ? compact({
            idNumber: kycString(kyc, 'idNumber'),
            name: kycString(kyc, 'name'),
            surname: kycString(kyc, 'surname'),
            middleName: kycString(kyc, 'middleName'),
            email: kycString(kyc, 'email'),
          })
        : undefined,
    legalPerson:
      row.kind === 'legal'
        ? {
            generalConditions: row.generalConditions,
            device: kycString(kyc, 'device') ?? '',
            ip: kycString(kyc, 'ip') ?? '',
            idNumber: kycString(kyc, 'idNumber') ?? '',
            legalName: kycString(kyc, 'legalName') ?? '',
          }
        : undefined,
    blocked: row.blocked,
    externalReference: row.externalReference ?? undefined,
  });
}

/** A name or number as an auditor sees it: its first character, the rest starred. */
function maskText(value: string): string {
  return value.length <= 1
    ? '*'
    : `${value.slice(0, 1)}${'*'.repeat(Math.min(value.length - 1, 8))}`;
}

/** An e-mail as an auditor sees it: the local part masked, the domain kept. */
function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  return at < 0 ? maskText(value) : `${maskText(value.slice(0, at))}${value.slice(at)}`;
}

const masked = <T extends string | undefined>(value: T, mask: (v: string) => string): T =>
  (value === undefined ? value : mask(value)) as T;

/**
 * A user as an auditor reads it (docs/decisions/identity-and-authentication.md, "Auditors"):
 * names, document numbers, e-mails, device and IP masked; ids, dates, status and the external
 * reference (the tenant's own key) kept, so records can be matched across the export.
 */
export function maskedUserView(view: UserView): UserView {
  return {
    ...{},
    ...view,
    ...(view.idNumber !== undefined ? { idNumber: maskText(view.idNumber) } : {}),
    ...(view.email !== undefined ? { email: maskEmail(view.email) } : {}),
    ...(view.individualPerson
      ? {
          individualPerson: compact({
            idNumber: masked(view.individualPerson.idNumber, maskText),
            name: masked(view.individualPerson.name, maskText),
            surname: masked(view.individualPerson.surname, maskText),
            middleName: masked(view.individualPerson.middleName, maskText),
            email: masked(view.individualPerson.email, maskEmail),
          }),
        }
      : {}),
    ...(view.legalPerson
      ? {
          legalPerson: {
            ...{},
            ...view.legalPerson,
            device: maskText(view.legalPerson.device),
            ip: maskText(view.legalPerson.ip),
            idNumber: maskText(view.legalPerson.idNumber),
            legalName: maskText(view.legalPerson.legalName),
          },
        }
      : {}),
  };
}

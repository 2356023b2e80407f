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

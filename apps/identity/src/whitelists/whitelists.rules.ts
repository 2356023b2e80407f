/**
 * The user's name as a whitelist record shows it (travel rule): a legal person's legal name, an
 * individual's given names and surnames, the missing ones left out.
 */
export function fullName(kind: 'individual' | 'legal', kyc: Record<string, unknown>): string {
  const parts =
    kind === 'legal'
      ? [kyc['legalName']]
      : [kyc['name'], kyc['middleName'], kyc['surname'], kyc['secondLastName']];
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' ');
}

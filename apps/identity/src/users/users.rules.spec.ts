import type { AuthContext } from '@custody/contracts';
import {
  assertSelfServiceChange,
  COMPLIANCE_FIELDS,
  duplicateUser,
  kycColumns,
} from './users.rules';

const tenant: AuthContext = { clientId: 'c1', tenantId: 'c1', audience: 'general' };
const bound: AuthContext = { ...tenant, userId: '01900000-0000-7000-8000-000000000001' };

describe('assertSelfServiceChange', () => {
  it('lets a token not bound to a user change every field, compliance ones included', () => {
    const everything = Object.fromEntries(COMPLIANCE_FIELDS.map((f) => [f, 'x']));
    expect(() => assertSelfServiceChange(tenant, everything)).not.toThrow();
    expect(() => assertSelfServiceChange(undefined, everything)).not.toThrow();
  });

  it("lets a user-bound token change the user's own details", () => {
    expect(() => assertSelfServiceChange(bound, { name: 'Ana', email: 'a@b.test' })).not.toThrow();
  });

  it('refuses a user-bound token every compliance field it names, with 403 field_forbidden', () => {
    expect(() =>
      assertSelfServiceChange(bound, { name: 'Ana', status: 'active', externalReference: 'r' }),
    ).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'field_forbidden',
        message: 'A token bound to the user cannot change status, externalReference.',
      }),
    );
  });
});

describe('kycColumns', () => {
  it('takes email, idNumber and externalReference from the record, null when absent or not text', () => {
    expect(kycColumns({ email: 'a@b.test', idNumber: 'X1', externalReference: 'r-1' })).toEqual({
      email: 'a@b.test',
      idNumber: 'X1',
      externalReference: 'r-1',
    });
    expect(kycColumns({ idNumber: 12 })).toEqual({
      email: null,
      idNumber: null,
      externalReference: null,
    });
  });
});

describe('duplicateUser', () => {
  it('answers a unique violation with 409 user_exists, and rethrows anything else', () => {
    expect(() => duplicateUser(Object.assign(new Error('dup'), { code: '23505' }))).toThrow(
      expect.objectContaining({ status: 409, code: 'user_exists' }),
    );
    const other = new Error('other');
    expect(() => duplicateUser(other)).toThrow(other);
  });
});

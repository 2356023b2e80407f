import type { UserView } from '@custody/contracts';
import { maskedUserView } from './user.view';

const base = {
  id: '01900000-0000-7000-8000-000000000001',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  generalConditions: '2026-01-01',
  blocked: false,
  externalReference: 'crm-7',
} satisfies Partial<UserView>;

describe('a user as an auditor reads it', () => {
  it('masks an individual’s names, document number and e-mail, keeping ids, dates and status', () => {
    const view: UserView = {
      ...base,
      idNumber: '40123456',
      email: 'valentina@example.com',
      individualPerson: {
        idNumber: '40123456',
        name: 'Valentina',
        surname: 'Ferreira',
        email: 'valentina@example.com',
      },
    };
    expect(maskedUserView(view)).toEqual({
      ...base,
      idNumber: '4*******',
      email: 'v********@example.com',
      individualPerson: {
        idNumber: '4*******',
        name: 'V********',
        surname: 'F*******',
        email: 'v********@example.com',
      },
    });
  });

  it('masks a legal person’s name, number, device and IP', () => {
    const masked = maskedUserView({
      ...base,
      legalPerson: {
        generalConditions: '2026-01-01',
        device: 'Pixel 9',
        ip: '203.0.113.9',
        idNumber: '30-71234567-8',
        legalName: 'Acme SA',
      },
    });
    expect(masked.legalPerson).toEqual({
      generalConditions: '2026-01-01',
      device: 'P******',
      ip: '2********',
      idNumber: '3********',
      legalName: 'A******',
    });
    expect(JSON.stringify(masked)).not.toMatch(/Acme|203\.0\.113|71234567/);
  });

  it('shows a one-character value as a star, and an absent field stays absent', () => {
    const masked = maskedUserView({ ...base, individualPerson: { name: 'X' } });
    expect(masked.individualPerson).toEqual({ name: '*' });
    expect(masked).not.toHaveProperty('email');
  });
});

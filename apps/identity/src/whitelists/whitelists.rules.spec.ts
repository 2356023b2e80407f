import { fullName } from './whitelists.rules';

describe("a whitelist record's user name", () => {
  it("joins an individual's names in order, leaving out the missing and empty ones", () => {
    expect(
      fullName('individual', {
        name: 'Ana',
        middleName: '',
        surname: 'Pérez',
        secondLastName: 'Gómez',
        legalName: 'ignored',
      }),
    ).toBe('Ana Pérez Gómez');
  });

  it("is a legal person's legal name only", () => {
    expect(fullName('legal', { legalName: 'Acme S.A.', name: 'Ana' })).toBe('Acme S.A.');
  });

  it('ignores values that are not text', () => {
    expect(fullName('individual', { name: 'Ana', surname: 42 })).toBe('Ana');
    expect(fullName('legal', {})).toBe('');
  });
});

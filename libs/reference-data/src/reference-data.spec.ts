import { cnaeClasses, COUNTRY_CODES, isCnaeCode, parseCsv } from './index';

describe('CNAE-2009', () => {
  it('has the 629 classes of INE, in code order, with their hierarchy', () => {
    const classes = cnaeClasses();
    expect(classes).toHaveLength(629);
    expect(classes.map((c) => c.code)).toEqual([...classes.map((c) => c.code)].sort());
    expect(classes.find((c) => c.code === '6201')).toEqual({
      code: '6201',
      name: 'Actividades de programación informática',
      group: '620',
      division: '62',
      section: 'J',
    });
    expect(classes.find((c) => c.code === '0111')?.name).toBe(
      'Cultivo de cereales (excepto arroz), leguminosas y semillas oleaginosas',
    );
    const bySection = classes.reduce<Record<string, number>>(
      (acc, c) => ({ ...acc, [c.section]: (acc[c.section] ?? 0) + 1 }),
      {},
    );
    expect(bySection).toMatchObject({ A: 39, C: 233, G: 91, U: 1 });
    expect(isCnaeCode('9900')).toBe(true);
    expect(isCnaeCode('9999')).toBe(false);
  });

  it('parses quoted fields with commas and doubled quotes', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
});

describe('countries', () => {
  it('are the 249 ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['ES', 'PT', 'US', 'GB', 'SS', 'CW']));
    expect(COUNTRY_CODES).not.toEqual(expect.arrayContaining(['UK']));
    expect(COUNTRY_CODES).not.toContain('EU');
  });
});

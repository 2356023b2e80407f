import { readFileSync } from 'node:fs';
import { parseCsv } from './csv';
import { dataFile } from './data-file';
import countries from '../data/countries.json';

export { parseCsv } from './csv';
export * from './code-lists';

export interface Country {
  code: string;
  name: string;
}

export interface CnaeClass {
  code: string;
  name: string;
  group: string;
  division: string;
  section: string;
}

/** ISO 3166-1 alpha-2 codes (249). */
export const COUNTRIES: readonly Country[] = countries;
export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);

/** The identity document types of the contract (`adminPersonIdType` adds `4`, CIF). */
export const ID_TYPES = [
  { id: '1', name: 'Identity card' },
  { id: '2', name: 'Passport' },
  { id: '3', name: 'Driving licence' },
  { id: '4', name: 'CIF (tax identification code of a company)' },
  { id: '99', name: 'Other' },
] as const;

let cnae: CnaeClass[] | undefined;

/** The 629 CNAE-2009 classes (Fuente: INE), read once from the shipped CSV. */
export function cnaeClasses(): readonly CnaeClass[] {
  if (!cnae) {
    const [header, ...rows] = parseCsv(readFileSync(dataFile('cnae-2009.csv'), 'utf8'));
    if (header?.join(',') !== 'code,name,group,division,section')
      throw new Error('Unexpected CNAE header');
    cnae = rows.map(([code = '', name = '', group = '', division = '', section = '']) => ({
      code,
      name,
      group,
      division,
      section,
    }));
  }
  return cnae;
}

export function isCnaeCode(code: string): boolean {
  return cnaeClasses().some((c) => c.code === code);
}

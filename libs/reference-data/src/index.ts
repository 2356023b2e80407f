import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import countries from '../data/countries.json';

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

/**
 * Where the shipped data files are: beside the bundle (`dist/apps/<app>/reference-data`, copied by
 * the build) or in this library's source tree.
 */
function dataFile(name: string): string {
  const candidates = [path.join(__dirname, 'reference-data', name), path.join(__dirname, '..', 'data', name)];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Reference data file ${name} not found in ${candidates.join(' or ')}`);
  return found;
}

/** RFC 4180 parsing for the CNAE file: commas, double-quoted fields, doubled quotes inside. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (ch !== '\r') field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

let cnae: CnaeClass[] | undefined;

/** The 629 CNAE-2009 classes (Fuente: INE), read once from the shipped CSV. */
export function cnaeClasses(): readonly CnaeClass[] {
  if (!cnae) {
    const [header, ...rows] = parseCsv(readFileSync(dataFile('cnae-2009.csv'), 'utf8'));
    if (header?.join(',') !== 'code,name,group,division,section') throw new Error('Unexpected CNAE header');
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

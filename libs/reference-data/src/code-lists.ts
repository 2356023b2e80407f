import { readFileSync } from 'node:fs';
import { parseCsv } from './csv';
import { dataFile } from './data-file';

/**
 * Code lists whose codes the contract fixes but whose names it leaves to us: company types
 * (`companyType` 1–40) and purposes of the business relationship (`purposeBusinessRelationship`
 * 1–4). The shipped files name them (data/README.md gives the sources); an operator may replace a
 * file with its own names for the same codes.
 */
export const CODE_LISTS = {
  'company-type': { file: 'company-types.csv', codes: 40 },
  'purpose-business-relationship': { file: 'purpose-business-relationship.csv', codes: 4 },
} as const;

export type CodeListKind = keyof typeof CODE_LISTS;

export interface CodeListEntry {
  /** The contract's code, `1`..`n`. */
  code: string;
  /** The English name. */
  name: string;
  /** The local (Spanish) name, when the file gives one. */
  localName?: string;
}

const HEADER = 'code,name,name_es,source';

/** The longest name (and local name) of a code list or CNAE class: the API answers them. */
export const CODE_LIST_NAME_MAX = 200;

/** The codes the contract accepts for a list: `'1'`..`'n'`. */
export function codeListCodes(kind: CodeListKind): string[] {
  return Array.from({ length: CODE_LISTS[kind].codes }, (_, i) => String(i + 1));
}

/** A code-list file that does not hold exactly the contract's codes, each once, with a name. */
export class CodeListError extends Error {
  constructor(file: string, line: number | undefined, fault: string) {
    super(`${file}${line === undefined ? '' : `, line ${line}`}: ${fault}`);
    this.name = 'CodeListError';
  }
}

/**
 * Reads a code list and checks it against the contract: the header `code,name,name_es,source`,
 * then exactly the codes `1`..`n`, each once, each with a non-empty name. Any fault throws a
 * CodeListError naming the file, the line and the fault, so that a service refuses to start
 * rather than serve names for codes it would not accept.
 */
export function parseCodeList(kind: CodeListKind, file: string, text: string): CodeListEntry[] {
  const expected = new Set(codeListCodes(kind));
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const [header, ...body] = rows;
  if (header?.join(',') !== HEADER)
    throw new CodeListError(
      file,
      1,
      `the header must be "${HEADER}", not "${header?.join(',') ?? ''}"`,
    );
  const seen = new Map<string, number>();
  const entries: CodeListEntry[] = [];
  body.forEach((row, index) => {
    const line = index + 2;
    if (row.length === 1 && row[0]?.trim() === '') return; // a blank line
    if (row.length !== 4)
      throw new CodeListError(file, line, `expected 4 fields, found ${row.length}`);
    const [code = '', name = '', localName = ''] = row.map((field) => field.trim());
    if (!expected.has(code))
      throw new CodeListError(
        file,
        line,
        `code "${code}" is not one of the contract's codes 1-${expected.size}`,
      );
    const first = seen.get(code);
    if (first !== undefined)
      throw new CodeListError(file, line, `code ${code} is repeated (first on line ${first})`);
    if (name === '') throw new CodeListError(file, line, `code ${code} has an empty name`);
    if (name.length > CODE_LIST_NAME_MAX || localName.length > CODE_LIST_NAME_MAX)
      throw new CodeListError(
        file,
        line,
        `code ${code} has a name longer than ${CODE_LIST_NAME_MAX} characters`,
      );
    seen.set(code, line);
    entries.push({ code, name, ...(localName === '' ? {} : { localName }) });
  });
  const missing = [...expected].filter((code) => !seen.has(code));
  if (missing.length > 0)
    throw new CodeListError(
      file,
      undefined,
      `code${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing`,
    );
  return entries.sort((a, b) => Number(a.code) - Number(b.code));
}

/** Loads a code list from an operator's file, or the shipped one when `file` is unset. */
export function loadCodeList(kind: CodeListKind, file?: string): CodeListEntry[] {
  const path = file ?? dataFile(CODE_LISTS[kind].file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CodeListError(path, undefined, `cannot be read (${(error as Error).message})`);
  }
  return parseCodeList(kind, path, text);
}

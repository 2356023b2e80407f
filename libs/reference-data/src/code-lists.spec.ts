import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CODE_LIST_NAME_MAX,
  CodeListError,
  codeListCodes,
  loadCodeList,
  parseCodeList,
} from './code-lists';
import { cnaeClasses } from './index';

const HEADER = 'code,name,name_es,source';
const purposes = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const valid = [
  '1,Custody,Custodia,x',
  '2,Exchange,Canje,x',
  '3,Transfer,Transferencia,x',
  '4,Other,Otro,x',
];

function fault(text: string): string {
  try {
    parseCodeList('purpose-business-relationship', 'ops/purposes.csv', text);
  } catch (error) {
    expect(error).toBeInstanceOf(CodeListError);
    return (error as Error).message;
  }
  throw new Error('the list was accepted');
}

describe('the shipped code lists', () => {
  it('hold the 40 company types, each with its English and Spanish name', () => {
    const types = loadCodeList('company-type');
    expect(types.map((t) => t.code)).toEqual(codeListCodes('company-type'));
    expect(types).toHaveLength(40);
    expect(types[1]).toEqual({
      code: '2',
      name: 'Private limited company (S.L. / S.R.L.)',
      localName: 'Sociedad de Responsabilidad Limitada',
    });
    expect(types.every((t) => t.name !== '' && t.localName)).toBe(true);
  });

  it('have names within CODE_LIST_NAME_MAX, as the CNAE classes do', () => {
    const names = [
      ...loadCodeList('company-type').flatMap((e) => [e.name, e.localName ?? '']),
      ...loadCodeList('purpose-business-relationship').flatMap((e) => [e.name, e.localName ?? '']),
      ...cnaeClasses().map((c) => c.name),
    ];
    expect(Math.max(...names.map((name) => name.length))).toBeLessThanOrEqual(CODE_LIST_NAME_MAX);
    expect(cnaeClasses().every((c) => c.code.length <= 4 && c.group.length <= 3)).toBe(true);
  });

  it('hold the 4 purposes of the business relationship', () => {
    const list = loadCodeList('purpose-business-relationship');
    expect(list.map((p) => p.code)).toEqual(['1', '2', '3', '4']);
    expect(list[0]?.name).toBe('Custody and administration of crypto-assets');
  });
});

describe("an operator's code list", () => {
  it('is accepted in any row order, with quoted names and an empty local name', () => {
    const list = parseCodeList(
      'purpose-business-relationship',
      'f.csv',
      purposes(
        '4,Other,,x',
        '2,"Buy, sell",Canje,x',
        '1,Custody,Custodia,x',
        '3,Transfer,Transferencia,x',
      ),
    );
    expect(list).toEqual([
      { code: '1', name: 'Custody', localName: 'Custodia' },
      { code: '2', name: 'Buy, sell', localName: 'Canje' },
      { code: '3', name: 'Transfer', localName: 'Transferencia' },
      { code: '4', name: 'Other' },
    ]);
  });

  it('is refused when a code is missing', () => {
    expect(fault(purposes(valid[0]!, valid[1]!, valid[3]!))).toBe(
      'ops/purposes.csv: code 3 missing',
    );
    expect(fault(purposes(valid[0]!))).toBe('ops/purposes.csv: codes 2, 3, 4 missing');
  });

  it('is refused when a code is repeated, naming both lines', () => {
    expect(fault(purposes(...valid, '3,Again,Otra vez,x'))).toBe(
      'ops/purposes.csv, line 6: code 3 is repeated (first on line 4)',
    );
  });

  it('is refused when a name is empty or blank', () => {
    expect(fault(purposes(valid[0]!, '2,,Canje,x', valid[2]!, valid[3]!))).toBe(
      'ops/purposes.csv, line 3: code 2 has an empty name',
    );
    expect(fault(purposes(valid[0]!, valid[1]!, valid[2]!, '4,  ,Otro,x'))).toBe(
      'ops/purposes.csv, line 5: code 4 has an empty name',
    );
  });

  it('is refused when a name or local name is longer than the API answers', () => {
    const long = 'n'.repeat(CODE_LIST_NAME_MAX + 1);
    expect(fault(purposes(valid[0]!, `2,${long},Canje,x`, valid[2]!, valid[3]!))).toBe(
      `ops/purposes.csv, line 3: code 2 has a name longer than ${CODE_LIST_NAME_MAX} characters`,
    );
    expect(fault(purposes(valid[0]!, valid[1]!, `3,Transfer,${long},x`, valid[3]!))).toBe(
      `ops/purposes.csv, line 4: code 3 has a name longer than ${CODE_LIST_NAME_MAX} characters`,
    );
    const longest = 'n'.repeat(CODE_LIST_NAME_MAX);
    expect(
      parseCodeList(
        'purpose-business-relationship',
        'f.csv',
        purposes(valid[0]!, `2,${longest},${longest},x`, valid[2]!, valid[3]!),
      )[1],
    ).toEqual({ code: '2', name: longest, localName: longest });
  });

  it('is refused for a code the contract does not have, or a code written another way', () => {
    expect(fault(purposes(...valid, '5,Fifth,Quinto,x'))).toBe(
      'ops/purposes.csv, line 6: code "5" is not one of the contract\'s codes 1-4',
    );
    expect(fault(purposes('01,Custody,Custodia,x'))).toBe(
      'ops/purposes.csv, line 2: code "01" is not one of the contract\'s codes 1-4',
    );
  });

  it('is refused for a wrong header or a row with the wrong number of fields', () => {
    expect(fault(['id,name', ...valid].join('\n'))).toBe(
      `ops/purposes.csv, line 1: the header must be "${HEADER}", not "id,name"`,
    );
    expect(fault(purposes(valid[0]!, '2,Exchange,Canje', valid[2]!, valid[3]!))).toBe(
      'ops/purposes.csv, line 3: expected 4 fields, found 3',
    );
  });

  it('is refused when the file cannot be read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'code-list-'));
    try {
      const file = path.join(dir, 'absent.csv');
      expect(() => loadCodeList('company-type', file)).toThrow(`${file}: cannot be read`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api, expectProblem } from './api';
import { type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;
let token: string;

beforeAll(async () => {
  stack = await startStack({ only: ['identity'] });
  api = new Api(stack.gatewayUrl);
  token = (await api.newClient(await api.adminToken(), 'Enum reader')).token;
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const dir = mkdtempSync(path.join(tmpdir(), 'code-lists-'));
const SHIPPED = path.resolve(__dirname, '../../../libs/reference-data/data');

/** Writes an operator's list: the shipped one, with its rows changed by `edit`. */
function operatorFile(name: string, shipped: string, edit: (rows: string[]) => string[]): string {
  const [header = '', ...rows] = readFileSync(path.join(SHIPPED, shipped), 'utf8')
    .trimEnd()
    .split('\n');
  const file = path.join(dir, name);
  writeFileSync(file, [header, ...edit(rows)].join('\n') + '\n');
  return file;
}

const ids = (res: { body: { id: string }[] }) => res.body.map((e) => e.id);
const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

describe('GET /v1/enums/cnae', () => {
  it('lists all 629 CNAE-2009 classes with limit=0, in code order', async () => {
    const res = await api.get('/v1/enums/cnae?limit=0', { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(629);
    expect(res.headers.get('x-total-count')).toBe('629');
    expect(res.body[0]).toEqual({
      id: '0111',
      code: '0111',
      group: '011',
      name: 'Cultivo de cereales (excepto arroz), leguminosas y semillas oleaginosas',
    });
    expect(res.body[628].code).toBe('9900');
  });

  it('filters by code, group and name, and pages', async () => {
    expect((await api.get('/v1/enums/cnae?code=6201', { token })).body).toEqual([
      { id: '6201', code: '6201', group: '620', name: 'Actividades de programación informática' },
    ]);
    const group = await api.get('/v1/enums/cnae?group=620&limit=0', { token });
    expect(group.body.map((e: { code: string }) => e.code)).toEqual([
      '6201',
      '6202',
      '6203',
      '6209',
    ]);
    const byName = await api.get(`/v1/enums/cnae?name=${encodeURIComponent('PROGRAMACIÓN')}`, {
      token,
    });
    expect(byName.body.map((e: { code: string }) => e.code)).toContain('6201');
    const page = await api.get('/v1/enums/cnae?page=2&limit=10&sort=-code', { token });
    expect(page.body).toHaveLength(10);
    expect(page.body[0].code).toBe(
      (await api.get('/v1/enums/cnae?limit=0&sort=-code', { token })).body[10].code,
    );
  });

  it('answers 400 to a malformed filter and 401 without a token', async () => {
    expectProblem(await api.get('/v1/enums/cnae?code=62', { token }), 400, 'validation_failed');
    expectProblem(
      await api.get('/v1/enums/cnae?sort=section', { token }),
      400,
      'validation_failed',
    );
    expectProblem(await api.get('/v1/enums/cnae'), 401);
  });
});

describe('GET /v1/enums/id-type', () => {
  it('lists the five document types of the contract', async () => {
    const res = await api.get('/v1/enums/id-type', { token });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { id: string }) => e.id)).toEqual(['1', '2', '3', '4', '99']);
    expect((await api.get('/v1/enums/id-type?name=pass', { token })).body).toEqual([
      { id: '2', name: 'Passport' },
    ]);
    expectProblem(await api.get('/v1/enums/id-type'), 401);
  });
});

describe('GET /v1/enums/company-type', () => {
  it('lists the 40 company types with their English and Spanish names, in numeric id order', async () => {
    const res = await api.get('/v1/enums/company-type?limit=0', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('40');
    expect(ids(res)).toEqual(range(40));
    expect(res.body[0]).toEqual({
      id: '1',
      name: 'Public limited company (S.A.)',
      localName: 'Sociedad Anónima',
    });
    expect(res.body[39]).toEqual({
      id: '40',
      name: 'Other entity type not defined elsewhere',
      localName: 'Otros tipos no definidos en el resto de claves',
    });
  });

  it('filters by exact id and case-insensitive name substring', async () => {
    expect((await api.get('/v1/enums/company-type?id=14', { token })).body).toEqual([
      { id: '14', name: 'Cooperative society (S.Coop.)', localName: 'Sociedad Cooperativa' },
    ]);
    expect((await api.get('/v1/enums/company-type?id=1', { token })).body).toHaveLength(1);
    expect((await api.get('/v1/enums/company-type?id=41', { token })).body).toEqual([]);
    const funds = await api.get('/v1/enums/company-type?name=FUND&limit=0', { token });
    expect(ids(funds)).toEqual(['27', '29', '31', '32']);
    expect(funds.headers.get('x-total-count')).toBe('4');
  });

  it('sorts numerically by id and by name, both ways, and pages with Link headers', async () => {
    expect(ids(await api.get('/v1/enums/company-type?limit=0&sort=-id', { token }))).toEqual(
      range(40).reverse(),
    );
    const byName = ids(await api.get('/v1/enums/company-type?limit=0&sort=name', { token }));
    const all = (await api.get('/v1/enums/company-type?limit=0', { token })).body as {
      id: string;
      name: string;
    }[];
    const nameOf = new Map(all.map((e) => [e.id, e.name]));
    const names = byName.map((id) => nameOf.get(id)!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es', { numeric: true })));
    expect(ids(await api.get('/v1/enums/company-type?limit=0&sort=-name', { token }))).toEqual(
      [...byName].reverse(),
    );

    const page = await api.get('/v1/enums/company-type?page=2&limit=15', { token });
    expect(ids(page)).toEqual(range(30).slice(15));
    expect(page.headers.get('x-total-count')).toBe('40');
    expect(page.headers.get('link')).toContain('rel="next"');
    expect(page.headers.get('link')).toContain('rel="prev"');
    const last = await api.get('/v1/enums/company-type?page=3&limit=15', { token });
    expect(ids(last)).toEqual(range(40).slice(30));
  });

  it('answers 400 to an unknown sort field and 401 without a token', async () => {
    expectProblem(
      await api.get('/v1/enums/company-type?sort=localName', { token }),
      400,
      'validation_failed',
    );
    expectProblem(await api.get('/v1/enums/company-type'), 401);
  });
});

describe('GET /v1/enums/purpose-business-relationship', () => {
  it('lists the four purposes, filters, sorts and pages', async () => {
    const res = await api.get('/v1/enums/purpose-business-relationship?limit=0', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(ids(res)).toEqual(range(4));
    expect(res.body[3]).toEqual({ id: '4', name: 'Other', localName: 'Otro' });
    expect(
      ids(await api.get('/v1/enums/purpose-business-relationship?name=crypto-ASSETS', { token })),
    ).toEqual(['1', '2', '3']);
    expect(ids(await api.get('/v1/enums/purpose-business-relationship?id=2', { token }))).toEqual([
      '2',
    ]);
    expect(
      ids(await api.get('/v1/enums/purpose-business-relationship?sort=-id', { token })),
    ).toEqual(['4', '3', '2', '1']);
    const page = await api.get('/v1/enums/purpose-business-relationship?page=2&limit=3', {
      token,
    });
    expect(ids(page)).toEqual(['4']);
    expect(page.headers.get('x-total-count')).toBe('4');
    expectProblem(await api.get('/v1/enums/purpose-business-relationship'), 401);
  });

  it('is documented in /v1/openapi.json with its query parameters and entry schema', async () => {
    const doc = (await api.get('/v1/openapi.json')).body;
    for (const kind of ['company-type', 'purpose-business-relationship']) {
      const op = doc.paths[`/enums/${kind}`].get;
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['id', 'name', 'page', 'limit', 'sort']),
      );
      const schema = JSON.stringify(op.responses['200']);
      expect(schema).toContain('localName');
    }
  });
});

describe("an operator's code lists", () => {
  /** Starts a second identity with a faulty list and returns what it printed as it refused. */
  async function refusedStart(variable: string, file: string): Promise<string> {
    const extra = stack.spawnExtra('identity', { [variable]: file });
    const { code } = await extra.exited;
    expect(code).toBe(1);
    return extra.logs.map((l) => String(l['stderr'] ?? '')).join('');
  }

  it('refuses to start when a code is missing', async () => {
    const file = operatorFile('missing.csv', 'company-types.csv', (rows) =>
      rows.filter((r) => !r.startsWith('17,')),
    );
    const printed = await refusedStart('COMPANY_TYPES_FILE', file);
    expect(printed).toContain(`${file}: code 17 missing`);
  });

  it('refuses to start when a code is repeated, naming the line', async () => {
    const file = operatorFile('repeated.csv', 'purpose-business-relationship.csv', (rows) => [
      ...rows,
      '2,Exchange again,Canje,ours',
    ]);
    const printed = await refusedStart('PURPOSE_BUSINESS_RELATIONSHIP_FILE', file);
    expect(printed).toContain(`${file}, line 6: code 2 is repeated (first on line 3)`);
  });

  it('refuses to start when a name is empty, naming the line', async () => {
    const file = operatorFile('empty-name.csv', 'company-types.csv', (rows) =>
      rows.map((r) => (r.startsWith('5,') ? '5,,Sociedad Limitada Laboral,ours' : r)),
    );
    const printed = await refusedStart('COMPANY_TYPES_FILE', file);
    expect(printed).toContain(`${file}, line 6: code 5 has an empty name`);
  });

  it("serves the names of the operator's file once identity starts with it", async () => {
    const file = operatorFile('company-types.csv', 'company-types.csv', (rows) =>
      rows.map((r) =>
        r.startsWith('1,') ? '1,Stock corporation,"Sociedad Anónima, S.A.",ours' : r,
      ),
    );
    await stack.restart('identity', 'SIGTERM', { COMPANY_TYPES_FILE: file });
    const res = await api.get('/v1/enums/company-type?id=1', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: '1', name: 'Stock corporation', localName: 'Sociedad Anónima, S.A.' },
    ]);
    expect((await api.get('/v1/enums/company-type?limit=0', { token })).body).toHaveLength(40);
  });
});

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
});

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

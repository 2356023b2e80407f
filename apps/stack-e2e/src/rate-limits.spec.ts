import { Api, expectProblem } from './api';
import { BOOTSTRAP, type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity'],
    env: { gateway: { TOKEN_RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_PER_MINUTE: '5' } },
  });
  api = new Api(stack.gatewayUrl);
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

describe('rate limits', () => {
  it('limit the token endpoint per IP and then the API per client, with RateLimit headers', async () => {
    // Each window lasts a minute from its first request, so this test never straddles two.
    const token = await api.login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    const first = await api.get('/v1/clients', { token: token.access_token });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^limit=5, remaining=4, reset=\d+$/);
    for (let i = 0; i < 4; i++) await api.get('/v1/clients', { token: token.access_token });
    const limited = await api.get('/v1/clients', { token: token.access_token });
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await api.post('/v1/tokens', {
            basic: api.bootstrapApp,
            body: {
              grant_type: 'password',
              username: BOOTSTRAP.adminEmail,
              password: 'wrong-password',
            },
          })
        ).status,
      );
    }
    // One login above plus three failures fill the window of four; the fourth failure is refused.
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('rate limits under concurrency', () => {
  // A stack of its own: the test above leaves the admin's window and the token window full.
  let burstStack: Stack;
  let burstApi: Api;

  beforeAll(async () => {
    burstStack = await startStack({
      only: ['identity'],
      env: { gateway: { RATE_LIMIT_PER_MINUTE: '10' } },
    });
    burstApi = new Api(burstStack.gatewayUrl);
  }, 90_000);

  afterAll(async () => {
    await burstStack?.cleanup();
  });

  it('counts every request of a concurrent burst once: exactly the limit pass, each with its own count', async () => {
    // A client of its own, so that its API window starts empty.
    const login = async (username: string, password: string) =>
      (
        await burstApi.post('/v1/tokens', {
          basic: burstApi.bootstrapApp,
          body: { grant_type: 'password', username, password },
        })
      ).body.access_token as string;
    const admin = await login(BOOTSTRAP.adminEmail, BOOTSTRAP.adminPassword);
    const created = await burstApi.post('/v1/clients', {
      token: admin,
      body: { name: 'Burst', email: 'burst@e2e.test', password: 'a-long-client-password' },
    });
    expect(created.status).toBe(201);
    const token = await login('burst@e2e.test', 'a-long-client-password');

    const answers = await Promise.all(
      Array.from({ length: 40 }, () => burstApi.get('/v1/enums/id-type', { token })),
    );

    expect(answers.map((res) => res.status).sort()).toEqual([
      ...Array<number>(10).fill(200),
      ...Array<number>(30).fill(429),
    ]);
    const remaining = answers
      .filter((res) => res.status === 200)
      .map((res) => /remaining=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1])
      .sort();
    expect(remaining).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});

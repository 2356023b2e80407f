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

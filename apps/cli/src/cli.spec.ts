import { statSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { verifyWebhook, type FeedEvent } from '@custody/sdk';
import { readProfile } from './config';
import { formatTable } from './output';
import {
  fakeServer,
  json,
  problem,
  run,
  start,
  tempConfig,
  tokenResponse,
  until,
  type FakeServer,
  type Handler,
} from './test-harness';

const user = (id: string, name: string) => ({
  id,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  generalConditions: '2026-01-01',
  email: `${name.toLowerCase()}@example.test`,
  individualPerson: { name, surname: 'Doe' },
  blocked: false,
});

/** The fake API: tokens always; the rest from `routes` (`METHOD /path`). */
function api(routes: Record<string, Handler>): Handler {
  return (request, res) => {
    if (request.method === 'POST' && request.path === '/v1/tokens') {
      return json(res, 201, tokenResponse());
    }
    const route = routes[`${request.method} ${request.path}`];
    if (route) return route(request, res);
    return problem(res, 404, 'not_found', `No ${request.method} ${request.path}`);
  };
}

describe('custody', () => {
  let server: FakeServer | undefined;
  let config: ReturnType<typeof tempConfig> | undefined;

  afterEach(async () => {
    await server?.close();
    config?.remove();
    server = undefined;
    config = undefined;
  });

  async function loggedIn(routes: Record<string, Handler>) {
    server = await fakeServer(api(routes));
    config = tempConfig(server.url);
    return { server, env: { CUSTODY_CONFIG_DIR: config.dir } };
  }

  it('--help prints usage and exits 0, on the program and on a command', async () => {
    const top = await run(['--help'], {});
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Usage: custody');
    for (const name of ['login', 'users', 'transfer', 'approvals', 'events', 'webhooks']) {
      expect(top.stdout).toContain(name);
    }
    const sub = await run(['webhooks', 'listen', '--help'], {});
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('--forward-to <url>');
  });

  it('login writes the refresh token to a 0600 config file in a 0700 directory', async () => {
    server = await fakeServer(api({}));
    config = tempConfig();
    const env = { CUSTODY_CONFIG_DIR: config.dir, CUSTODY_PASSWORD: 'pw-from-env' };
    const result = await run(
      [
        '--api',
        server.url,
        '--json',
        'login',
        '--email',
        'ops@fintech.test',
        '--api-client-id',
        'app',
        '--api-client-secret',
        'app-secret',
      ],
      env,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const token = server.requests[0]!;
    expect(token.body).toMatchObject({
      grant_type: 'password',
      username: 'ops@fintech.test',
      password: 'pw-from-env',
    });
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from('app:app-secret').toString('base64')}`,
    );
    const file = join(config.dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(config.dir).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.profiles.default).toMatchObject({
      apiUrl: server.url,
      apiClient: { id: 'app', secret: 'app-secret' },
      email: 'ops@fintech.test',
    });
    expect(saved.profiles.default.refreshToken).toMatch(/^refresh-/);
    // The output never shows a token.
    expect(JSON.parse(result.stdout)).toMatchObject({ profile: 'default', apiUrl: server.url });
    expect(result.stdout).not.toContain('refresh-');
  });

  it('users list --json prints the users as one JSON document, and keeps the rotated token', async () => {
    const users = [user('u1', 'Alice'), user('u2', 'Bob')];
    const { server, env } = await loggedIn({ 'GET /v1/users': (_r, res) => json(res, 200, users) });
    const result = await run(['users', 'list', '--limit', '2', '--json'], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual(users);
    const refresh = server.requests.find((r) => r.path === '/v1/tokens')!;
    expect(refresh.body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-saved',
    });
    const list = server.requests.find((r) => r.path === '/v1/users')!;
    expect(list.query.get('limit')).toBe('2');
    expect(list.headers.authorization).toMatch(/^Bearer access-/);
    const profile = readProfile(env, 'default')!;
    expect(profile.refreshToken).toMatch(/^refresh-\d+$/);
    expect(profile.refreshToken).not.toBe('refresh-saved');
  });

  it('users list prints an aligned table for people', async () => {
    const { env } = await loggedIn({
      'GET /v1/users': (_r, res) => json(res, 200, [user('u1', 'Alice'), user('user-22', 'Bo')]),
    });
    const result = await run(['users', 'list'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      formatTable(
        ['ID', 'NAME', 'EMAIL', 'BLOCKED', 'CREATED'],
        [
          ['u1', 'Alice Doe', 'alice@example.test', 'no', '2026-01-02T00:00:00.000Z'],
          ['user-22', 'Bo Doe', 'bo@example.test', 'no', '2026-01-02T00:00:00.000Z'],
        ],
      ),
    );
    expect(result.stdout.split('\n')[0]).toBe(
      'ID       NAME       EMAIL               BLOCKED  CREATED',
    );
  });

  it('transfer maps its options to the request body', async () => {
    const { server, env } = await loggedIn({
      'POST /v1/transfers': (_r, res) =>
        json(res, 201, { id: 't1', status: 'approved', transactions: [{ id: 'x1' }] }),
    });
    const result = await run(
      [
        '--json',
        'transfer',
        '--from-user=u1',
        '--from-wallet',
        'w1',
        '--to-user',
        'u2',
        '--to-wallet',
        'w2',
        '--asset',
        'eth',
        '--amount',
        '0.000000000000000001',
        '--reference',
        'order-7',
      ],
      env,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const post = server.requests.find((r) => r.path === '/v1/transfers')!;
    expect(post.body).toEqual({
      requestedTransactions: [
        {
          assetId: 'eth',
          senderUserId: 'u1',
          senderWalletId: 'w1',
          receiverUserId: 'u2',
          receiverWalletId: 'w2',
          amount: '0.000000000000000001',
        },
      ],
      externalReference: 'order-7',
    });
    expect(post.headers['idempotency-key']).toBeTruthy();
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 't1', status: 'approved' });
  });

  it('withdraw sends the device and ip defaults', async () => {
    const { server, env } = await loggedIn({
      'POST /v1/users/u1/wallets/w1/withdrawals': (_r, res) => json(res, 201, { id: 'wd1' }),
      'GET /v1/users/u1/wallets/w1/withdrawals/wd1': (_r, res) =>
        json(res, 200, { id: 'wd1', status: 'pending_approval', amount: '1.5' }),
    });
    const result = await run(
      ['withdraw', 'u1', 'w1', '--asset', 'eth', '--to', '0xabc', '--amount', '1.5'],
      env,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(
      server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/withdrawals'))!.body,
    ).toEqual({
      assetId: 'eth',
      receiverAddress: '0xabc',
      amount: '1.5',
      device: 'cli',
      ip: '127.0.0.1',
    });
    expect(result.stdout).toMatch(/status\s+pending_approval/);
  });

  it('balance prints the exact decimal strings', async () => {
    const { env } = await loggedIn({
      'GET /v1/users/u1/wallets/w1': (_r, res) =>
        json(res, 200, {
          id: 'w1',
          asset: { id: 'eth', symbol: 'ETH', name: 'Ether' },
          balance: '1.000000000000000001',
          availableBalance: '0.900000000000000001',
        }),
    });
    const result = await run(['balance', 'u1', 'w1', '--json'], env);
    expect(JSON.parse(result.stdout)).toEqual({
      userId: 'u1',
      walletId: 'w1',
      assetId: 'eth',
      asset: 'ETH',
      balance: '1.000000000000000001',
      availableBalance: '0.900000000000000001',
    });
  });

  it('approvals approve posts the decision with its reason', async () => {
    const { server, env } = await loggedIn({
      'POST /v1/approvals/a1/decisions': (_r, res) => json(res, 201, { id: 'd1' }),
    });
    const result = await run(
      ['approvals', 'approve', 'a1', '--reason', 'looks fine', '--json'],
      env,
    );
    expect(result.code).toBe(0);
    expect(server.requests.at(-1)!.body).toEqual({ decision: 'approve', reason: 'looks fine' });
    expect(JSON.parse(result.stdout)).toEqual({
      approvalId: 'a1',
      decision: 'approve',
      decisionId: 'd1',
      signed: false,
    });
  });

  it.each(['speed-up', 'cancel'])('withdrawals %s posts to the admin route', async (kind) => {
    const { server, env } = await loggedIn({
      [`POST /v1/admin/withdrawals/w9/${kind}`]: (_r, res) =>
        json(res, 200, { id: 'w9', status: 'broadcast', attempts: [{ kind: 'send' }, { kind }] }),
    });
    const result = await run(['withdrawals', kind, 'w9', '--json'], env);
    expect(result.code).toBe(0);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/admin/withdrawals/w9/${kind}`,
    });
    expect(JSON.parse(result.stdout).attempts[1]).toEqual({ kind });
  });

  it('a problem from the API exits 1 and prints its code', async () => {
    const { env } = await loggedIn({
      'POST /v1/transfers': (_r, res) =>
        problem(res, 422, 'insufficient_funds', 'The wallet has 0.1 ETH available.'),
    });
    const result = await run(
      [
        'transfer',
        '--from-user',
        'u1',
        '--from-wallet',
        'w1',
        '--to-user',
        'u2',
        '--to-wallet',
        'w2',
        '--asset',
        'eth',
        '--amount',
        '5',
      ],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error insufficient_funds: The wallet has 0.1 ETH available.\n');
  });

  it('a usage error or a missing session exits 1 with a code', async () => {
    config = tempConfig();
    const env = { CUSTODY_CONFIG_DIR: config.dir };
    const usage = await run(['transfer', '--from-user', 'u1'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/^error usage_error: required option '--from-wallet/);
    const badLimit = await run(['users', 'list', '--limit', 'ten'], env);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toMatch(
      /^error usage_error: option '--limit <n>' argument 'ten' is invalid/,
    );
    const session = await run(['users', 'list'], env);
    expect(session.code).toBe(1);
    expect(session.stderr).toMatch(/^error not_logged_in: /);
  });

  describe('the event feed', () => {
    const feed: FeedEvent[] = [];
    const event = (n: number, name = 'transfer.is-created'): FeedEvent => ({
      id: `0190000${n}-0000-7000-8000-000000000000`,
      event: name,
      createdAt: `2026-01-02T00:00:0${n}.000Z`,
      tenantId: 'client-1',
      data: { id: `t${n}` },
    });
    // Cursors are positions in `feed`; the Link of every page names the next one.
    const events: Handler = (request, res) => {
      const after = Number(request.query.get('after') ?? '0');
      const limit = Number(request.query.get('limit') ?? '50');
      const types = request.query.get('types')?.split(',');
      const page = feed.slice(after, after + limit);
      const next = after + page.length;
      json(
        res,
        200,
        page.filter((e) => !types || types.includes(e.event)),
        {
          link: `</v1/events?after=${next}&limit=${limit}>; rel="next"`,
        },
      );
    };

    beforeEach(() => {
      feed.length = 0;
    });

    it('events tail --json prints one line per event, from the start, filtered by type', async () => {
      feed.push(event(1), event(2, 'user.is-created'), event(3));
      const { server, env } = await loggedIn({ 'GET /v1/events': events });
      const tail = start(
        [
          'events',
          'tail',
          '--json',
          '--from-start',
          '--types',
          'transfer.is-created',
          '--poll-interval',
          '20',
        ],
        env,
      );
      await until(() => tail.stdout().split('\n').length > 2);
      feed.push(event(4));
      await until(() => tail.stdout().split('\n').length > 3);
      tail.controller.abort();
      const result = await tail.done;
      expect(result.code).toBe(0);
      const lines = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.map((e) => e.data.id)).toEqual(['t1', 't3', 't4']);
      expect(server.requests.find((r) => r.path === '/v1/events')!.query.get('types')).toBe(
        'transfer.is-created',
      );
      expect(result.stderr).toMatch(/Resume with --after \d+/);
    });

    it('webhooks listen forwards each new event, signed with the secret it printed', async () => {
      feed.push(event(1)); // before the listener started: not forwarded
      const { env } = await loggedIn({ 'GET /v1/events': events });
      const received: { body: string; headers: Record<string, unknown> }[] = [];
      const receiver: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      try {
        const listen = start(
          ['webhooks', 'listen', '--forward-to', target, '--json', '--poll-interval', '20'],
          env,
        );
        await until(() => listen.stdout().includes('\n'));
        const ready = JSON.parse(listen.stdout().split('\n')[0]!);
        expect(ready).toMatchObject({ ready: true, forwardTo: target });
        expect(ready.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

        feed.push(event(2));
        await until(() => received.length >= 1 && listen.stdout().split('\n').length > 2);
        listen.controller.abort();
        const result = await listen.done;
        expect(result.code).toBe(0);

        expect(received).toHaveLength(1);
        const verified = verifyWebhook(
          ready.secret,
          received[0]!.body,
          received[0]!.headers as Record<string, string>,
        );
        expect(verified).toEqual(event(2));
        expect(received[0]!.headers['webhook-id']).toBe(event(2).id);
        expect(() =>
          verifyWebhook(
            `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
            received[0]!.body,
            received[0]!.headers as Record<string, string>,
          ),
        ).toThrow();
        const forwarded = JSON.parse(result.stdout.split('\n')[1]!);
        expect(forwarded).toMatchObject({
          id: event(2).id,
          event: 'transfer.is-created',
          status: 204,
        });
      } finally {
        receiver.closeAllConnections();
        await new Promise((resolve) => receiver.close(resolve));
      }
    });

    it('webhooks listen uses the --secret it is given', async () => {
      const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
      feed.push(event(1));
      const { env } = await loggedIn({ 'GET /v1/events': events });
      const bodies: { body: string; headers: Record<string, string> }[] = [];
      const receiver = await fakeServer((request, res) => {
        bodies.push({ body: request.raw, headers: request.headers as Record<string, string> });
        res.writeHead(200).end('ok');
      });
      try {
        const listen = start(
          [
            'webhooks',
            'listen',
            '--forward-to',
            `${receiver.url}/in`,
            '--secret',
            secret,
            '--from-start',
            '--poll-interval',
            '20',
          ],
          env,
        );
        // The receiver's answer reaches the CLI after the body reaches the receiver.
        await until(() => bodies.length === 1 && /\[200\]/.test(listen.stdout()));
        listen.controller.abort();
        const result = await listen.done;
        expect(result.code).toBe(0);
        expect(result.stdout).toContain(`Your webhook signing secret is ${secret}`);
        expect(result.stdout).toMatch(/transfer\.is-created .* --> POST .*\/in \[200\]/);
        expect(verifyWebhook(secret, bodies[0]!.body, bodies[0]!.headers)).toEqual(event(1));
      } finally {
        await receiver.close();
      }
    });
  });
});

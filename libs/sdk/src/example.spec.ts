import { createHmac, randomBytes } from 'node:crypto';
import { readmeExample } from './index';
import { type FakeApi, fakeApi, json, tokenAnswer } from './test-harness';

// The README example against a scripted fake gateway (the stack test runs it against the real
// one): its calls, in order, and a webhook the fake notifier signs as the notifier does.
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const sign = (id: string, timestamp: number, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64')}`;

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

it('runs the README example', async () => {
  let receiverUrl = '';
  let users = 0;
  let feedCalls = 0;
  const event = {
    id: 'ev-1',
    event: 'transfer.is-created',
    createdAt: '2026-01-01T00:00:00.000Z',
    tenantId: 'client-1',
    data: { id: 'tr-1', status: 'approved' },
  };
  api = await fakeApi(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'POST /v1/tokens') return json(res, 201, tokenAnswer('t', 'r'));
    if (route === 'POST /v1/tokens/revoke') return json(res, 200, { revoked: true });
    if (route === 'GET /v1/notifications/signing-secret') return json(res, 200, { secret });
    if (route === 'GET /v1/notifications')
      return json(res, 200, [{ id: 'nt-1', event: 'transfer.is-created', receivers: [] }]);
    if (route === 'POST /v1/notifications/nt-1') {
      receiverUrl = req.body.url;
      return json(res, 201, { id: 'rc-1' });
    }
    if (route === 'POST /v1/users/individual-person')
      return json(res, 201, { id: `u${++users}`, name: req.body.name });
    const wallet = /^POST \/v1\/users\/(u\d)\/wallets$/.exec(route);
    if (wallet) return json(res, 201, { id: `w-${wallet[1]}`, assetId: req.body.assetId });
    if (route === 'POST /v1/admin/incomes') return json(res, 201, { id: 'inc-1' });
    if (route === 'PATCH /v1/admin/incomes/inc-1') return json(res, 200, { id: 'inc-1' });
    if (route === 'POST /v1/transfers') {
      json(res, 201, { id: 'tr-1', status: 'approved' });
      const body = JSON.stringify(event);
      const timestamp = Math.floor(Date.now() / 1000);
      await fetch(receiverUrl, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'dl-1',
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign('dl-1', timestamp, body),
        },
      });
      return;
    }
    if (route === 'GET /v1/users/u1/wallets/w-u1/transactions') {
      const page = url.searchParams.get('page') ?? '1';
      return json(
        res,
        200,
        [{ id: `tx-${page}` }],
        page === '1'
          ? { link: '</v1/users/u1/wallets/w-u1/transactions?page=2&limit=1>; rel="next"' }
          : {},
      );
    }
    if (route === 'GET /v1/events') {
      feedCalls += 1;
      const link = { link: '</v1/events?after=c1&limit=50>; rel="next"' };
      return json(res, 200, feedCalls === 1 ? [] : [event], link);
    }
    json(res, 404, {
      status: 404,
      code: 'not_found',
      title: 'Not Found',
      detail: route,
      type: 'x',
    });
  });

  const result = await readmeExample(api.url, {
    apiClient: { id: 'app', secret: 's' },
    client: { email: 'fin@example.com', password: 'pw' },
    admin: { email: 'admin@example.com', password: 'pw' },
  });
  expect(result).toEqual({
    userIds: ['u1', 'u2'],
    walletIds: ['w-u1', 'w-u2'],
    transferId: 'tr-1',
    transactionIds: ['tx-1', 'tx-2'],
    webhook: event,
    followed: event,
  });
  expect(api.requests.find((r) => r.url === '/v1/admin/incomes')!.body).toMatchObject({
    walletId: 'w-u1',
    amount: '5',
  });
  expect(api.requests.find((r) => r.url === '/v1/transfers')!.body.requestedTransactions).toEqual([
    {
      assetId: 'eth',
      senderUserId: 'u1',
      senderWalletId: 'w-u1',
      receiverUserId: 'u2',
      receiverWalletId: 'w-u2',
      amount: '0.5',
    },
  ]);
  expect(receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
});

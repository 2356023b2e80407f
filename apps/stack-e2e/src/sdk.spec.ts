import { execFileSync } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  createCustodyClient,
  type CustodyClient,
  type FeedEvent,
  readmeExample,
  verifyWebhook,
} from '@custody/sdk';
import { Api } from './api';
import { BOOTSTRAP, type Stack, startStack } from './stack';

/**
 * The SDK against the real stack: the README's example runs end to end (login, users, wallets,
 * a funded transfer, a list walked page by page, a verified webhook, the event feed); a journey
 * through a proxy that sees every request (a withdrawal's lifecycle with its verified webhooks,
 * 120 users walked in pages of 50, a POST whose connection is dropped after the gateway answered
 * it); and the committed types are those of the documents the running gateway serves.
 */

const ROOT = path.resolve(__dirname, '../../..');
let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
    env: {
      notifier: { NOTIFIER_ALLOW_PRIVATE_URLS: 'true', NOTIFIER_DISPATCH_INTERVAL_MS: '100' },
    },
  });
  api = new Api(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
});

it("runs the README's example: the webhook it verified is the event the feed gave", async () => {
  const admin = await api.adminToken();
  const client = await api.newClient(admin, 'SDK example');
  const result = await readmeExample(stack.gatewayUrl, {
    apiClient: { id: BOOTSTRAP.apiClientId, secret: BOOTSTRAP.apiClientSecret },
    client: { email: client.email, password: client.password },
    admin: { email: BOOTSTRAP.adminEmail, password: BOOTSTRAP.adminPassword },
  });
  expect(result.webhook.id).toBe(result.followed.id);
  expect(result.webhook.event).toBe('transfer.is-created');
  expect((result.webhook.data as { id: string }).id).toBe(result.transferId);
  // The transfer exists once, as the API reads it.
  const read = await api.get(`/v1/transfers/${result.transferId}`, { token: client.token });
  expect(read.status).toBe(200);
}, 120_000);

it('has committed the types of the documents the running gateway serves', () => {
  // Exits non-zero (and says which file) when the committed types are stale.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'tools/sdk/generate.ts', '--check', '--from', stack.gatewayUrl],
    { cwd: ROOT, stdio: 'pipe', timeout: 120_000 },
  );
}, 150_000);

/** What the proxy saw of one request, and what the gateway answered it. */
interface Seen {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
  status: number;
  body: string;
  dropped: boolean;
}

/**
 * A real HTTP proxy in front of the gateway. `dropNext(match)` makes the next matching request go
 * through to the gateway, and then closes the client's connection instead of answering: the
 * request happened, the client saw a network error.
 */
async function startProxy(target: string) {
  const upstream = new URL(target);
  const seen: Seen[] = [];
  let drop: ((method: string, url: string) => boolean) | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const dropped = drop?.(req.method!, req.url!) ?? false;
            if (dropped) drop = undefined;
            seen.push({
              method: req.method!,
              url: req.url!,
              idempotencyKey: req.headers['idempotency-key'] as string | undefined,
              status: answer.statusCode!,
              body: Buffer.concat(parts).toString('utf8'),
              dropped,
            });
            if (dropped) {
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode!, answer.headers as IncomingHttpHeaders);
            res.end(Buffer.concat(parts));
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    dropNext(match: (method: string, url: string) => boolean) {
      drop = match;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A webhook receiver that keeps each delivery its verifier accepted, and counts the others. */
async function verifyingReceiver(secret: string) {
  const accepted: FeedEvent[] = [];
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        accepted.push(verifyWebhook(secret, Buffer.concat(chunks), req.headers));
        res.writeHead(204).end();
      } catch {
        refused += 1;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    accepted,
    refused: () => refused,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function eventually(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an integrator journey through the SDK', () => {
  const device = { device: 'SDK journey', ip: '203.0.113.9' };
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let admin: CustodyClient;
  let custody: CustodyClient;

  beforeAll(async () => {
    proxy = await startProxy(stack.gatewayUrl);
    const apiClient = { id: BOOTSTRAP.apiClientId, secret: BOOTSTRAP.apiClientSecret };
    // Short backoff: the retries below happen in the test's time.
    const retry = { baseDelayMs: 50 };
    admin = createCustodyClient({ baseUrl: proxy.url, apiClient, retry });
    await admin.login({ email: BOOTSTRAP.adminEmail, password: BOOTSTRAP.adminPassword });
    // The fintech: a general client the admin creates through the SDK.
    const email = `sdk-journey-${Date.now()}@e2e.test`;
    const password = 'a-long-client-password';
    await admin.post('/clients', { body: { name: 'SDK journey', email, password } });
    custody = createCustodyClient({ baseUrl: proxy.url, apiClient, retry });
    await custody.login({ email, password });
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
  });

  async function fundedPair(amount: string) {
    const [alice, bob] = await Promise.all(
      ['Alice', 'Bob'].map((name) =>
        custody.post('/users/individual-person', {
          body: { generalConditions: '2026-01-01', name },
        }),
      ),
    );
    const [aliceWallet, bobWallet] = await Promise.all(
      [alice!, bob!].map((user) =>
        custody.post('/users/{user}/wallets', {
          params: { path: { user: user.id } },
          body: { assetId: 'eth', ...device },
        }),
      ),
    );
    const income = await admin.post('/admin/incomes', {
      body: {
        walletId: aliceWallet!.id,
        amount,
        blockchainTransactionId: `0xsdk-journey-${Date.now()}-${Math.random()}`,
        senderAddress: '0x000000000000000000000000000000000000bEEF',
        transactionTimestamp: new Date().toISOString(),
      },
    });
    await admin.patch('/admin/incomes/{income}', {
      params: { path: { income: income.id } },
      body: { status: 'confirmed' },
    });
    return { alice: alice!, bob: bob!, aliceWallet: aliceWallet!, bobWallet: bobWallet! };
  }

  const balanceOf = async (user: string, wallet: string) => {
    const read = await custody.get('/users/{user}/wallets/{wallet}', {
      params: { path: { user, wallet } },
    });
    return { balance: read.balance, available: read.availableBalance };
  };

  it('takes a withdrawal through its lifecycle, each step a webhook the verifier accepts', async () => {
    const { secret } = await custody.get('/notifications/signing-secret');
    const receiver = await verifyingReceiver(secret);
    try {
      const types = await custody.get('/notifications', { params: { query: { limit: '0' } } });
      for (const event of ['withdrawal.is-created', 'withdrawal.is-updated']) {
        const type = types.find((t) => t.event === event);
        expect(type).toBeDefined();
        await custody.post('/notifications/{notificationId}', {
          params: { path: { notificationId: type!.id } },
          body: { url: receiver.url },
        });
      }
      const { alice, aliceWallet } = await fundedPair('3');

      const withdrawal = await custody.post('/users/{user}/wallets/{wallet}/withdrawals', {
        params: { path: { user: alice.id, wallet: aliceWallet.id } },
        body: {
          assetId: 'eth',
          amount: '1.25',
          receiverAddress: '0x00000000000000000000000000000000000c0ffe',
          ...device,
        },
      });
      const read = await custody.get('/users/{user}/wallets/{wallet}/withdrawals/{withdrawal}', {
        params: { path: { user: alice.id, wallet: aliceWallet.id, withdrawal: withdrawal.id } },
      });
      expect(read).toMatchObject({ status: 'prepared', amount: '1.25' });
      expect(await balanceOf(alice.id, aliceWallet.id)).toEqual({
        balance: '3',
        available: '1.75',
      });
      await admin.patch('/admin/withdrawals/{withdrawal}', {
        params: { path: { withdrawal: withdrawal.id } },
        body: { status: 'broadcast', blockchainTransactionId: `0xsdk-wd-${Date.now()}` },
      });
      const confirmed = await admin.patch('/admin/withdrawals/{withdrawal}', {
        params: { path: { withdrawal: withdrawal.id } },
        body: { status: 'confirmed', fee: '0.01' },
      });
      expect(confirmed).toMatchObject({ status: 'confirmed', fee: '0.01' });
      expect(await balanceOf(alice.id, aliceWallet.id)).toEqual({
        balance: '1.75',
        available: '1.75',
      });

      // One verified webhook per step. Deliveries run concurrently and may arrive in any order
      // (docs/decisions/notifications.md, "Delivery guarantee"); each event's createdAt gives
      // the steps' order.
      const ofWithdrawal = () =>
        receiver.accepted.filter((e) => (e.data as { id?: string }).id === withdrawal.id);
      await eventually(() => ofWithdrawal().length >= 3, 'three withdrawal webhooks');
      const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
      const inStepOrder = [...ofWithdrawal()].sort(
        (a, b) => order(a.createdAt, b.createdAt) || order(a.id, b.id),
      );
      expect(inStepOrder.map((e) => [e.event, (e.data as { status?: string }).status])).toEqual([
        ['withdrawal.is-created', 'prepared'],
        ['withdrawal.is-updated', 'broadcast'],
        ['withdrawal.is-updated', 'confirmed'],
      ]);
      expect(receiver.refused()).toBe(0);
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('walks a list of 120 users in pages of 50, each user once', async () => {
    // The users list is the admin's; the window holds exactly the users made here.
    const since = new Date(Date.now() - 1).toISOString();
    const created: string[] = [];
    for (let batch = 0; batch < 12; batch += 1) {
      const users = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          custody.post('/users/individual-person', {
            body: { generalConditions: '2026-01-01', name: `Paged ${batch * 10 + i}` },
          }),
        ),
      );
      created.push(...users.map((user) => user.id));
    }

    const before = proxy.seen.length;
    const walked: string[] = [];
    for await (const user of admin.list('/users', {
      params: { query: { limit: '50', sort: 'createdAt', createdAfter: since } },
    })) {
      walked.push(user.id);
    }
    const pages = proxy.seen.slice(before).filter((s) => s.url.startsWith('/v1/users'));
    expect(pages.map((p) => JSON.parse(p.body).length)).toEqual([50, 50, 20]);
    expect(walked).toHaveLength(120);
    expect(new Set(walked)).toEqual(new Set(created));
  }, 120_000);

  it('retries a POST whose connection dropped under the same key: one transfer, moved once', async () => {
    const { alice, bob, aliceWallet, bobWallet } = await fundedPair('2');
    proxy.dropNext((method, url) => method === 'POST' && url === '/v1/transfers');
    const before = proxy.seen.length;

    const transfer = await custody.post('/transfers', {
      body: {
        requestedTransactions: [
          {
            assetId: 'eth',
            senderUserId: alice.id,
            senderWalletId: aliceWallet.id,
            receiverUserId: bob.id,
            receiverWalletId: bobWallet.id,
            amount: '0.75',
          },
        ],
      },
    });

    const attempts = proxy.seen
      .slice(before)
      .filter((s) => s.method === 'POST' && s.url === '/v1/transfers');
    // The gateway booked the first attempt; its answer never reached the SDK.
    expect(attempts.map((a) => [a.status, a.dropped])).toEqual([
      [201, true],
      [201, false],
    ]);
    expect(attempts[0]!.idempotencyKey).toBeTruthy();
    expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
    expect(JSON.parse(attempts[0]!.body).id).toBe(transfer.id);

    // Exactly one transfer from Alice's wallet, and the amount moved once.
    const transfers: string[] = [];
    for await (const t of custody.list('/transfers', { params: { query: { limit: '0' } } })) {
      if (JSON.stringify(t).includes(aliceWallet.id)) transfers.push(t.id);
    }
    expect(transfers).toEqual([transfer.id]);
    expect(await balanceOf(alice.id, aliceWallet.id)).toEqual({
      balance: '1.25',
      available: '1.25',
    });
    expect(await balanceOf(bob.id, bobWallet.id)).toEqual({
      balance: '0.75',
      available: '0.75',
    });
  }, 90_000);
});

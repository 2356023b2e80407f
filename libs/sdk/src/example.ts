// The example of libs/sdk/README.md, verbatim: keep the two the same. A stack test runs it
// against the real gateway (the notifier must accept private receiver URLs:
// NOTIFIER_ALLOW_PRIVATE_URLS=true, as in the other stack tests that receive webhooks).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createCustodyClient,
  type FeedEvent,
  verifyWebhook,
  WebhookVerificationError,
} from './portable.js';

export interface ExampleCredentials {
  /** The api client (the app), sent as HTTP Basic on the token endpoint. */
  apiClient: { id: string; secret: string };
  /** The fintech: a general client, the tenant the example works in. */
  client: { email: string; password: string };
  /** An admin, who reports the deposit that funds the first wallet (the manual chain adapter). */
  admin: { email: string; password: string };
}

export interface ExampleResult {
  userIds: string[];
  walletIds: string[];
  transferId: string;
  /** The transactions of the sender's wallet, read one per page. */
  transactionIds: string[];
  /** The `transfer.is-created` event as the verified webhook carried it. */
  webhook: FeedEvent;
  /** The same event as the event feed gave it. */
  followed: FeedEvent;
}

export async function readmeExample(
  baseUrl: string,
  credentials: ExampleCredentials,
): Promise<ExampleResult> {
  // 1. Log in: the password grant with the api client's credentials. The access token is
  //    refreshed before it expires; every POST gets an Idempotency-Key that its retries reuse.
  const custody = createCustodyClient({ baseUrl, apiClient: credentials.apiClient });
  await custody.login(credentials.client);

  // 2. A webhook receiver that verifies each delivery with the tenant's signing secret.
  const { secret } = await custody.get('/notifications/signing-secret');
  const webhooks: FeedEvent[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        webhooks.push(verifyWebhook(secret, Buffer.concat(chunks), req.headers));
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;

  try {
    // Subscribe it to new transfers.
    const types = await custody.get('/notifications', { params: { query: { limit: '0' } } });
    const transferCreated = types.find((type) => type.event === 'transfer.is-created');
    if (!transferCreated) throw new Error('no transfer.is-created notification type');
    await custody.post('/notifications/{notificationId}', {
      params: { path: { notificationId: transferCreated.id } },
      body: { url: `http://127.0.0.1:${port}/webhooks` },
    });

    // 3. Two end users with an ETH wallet each.
    const device = { device: 'SDK example', ip: '203.0.113.9' };
    const users = await Promise.all(
      ['Alice', 'Bob'].map((name) =>
        custody.post('/users/individual-person', {
          body: { generalConditions: '2026-01-01', name },
        }),
      ),
    );
    const wallets = await Promise.all(
      users.map((user) =>
        custody.post('/users/{user}/wallets', {
          params: { path: { user: user.id } },
          body: { assetId: 'eth', ...device },
        }),
      ),
    );
    const [alice, bob] = users as [(typeof users)[0], (typeof users)[0]];
    const [aliceWallet, bobWallet] = wallets as [(typeof wallets)[0], (typeof wallets)[0]];

    // 4. An admin reports a confirmed deposit of 5 ETH to Alice's wallet.
    const admin = createCustodyClient({ baseUrl, apiClient: credentials.apiClient });
    await admin.login(credentials.admin);
    const income = await admin.post('/admin/incomes', {
      body: {
        walletId: aliceWallet.id,
        amount: '5',
        blockchainTransactionId: `0xsdk-example-${Date.now()}`,
        senderAddress: '0x000000000000000000000000000000000000bEEF',
        transactionTimestamp: new Date().toISOString(),
      },
    });
    await admin.patch('/admin/incomes/{income}', {
      params: { path: { income: income.id } },
      body: { status: 'confirmed' },
    });

    // 5. A transfer of 0.5 ETH from Alice to Bob (a failure throws CustodyError: status, code, errors).
    const transfer = await custody.post('/transfers', {
      body: {
        requestedTransactions: [
          {
            assetId: 'eth',
            senderUserId: alice.id,
            senderWalletId: aliceWallet.id,
            receiverUserId: bob.id,
            receiverWalletId: bobWallet.id,
            amount: '0.5',
          },
        ],
      },
    });

    // 6. Every transaction of Alice's wallet, one per page: the iterator follows Link rel="next".
    const transactionIds: string[] = [];
    for await (const transaction of custody.list('/users/{user}/wallets/{wallet}/transactions', {
      params: { path: { user: alice.id, wallet: aliceWallet.id }, query: { limit: '1' } },
    })) {
      transactionIds.push(transaction.id);
    }

    // 7. Follow the event feed until the transfer's event comes (30 s at most).
    const signal = AbortSignal.timeout(30_000);
    let followed: FeedEvent | undefined;
    for await (const event of custody.events.follow({
      types: ['transfer.is-created'],
      pollIntervalMs: 250,
      signal,
    })) {
      if ((event.data as { id?: string }).id === transfer.id) {
        followed = event;
        break;
      }
    }
    if (!followed) throw new Error('the event feed did not give the transfer');

    // 8. The webhook of the same event, verified by the receiver.
    while (!webhooks.some((event) => event.id === followed.id)) {
      if (signal.aborted) throw new Error('no verified webhook for the transfer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const webhook = webhooks.find((event) => event.id === followed.id) as FeedEvent;

    await admin.logout();
    await custody.logout();
    return {
      userIds: users.map((user) => user.id),
      walletIds: wallets.map((wallet) => wallet.id),
      transferId: transfer.id,
      transactionIds,
      webhook,
      followed,
    };
  } finally {
    receiver.close();
  }
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api, ApiResponse } from './api';

/** A local webhook receiver answering 204 to everything, handing each JSON body to `onEvent`. */
export async function startWebhookSink(
  onEvent: (body: { id: string; data: { id: string } }, headers: IncomingHttpHeaders) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      onEvent(JSON.parse(Buffer.concat(chunks).toString()), req.headers);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Subscribes the client's receiver `url` to each event kind. */
export async function subscribe(api: Api, token: string, events: string[], url: string) {
  const types = await api.get('/v1/notifications?limit=0', { token });
  for (const event of events) {
    const type = types.body.find((t: { event: string }) => t.event === event).id;
    await api.post(`/v1/notifications/${type}`, { token, body: { url } });
  }
}

/** `count` users of the tenant, each with an ETH wallet credited `amount` by a confirmed deposit. */
export async function fundedEthWallets(
  api: Api,
  options: { admin: string; token: string; count: number; amount: string; tag: string },
): Promise<{ user: string; wallet: string }[]> {
  return Promise.all(
    Array.from({ length: options.count }, async (_, i) => {
      const user = (
        await api.post('/v1/users/individual-person', {
          token: options.token,
          body: { generalConditions: '2026-01-01' },
        })
      ).body.id as string;
      const wallet = (
        await api.post(`/v1/users/${user}/wallets`, {
          token: options.token,
          body: { assetId: 'eth', device: 'faults', ip: '203.0.113.7' },
        })
      ).body.id as string;
      const income = await api.post('/v1/admin/incomes', {
        token: options.admin,
        body: {
          walletId: wallet,
          amount: options.amount,
          blockchainTransactionId: `0x${options.tag}${i}`,
          senderAddress: '0x000000000000000000000000000000000000bEEF',
          transactionTimestamp: '2026-11-01T10:00:00Z',
        },
      });
      await api.patch(`/v1/admin/incomes/${income.body.id}`, {
        token: options.admin,
        body: { status: 'confirmed' },
      });
      return { user, wallet };
    }),
  );
}

/**
 * Sends until the answer is definitive, as a production client does with its Idempotency-Key: a
 * 5xx, a dropped connection or 409 idempotency_in_progress is retried.
 */
export async function untilDefinitive(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (;;) {
    const res = await send().catch(() => undefined);
    if (res && res.status < 500 && res.body?.code !== 'idempotency_in_progress') return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the fault tests' stack runs with: patient RPC, no rate limit, fast webhook retries. */
export const FAULT_STACK_ENV = {
  gateway: { RPC_TIMEOUT_MS: '4000', RATE_LIMIT_PER_MINUTE: '0' },
  notifier: {
    NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '0,0.5,1,1,2,2,3,3,5,5,5,5',
    NOTIFIER_DISPATCH_INTERVAL_MS: '200',
  },
};

/** The body of a one-leg ETH transfer between two funded wallets. */
export function ethTransfer(
  from: { user: string; wallet: string },
  to: { user: string; wallet: string },
  amount: string,
) {
  return {
    requestedTransactions: [
      {
        assetId: 'eth',
        senderUserId: from.user,
        senderWalletId: from.wallet,
        receiverUserId: to.user,
        receiverWalletId: to.wallet,
        amount,
      },
    ],
  };
}

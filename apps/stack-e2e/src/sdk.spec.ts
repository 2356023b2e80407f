import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readmeExample } from '@custody/sdk';
import { Api } from './api';
import { BOOTSTRAP, type Stack, startStack } from './stack';

/**
 * The SDK against the real stack: the README's example runs end to end (login, users, wallets,
 * a funded transfer, a list walked page by page, a verified webhook, the event feed), and the
 * committed types are those of the documents the running gateway serves.
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

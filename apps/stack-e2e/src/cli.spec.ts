import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { verifyWebhook } from '@custody/sdk';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { BOOTSTRAP, type Stack, startStack } from './stack';
import { fund, newUser, openWallet } from './world';

/**
 * The `custody` command against the real stack, run as a subprocess: login keeps its session in a
 * 0600 file, reads print JSON, a refusal exits 1 with the problem's code, and `webhooks listen`
 * forwards the feed's events signed with its local secret.
 */

const BIN = path.resolve(__dirname, '../../cli/bin/custody.mjs');
const exec = promisify(execFile);
let stack: Stack;
let api: Api;
let configDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'notifier'],
  });
  api = new Api(stack.gatewayUrl);
  configDir = mkdtempSync(path.join(tmpdir(), 'custody-cli-'));
}, 120_000);

afterAll(async () => {
  await stack?.cleanup();
  rmSync(configDir, { recursive: true, force: true });
});

async function custody(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      [BIN, '--api', stack.gatewayUrl, ...args],
      { env: { ...{}, ...process.env, ...env }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('logs in, reads, refuses with the problem code, and forwards signed webhooks', async () => {
  const admin = await api.adminToken();
  const client = await api.newClient(admin, 'CLI user');
  const user = await newUser(api, client.token);
  const wallet = await openWallet(api, client.token, user, 'eth');
  const other = await newUser(api, client.token, 'Bob');
  const otherWallet = await openWallet(api, client.token, other, 'eth');
  await fund(api, admin, wallet, '3');
  env = {
    CUSTODY_CONFIG_DIR: configDir,
    CUSTODY_PASSWORD: client.password,
    CUSTODY_API_CLIENT_ID: BOOTSTRAP.apiClientId,
    CUSTODY_API_CLIENT_SECRET: BOOTSTRAP.apiClientSecret,
  };

  const login = await custody('login', '--email', client.email, '--json');
  expect(login.code).toBe(0);
  expect(statSync(path.join(configDir, 'config.json')).mode & 0o777).toBe(0o600);

  // A client lists its own tenant's users (an extension; an admin lists every tenant's).
  const listed = await custody('users', 'list', '--json');
  expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
  expect((JSON.parse(listed.stdout) as { id: string }[]).map((u) => u.id).sort()).toEqual(
    [user, other].sort(),
  );
  const read = await custody('users', 'get', user, '--json');
  expect({ code: read.code, stderr: read.stderr }).toEqual({ code: 0, stderr: '' });
  expect(JSON.parse(read.stdout)).toMatchObject({ id: user });
  const balance = await custody('balance', user, wallet, '--json');
  expect(JSON.parse(balance.stdout)).toMatchObject({ balance: '3', availableBalance: '3' });

  const refused = await custody(
    'transfer',
    '--from-user',
    user,
    '--from-wallet',
    wallet,
    '--to-user',
    other,
    '--to-wallet',
    otherWallet,
    '--asset',
    'eth',
    '--amount',
    '999999',
  );
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^error insufficient_balance:/);

  // `webhooks listen` forwards each new event to a local receiver, signed with its secret.
  const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const listen = spawn(
    process.execPath,
    [
      BIN,
      '--api',
      stack.gatewayUrl,
      'webhooks',
      'listen',
      '--forward-to',
      `http://127.0.0.1:${port}/hooks`,
      '--types',
      'transfer.is-created',
      '--poll-interval',
      '200',
      '--json',
    ],
    { env: { ...{}, ...process.env, ...env } },
  );
  try {
    let output = '';
    listen.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const secret = await waitFor(
      () => {
        const line = output.split('\n').find((l) => l.includes('"ready"'));
        return line ? (JSON.parse(line) as { secret: string }).secret : undefined;
      },
      { timeoutMs: 30_000, what: 'webhooks listen ready' },
    );
    const sent = await custody(
      'transfer',
      '--from-user',
      user,
      '--from-wallet',
      wallet,
      '--to-user',
      other,
      '--to-wallet',
      otherWallet,
      '--asset',
      'eth',
      '--amount',
      '1',
      '--json',
    );
    expect(sent.code).toBe(0);
    const transferId = (JSON.parse(sent.stdout) as { id: string }).id;
    await waitFor(() => received.length > 0, { timeoutMs: 30_000, what: 'a forwarded event' });
    const [first] = received;
    const event = verifyWebhook(secret, first!.body, first!.headers);
    expect(event.event).toBe('transfer.is-created');
    expect((event.data as { id: string }).id).toBe(transferId);
  } finally {
    listen.kill('SIGTERM');
    await new Promise((resolve) => listen.once('exit', resolve));
    await new Promise((resolve) => receiver.close(resolve));
  }
  expect(listen.exitCode).toBe(0);
}, 180_000);

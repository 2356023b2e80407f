import { readFileSync } from 'node:fs';
import { parseLinkHeader } from '@custody/sdk';
import { Api, expectProblem } from './api';
import { withDatabase } from './database';
import { type Stack, startStack } from './stack';
import { newUser, openWallet } from './world';

/**
 * Lists whose cost follows what they return, over HTTP through the gateway, on a wallet seeded
 * with 30,000 movements: totals counted up to their cap, cursor pages that miss and repeat no
 * row while rows are added, `limit=0` streamed with bounded memory, a stream the client leaves
 * stopping the service's work, and the cursor's refusals.
 */

const SEEDED = 30_000;
let stack: Stack;
let api: Api;
let tenant: string;
let path: string;
let walletId: string;

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'trading', 'signing'] });
  api = new Api(stack.gatewayUrl);
  const admin = await api.adminToken();
  const client = await api.newClient(admin, 'Scale');
  tenant = client.token;
  const user = await newUser(api, tenant);
  walletId = await openWallet(api, tenant, user);
  path = `/v1/users/${user}/wallets/${walletId}/transactions`;
  // The read model rows the ledger writes with each movement, in bulk.
  await withDatabase(stack.databaseUrl, (db) =>
    db.query(
      `INSERT INTO ledger.transactions (id, tenant_id, user_id, wallet_id, asset_id, operation_id,
         type, movement, movement_subtype, status, amount, wallet_balance_after, sender, receiver,
         created_at)
       SELECT gen_random_uuid(), $1, $2::uuid, $3::uuid, 'eth', gen_random_uuid(), 'deposit',
         'in', 'external', 'confirmed', '0.001', i * 0.001,
         jsonb_build_object('address', '0x000000000000000000000000000000000000bEEF'),
         jsonb_build_object('walletId', $3::text, 'address', 'seeded', 'userId', $2::text),
         '2026-01-01'::timestamptz + i * interval '1 millisecond'
       FROM generate_series(1, ${SEEDED}) AS i`,
      [client.id, user, walletId],
    ),
  );
  await withDatabase(stack.databaseUrl, (db) => db.query('ANALYZE ledger.transactions'));
}, 180_000);

afterAll(async () => {
  await stack?.cleanup();
});

const nextOf = (headers: Headers) =>
  parseLinkHeader(headers.get('link')).find((link) => link.rels.includes('next'))?.target;

/** How many list calls wallet-ledger has answered (its /metrics). */
async function listCalls(): Promise<number> {
  const text = await (await fetch(`${stack.apps['wallet-ledger'].url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) =>
      /^rpc_server_duration_seconds_count\{[^}]*method="transactions\.list"/.test(line),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

it('counts up to 1,000 and says the total is a lower bound; links the next page by cursor', async () => {
  const page = await api.get(`${path}?limit=50`, { token: tenant });
  expect(page.status).toBe(200);
  expect(page.body).toHaveLength(50);
  expect(page.headers.get('x-total-count')).toBe('1000');
  expect(page.headers.get('x-total-count-lower-bound')).toBe('true');
  expect(page.headers.get('link')).not.toContain('rel="last"');
  const next = nextOf(page.headers)!;
  expect(next).toMatch(/[?&]after=[A-Za-z0-9_-]+/);
  const following = await api.get(next, { token: tenant });
  const byPage = await api.get(`${path}?limit=50&page=2`, { token: tenant });
  expect(following.body.map((t: { id: string }) => t.id)).toEqual(
    byPage.body.map((t: { id: string }) => t.id),
  );
  // A filter that matches nothing: an exact zero, no next page.
  const none = await api.get(`${path}?limit=50&movement=out`, { token: tenant });
  expect(none.body).toEqual([]);
  expect(none.headers.get('x-total-count')).toBe('0');
  expect(none.headers.get('x-total-count-lower-bound')).toBeNull();
});

it('walks the wallet by cursor, each row once, while new rows are written', async () => {
  const seen: string[] = [];
  let url: string | undefined = `${path}?limit=1000&sort=createdAt`;
  let added = 0;
  while (url) {
    const page = await api.get(url, { token: tenant });
    expect(page.status).toBe(200);
    seen.push(...page.body.map((t: { id: string }) => t.id));
    url = nextOf(page.headers);
    // Rows written meanwhile: one before the walk's position, one after its end.
    await withDatabase(stack.databaseUrl, (db) =>
      db.query(
        `INSERT INTO ledger.transactions (id, tenant_id, user_id, wallet_id, asset_id,
           operation_id, type, movement, movement_subtype, status, amount, wallet_balance_after,
           sender, receiver, created_at)
         SELECT gen_random_uuid(), tenant_id, user_id, wallet_id, asset_id, gen_random_uuid(),
           type, movement, movement_subtype, status, amount, wallet_balance_after, sender,
           receiver, v.at
         FROM (SELECT * FROM ledger.transactions WHERE wallet_id = $1 LIMIT 1) AS t,
           (VALUES ('2025-06-01'::timestamptz + $2 * interval '1 ms'),
                   ('2027-06-01'::timestamptz + $2 * interval '1 ms')) AS v(at)`,
        [walletId, added],
      ),
    );
    added += 1;
  }
  expect(new Set(seen).size).toBe(seen.length);
  // The seeded rows and the rows added ahead of the walk before its last page (31 pages).
  expect(seen).toHaveLength(SEEDED + added - 1);
});

it('streams limit=0 as one JSON array, with bounded memory in the gateway', async () => {
  const { rows } = await withDatabase(stack.databaseUrl, (db) =>
    db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger.transactions WHERE wallet_id = $1',
      [walletId],
    ),
  );
  const pid = stack.apps.gateway.child.pid!;
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 20);
  try {
    const response = await fetch(`${stack.gatewayUrl}${path}?limit=0`, {
      headers: { authorization: `Bearer ${tenant}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const all = (await response.json()) as { id: string; walletId?: string }[];
    expect(all).toHaveLength(rows[0]!.n);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
  } finally {
    clearInterval(sampler);
  }
  // Printed for the record; the bound is the issue's.
  console.log(`limit=0 over ${rows[0]!.n} rows: gateway RSS +${(peak - before) >> 20} MB`);
  expect(peak - before).toBeLessThan(64 * 1024 * 1024);
}, 120_000);

it('stops fetching pages when the client leaves a limit=0 stream', async () => {
  const calls = await listCalls();
  const controller = new AbortController();
  const response = await fetch(`${stack.gatewayUrl}${path}?limit=0`, {
    headers: { authorization: `Bearer ${tenant}` },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  await reader.read();
  controller.abort();
  await reader.cancel().catch(() => undefined);
  // The gateway may have a page in flight when the client leaves; none is asked for after it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await listCalls();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await listCalls()).toBe(after);
  // Far fewer than the whole list's pages (301 pages of 100 rows): what the socket buffers held when
  // the client stopped reading, and no more.
  expect(after - calls).toBeLessThan(40);
}, 60_000);

it('refuses a cursor it did not give, one made under another sort, and page with after', async () => {
  expectProblem(
    await api.get(
      `${path}?after=${Buffer.from('["createdAt:desc",null,"x"]').toString('base64url')}x`,
      {
        token: tenant,
      },
    ),
    400,
    'invalid_cursor',
  );
  const page = await api.get(`${path}?limit=5&sort=createdAt`, { token: tenant });
  const after = new URL(nextOf(page.headers)!, stack.gatewayUrl).searchParams.get('after')!;
  expectProblem(
    await api.get(`${path}?limit=5&sort=-createdAt&after=${after}`, { token: tenant }),
    400,
    'invalid_cursor',
  );
  expectProblem(
    await api.get(`${path}?page=2&after=${after}`, { token: tenant }),
    400,
    'validation_failed',
  );
});

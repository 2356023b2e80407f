import path from 'node:path';
import { formatEther, parseEther } from 'ethers';
import type pg from 'pg';
import { type AppName } from '@custody/contracts';
import { sub } from '@custody/money';
import { expectProblem, waitFor, withLogin } from '@custody/testing';
import { approvalsWorld } from './approvals-world';
import {
  adapterRunning,
  balanceOf,
  type ChainWorld,
  type CustodyWallet,
  mineUntil as mineUntilIn,
  newWallet,
  startChainWorld,
  stopChainWorld,
  withdrawalBody,
} from './chain-world';
import { runAsync } from './restore-cluster';

// Withdrawals survive a crash of wallet-ledger between any two of their steps (nonce reserved,
// signed, stored, broadcast; a gas top-up's nonce reserved): after the restart each is sent once,
// with the nonce it had, and the stored next nonce of every address equals the chain's count.
// And a crash of the books themselves: a database gone back in time on the same cluster (a
// snapshot restored in place, no restore-prepare) pays nothing twice.
let world: ChainWorld;
let db: pg.Client;

beforeAll(async () => {
  world = await startChainWorld({ tenantName: 'Crash-safe withdrawals', gasStationEth: '5' });
  db = world.db;
}, 180_000);

afterAll(() => stopChainWorld(world));

const balance = (w: CustodyWallet) => balanceOf(world, w);
const mineUntil = (check: () => Promise<boolean>, what: string) => mineUntilIn(world, check, what);

/** A wallet of the asset with 1 ETH or 100 USDC deposited on chain and credited. */
async function fundedWallet(assetId: 'eth' | 'usdc'): Promise<CustodyWallet> {
  const w = await newWallet(world, assetId);
  const sent =
    assetId === 'eth'
      ? await world.chain.funder.sendTransaction({ to: w.address, value: parseEther('1') })
      : await world.chain.tokenAs(world.chain.funder).getFunction('transfer')(
          w.address,
          100_000_000n,
        );
  await sent.wait();
  await mineUntil(async () => (await balance(w)) !== '0', 'the deposit to be credited');
  return w;
}

/** The stored next nonce of an address and its count on chain (all mined). */
async function nonces(address: string) {
  const { rows } = await db.query<{ next: string }>(
    'SELECT next_nonce AS next FROM ledger.chain_nonces WHERE address = $1',
    [address],
  );
  return {
    stored: Number(rows[0]?.next),
    chain: await world.chain.provider.getTransactionCount(address, 'latest'),
  };
}

it.each([
  ['its nonce is reserved', 'chain.sender.after-nonce', 'eth'],
  ['it is signed', 'chain.sender.after-sign', 'eth'],
  ['its signed transaction is stored', 'chain.sender.after-store', 'eth'],
  ['it is broadcast', 'chain.sender.after-broadcast', 'eth'],
  ["its gas top-up's nonce is reserved", 'chain.sender.top-up-after-nonce', 'usdc'],
] as const)(
  'sends a withdrawal once when wallet-ledger is killed after %s',
  async (_step, failpoint, assetId) => {
    const w = await fundedWallet(assetId);
    const gasStation = (await world.api.get('/v1/admin/chain', { token: world.admin })).body
      .gasStation.address as string;
    const stationBefore = await world.chain.provider.getTransactionCount(gasStation, 'latest');
    await world.stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: failpoint });
    await adapterRunning(world);
    const created = await world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: world.tenant.token,
      body: withdrawalBody(assetId, assetId === 'eth' ? '0.1' : '10'),
    });
    expect(created.status).toBe(201);
    // The failpoint kills the process (SIGKILL) at that step.
    expect((await world.stack.exited('wallet-ledger')).signal).toBe('SIGKILL');
    await world.stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: '' });
    await adapterRunning(world);
    const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
    await mineUntil(
      async () =>
        (await world.api.get(path, { token: world.tenant.token })).body.status === 'confirmed',
      'the withdrawal to be confirmed',
    );
    expect(await nonces(w.address)).toEqual({ stored: 1, chain: 1 });
    if (assetId === 'usdc') {
      const station = await nonces(gasStation);
      expect(station.stored).toBe(station.chain);
      expect(station.chain).toBe(stationBefore + 1);
    }
    // Debited once: the amount, and (native coin) the fee of the one transaction mined.
    const { fee } = (await world.api.get(path, { token: world.tenant.token })).body as {
      fee: string;
    };
    expect(await balance(w)).toBe(assetId === 'eth' ? sub('0.9', fee) : '90');
    const check = await world.api.get('/v1/admin/ledger/check', { token: world.admin });
    expect(check.body).toMatchObject({ ok: true, violations: [] });
  },
  120_000,
);

it('gives 50 concurrent withdrawals from one address contiguous nonces', async () => {
  const w = await fundedWallet('eth');
  const created = await Promise.all(
    Array.from({ length: 50 }, () =>
      world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
        token: world.tenant.token,
        body: withdrawalBody('eth', '0.001'),
      }),
    ),
  );
  expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
  const read = (id: string) =>
    world.api.get(`/v1/users/${w.user}/wallets/${w.id}/withdrawals/${id}`, {
      token: world.tenant.token,
    });
  await mineUntil(
    async () =>
      (await Promise.all(created.map(async (r) => (await read(r.body.id)).body.status))).every(
        (s) => s === 'confirmed',
      ),
    'all 50 withdrawals to be confirmed',
  );
  const hashes = await Promise.all(
    created.map(async (r) => (await read(r.body.id)).body.blockchainTransactionId as string),
  );
  const used = await Promise.all(
    hashes.map(async (hash) => (await world.chain.provider.getTransaction(hash))!.nonce),
  );
  expect([...used].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  expect(await nonces(w.address)).toEqual({ stored: 50, chain: 50 });
}, 180_000);

describe('a snapshot of the database restored in place, without restore-prepare', () => {
  const ROOT = path.resolve(__dirname, '../../..');

  /** A service's command (`node dist/apps/<app>/main.js …`) with its own database login. */
  async function command(app: AppName, args: string[]) {
    const databaseUrl = withLogin(world.stack.databaseUrl, app, `dev-pg-${app}`);
    const out = await runAsync(
      process.execPath,
      [path.join(ROOT, 'dist', 'apps', app, 'main.js'), ...args],
      { DATABASE_URL: databaseUrl },
    );
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, any>;
  }

  async function readyz(): Promise<{ status: number; detail: string }> {
    const res = await fetch(`${world.stack.apps['wallet-ledger'].url}/readyz`);
    const body = (await res.json()) as { checks?: { restore?: { detail?: string } } };
    return { status: res.status, detail: String(body.checks?.restore?.detail ?? '') };
  }

  /** A row as it is now, to be put back later as a snapshot would. */
  async function rowOf(table: string, id: string): Promise<Record<string, unknown>> {
    const { rows } = await db.query(
      `SELECT row_to_json(t) AS row FROM ledger.${table} t WHERE id = $1`,
      [id],
    );
    return rows[0].row;
  }

  async function putBack(table: string, row: Record<string, unknown>): Promise<void> {
    const { rows } = await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'ledger' AND table_name = $1 AND column_name <> 'id'`,
      [table],
    );
    const columns = rows.map((r) => `"${r.name}"`).join(', ');
    await db.query(
      `UPDATE ledger.${table} SET (${columns}) =
         (SELECT ${columns} FROM json_populate_record(NULL::ledger.${table}, $1::json))
        WHERE id = $2`,
      [JSON.stringify(row), row['id']],
    );
  }

  it('sends nothing more, closes the gate saying why, and books the payment once after restore-resolve', async () => {
    const { api, admin, chain } = world;
    const approvals = approvalsWorld(
      () => api,
      () => admin,
    );
    const tenant = await api.newClient(admin, 'Snapshot restored in place');
    const approver = await approvals.member(tenant.id, [['approvals', 'decide']]);
    await approvals.policy(tenant.token, {
      name: 'Every withdrawal waits for one approval',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    const own = { ...world, tenant };
    const w = await newWallet(own, 'eth');
    await (await chain.funder.sendTransaction({ to: w.address, value: parseEther('1') })).wait();
    await mineUntil(async () => (await balanceOf(own, w)) === '1', 'the deposit');
    const withdraw = async (amount: string) => {
      const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
        token: tenant.token,
        body: withdrawalBody('eth', amount),
      });
      expect(created.status).toBe(201);
      const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
      const read = async () =>
        (await api.get(path, { token: tenant.token })).body as {
          id: string;
          status: string;
          approvalId: string;
          receiverAddress: string;
          blockchainTransactionId: string | null;
        };
      return { id: created.body.id as string, read };
    };
    const paid = await withdraw('0.25');
    const later = await withdraw('0.1');
    expect((await paid.read()).status).toBe('pending_approval');
    expect((await later.read()).status).toBe('pending_approval');
    const receiver = (await paid.read()).receiverAddress;

    // The snapshot: the books as they are, both withdrawals held. Then the first is approved and
    // paid on chain (mined; confirmed needs one more block).
    const holdId = (
      await db.query<{ hold_id: string }>('SELECT hold_id FROM ledger.withdrawals WHERE id = $1', [
        paid.id,
      ])
    ).rows[0]!.hold_id;
    const hold = await rowOf('holds', holdId);
    const snapshot = {
      withdrawal: await rowOf('withdrawals', paid.id),
      hold,
      account: await rowOf('accounts', hold['account_id'] as string),
      cursor: (await db.query('SELECT block_number FROM ledger.chain_cursors')).rows[0]
        .block_number,
    };
    expect(
      (await db.query('SELECT 1 FROM ledger.chain_nonces WHERE address = $1', [w.address]))
        .rowCount,
    ).toBe(0);
    expect((await approvals.decide(approver.token, (await paid.read()).approvalId)).status).toBe(
      201,
    );
    await waitFor(async () => (await paid.read()).status === 'broadcast', { what: 'the payment' });
    const hash = (await paid.read()).blockchainTransactionId!;
    await waitFor(async () => (await chain.provider.getTransactionReceipt(hash)) !== null, {
      what: 'the payment mined',
    });
    expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
    const onChain = await chain.provider.getBalance(w.address);

    // The snapshot restored in place: the same cluster and timeline, the books back to the
    // withdrawal approved and not sent (no nonce counter for the address, the cursor back).
    await db.query('BEGIN');
    await putBack('withdrawals', { ...snapshot.withdrawal, status: 'prepared' });
    await putBack('holds', snapshot.hold);
    await putBack('accounts', snapshot.account);
    await db.query('DELETE FROM ledger.withdrawal_attempts WHERE withdrawal_id = $1', [paid.id]);
    await db.query('DELETE FROM ledger.chain_nonces WHERE address = $1', [w.address]);
    await db.query('UPDATE ledger.chain_cursors SET block_number = $1', [snapshot.cursor]);
    await db.query('COMMIT');

    // The sender finds the chain ahead of the books at that address: it sends nothing and closes
    // the gate, saying why; the restore it opened finds the payment and proposes the withdrawal.
    const closed = await waitFor(
      async () => {
        const { status, detail } = await readyz();
        return status === 503 && detail.includes('unmatched') ? detail : undefined;
      },
      { timeoutMs: 90_000, what: 'the restore to find the payment the books never sent' },
    );
    expect(closed).toContain('opened by wallet-ledger: the books are behind the chain');
    expect(closed).toContain(`${w.address} on `);
    const status = await command('wallet-ledger', ['restore-status']);
    expect(status).toMatchObject({ origin: 'detected', status: 'pending' });
    expect(status['report']['findings']).toEqual([
      {
        hash: hash.toLowerCase(),
        from: expect.any(String),
        nonce: 0,
        finding: expect.objectContaining({ kind: 'unmatched', candidates: [paid.id] }),
      },
    ]);
    expect(await chain.provider.getTransactionCount(w.address, 'pending')).toBe(1);
    expect(await chain.provider.getBalance(w.address)).toBe(onChain);
    expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
    expect(await paid.read()).toMatchObject({ status: 'prepared', blockchainTransactionId: null });
    expectProblem(
      await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
        token: tenant.token,
        body: withdrawalBody('eth', '0.01'),
      }),
      503,
      'restore_in_progress',
    );
    const metrics = await (await fetch(`${world.stack.apps['wallet-ledger'].url}/metrics`)).text();
    expect(metrics).toMatch(/^restore_open\{origin="detected"[^}]*\} 1$/m);

    // An approval decided meanwhile waits: its event is deferred, not applied and not lost.
    const logged = world.stack.apps['wallet-ledger'].logs.length;
    expect((await approvals.decide(approver.token, (await later.read()).approvalId)).status).toBe(
      201,
    );
    await waitFor(
      () =>
        world.stack.apps['wallet-ledger'].logs
          .slice(logged)
          .some((l) => l['msg'] === 'event deferred' && l['event'] === 'approval.is-decided'),
      { what: "the approval's outcome deferred" },
    );
    expect((await later.read()).status).toBe('pending_approval');

    // The operator answers: that payment was this withdrawal. The restore books it and completes.
    await command('wallet-ledger', ['restore-resolve', '--tx', hash, '--withdrawal', paid.id]);
    await mineUntil(async () => (await readyz()).status === 200, 'the restore to complete');
    expect(await command('policy', ['restore-release'])).toMatchObject({ cancelledApprovals: 0 });
    expect(await command('wallet-ledger', ['restore-status'])).toMatchObject({
      origin: 'detected',
      status: 'complete',
    });

    // Booked once, on the payment the chain shows; the approval decided meanwhile goes on.
    await mineUntil(
      async () =>
        (await paid.read()).status === 'confirmed' && (await later.read()).status === 'confirmed',
      'both withdrawals confirmed',
    );
    expect((await paid.read()).blockchainTransactionId).toBe(hash);
    expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
    expect(await nonces(w.address)).toEqual({ stored: 2, chain: 2 });
    const left = formatEther(await chain.provider.getBalance(w.address)).replace(/\.0$/, '');
    expect(await balanceOf(own, w)).toBe(left);
    expect((await api.get('/v1/admin/ledger/check', { token: admin })).body).toMatchObject({
      ok: true,
      violations: [],
    });
  }, 180_000);
});

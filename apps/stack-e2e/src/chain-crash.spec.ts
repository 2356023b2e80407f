import path from 'node:path';
import { formatEther, parseEther, Wallet as EvmWallet } from 'ethers';
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

/**
 * A tenant of its own whose `activity` waits for one approval, its approver, and a wallet of it
 * holding 1 ETH deposited on chain and credited.
 */
async function approvingTenant(name: string, activity: 'withdrawal' | 'sign-tx') {
  const { api, admin, chain } = world;
  const approvals = approvalsWorld(
    () => api,
    () => admin,
  );
  const tenant = await api.newClient(admin, name);
  const approver = await approvals.member(tenant.id, [['approvals', 'decide']]);
  await approvals.policy(tenant.token, {
    name: `Every ${activity} waits for one approval`,
    activity,
    rule: { kind: 'always' },
    action: 'require_approval',
    approvers: { quorum: 1 },
  });
  const own = { ...world, tenant };
  const w = await newWallet(own, 'eth');
  await (await chain.funder.sendTransaction({ to: w.address, value: parseEther('1') })).wait();
  await mineUntil(async () => (await balanceOf(own, w)) === '1', 'the deposit');
  return { approvals, tenant, approver, own, w };
}

/** A sign-tx of the wallet at `base` paying 0.1 ETH to `to` at nonce 0. */
function signTxPaying(
  base: string,
  token: string,
  to: string,
  fees: { maxFeePerGas: bigint | null; maxPriorityFeePerGas: bigint | null },
) {
  return world.api.post(base, {
    token,
    body: {
      txJson: {
        to,
        value: String(parseEther('0.1')),
        gasLimit: '21000',
        maxFeePerGas: String(fees.maxFeePerGas),
        maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas),
        nonce: '0',
      },
    },
  });
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

// A held signature is signed after its approval's event, outside any transaction: the event is
// taken while the signer does not answer, and a crash between the signature and its record
// signs it again and records it once (signatures/sign-approved-signatures.ts).
it('records a held sign-tx once, signed outside the approval event, when wallet-ledger is killed after signing it', async () => {
  const { api, admin } = world;
  const { approvals, tenant, approver, w } = await approvingTenant(
    'Held signatures, crashed',
    'sign-tx',
  );
  // A short RPC deadline: the claim of the process killed holding the item lapses sooner.
  await world.stack.restart('wallet-ledger', 'SIGTERM', {
    FAILPOINTS: 'signatures.approved.after-sign',
    RPC_TIMEOUT_MS: '2000',
  });
  await adapterRunning(world);
  const fees = await world.chain.provider.getFeeData();
  const base = `/v1/users/${w.user}/wallets/${w.id}/sign-tx`;
  const held = await signTxPaying(
    base,
    tenant.token,
    '0x4242424242424242424242424242424242424242',
    fees,
  );
  expect(held.status).toBe(200);
  const read = async () =>
    (await api.get(`${base}/${held.body.id}`, { token: tenant.token })).body as {
      status: string;
      approvalId: string;
      signedTx: string | null;
      withdrawalId?: string;
    };
  expect(await read()).toMatchObject({ status: 'pending_approval', signedTx: null });

  // The signer paused: the approval's event is taken all the same, the item `approved`.
  const signing = world.stack.apps.signing.child;
  signing.kill('SIGSTOP');
  try {
    expect((await approvals.decide(approver.token, (await read()).approvalId)).status).toBe(201);
    await waitFor(async () => (await read()).status === 'approved', {
      what: 'the approval taken while the signer does not answer',
    });
  } finally {
    signing.kill('SIGCONT');
  }
  // Signed once the signer answers, then killed before it is recorded.
  expect((await world.stack.exited('wallet-ledger')).signal).toBe('SIGKILL');
  const stored = await db.query('SELECT status FROM ledger.signed_items WHERE id = $1', [
    held.body.id,
  ]);
  expect(stored.rows[0]?.status).toBe('approved');
  await world.stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: '', RPC_TIMEOUT_MS: '' });
  await waitFor(async () => (await read()).status === 'sent', {
    timeoutMs: 30_000,
    what: 'the held transaction signed again and recorded',
  });
  const sent = await read();
  expect(sent.signedTx).toMatch(/^0x/);
  // Recorded once: one nonce taken, one withdrawal holding what it moves.
  const holds = await db.query('SELECT id FROM ledger.withdrawals WHERE signed_tx_id = $1', [
    held.body.id,
  ]);
  expect(holds.rows.map((r) => r.id)).toEqual([sent.withdrawalId]);
  const counter = await db.query<{ next: string }>(
    'SELECT next_nonce AS next FROM ledger.chain_nonces WHERE address = $1',
    [w.address],
  );
  expect(Number(counter.rows[0]?.next)).toBe(1);
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
}, 120_000);

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

/** wallet-ledger's readiness and what its restore check says. */
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

/** The operator opens the restore (runbook step 4), which stays open on an unmatched finding. */
async function preparedUntilUnmatched(what: string): Promise<Record<string, any>> {
  await command('wallet-ledger', ['restore-prepare']);
  await mineUntil(async () => {
    const { status, detail } = await readyz();
    return status === 503 && detail.includes('unmatched');
  }, what);
  return command('wallet-ledger', ['restore-status']);
}

describe('a snapshot of the database restored in place, without restore-prepare', () => {
  it('sends nothing more, closes the gate saying why, and books the payment once after restore-resolve', async () => {
    const { api, admin, chain } = world;
    const { approvals, tenant, approver, own, w } = await approvingTenant(
      'Snapshot restored in place',
      'withdrawal',
    );
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

  it("refuses a client's signed transaction from the address before the sender finds the books behind", async () => {
    const { api, admin, chain } = world;
    const { approvals, tenant, approver, w } = await approvingTenant(
      'Snapshot restored in place, then sign-tx',
      'withdrawal',
    );
    const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: tenant.token,
      body: withdrawalBody('eth', '0.25'),
    });
    expect(created.status).toBe(201);
    const paidPath = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
    const read = async () =>
      (await api.get(paidPath, { token: tenant.token })).body as {
        status: string;
        approvalId: string;
        receiverAddress: string;
        blockchainTransactionId: string | null;
      };
    const receiver = (await read()).receiverAddress;

    // The snapshot: the withdrawal waits for its approval. Then it is approved and paid.
    const holdId = (
      await db.query<{ hold_id: string }>('SELECT hold_id FROM ledger.withdrawals WHERE id = $1', [
        created.body.id,
      ])
    ).rows[0]!.hold_id;
    const hold = await rowOf('holds', holdId);
    const snapshot = {
      withdrawal: await rowOf('withdrawals', created.body.id),
      hold,
      account: await rowOf('accounts', hold['account_id'] as string),
      cursor: (await db.query('SELECT block_number FROM ledger.chain_cursors')).rows[0]
        .block_number,
    };
    expect((await approvals.decide(approver.token, (await read()).approvalId)).status).toBe(201);
    await waitFor(async () => (await read()).status === 'broadcast', { what: 'the payment' });
    const hash = (await read()).blockchainTransactionId!;
    await waitFor(async () => (await chain.provider.getTransactionReceipt(hash)) !== null, {
      what: 'the payment mined',
    });

    // Restored in place as it was: nothing for the sender to send from the address, so a client's
    // signed transaction is the first to meet the chain ahead of the books.
    await db.query('BEGIN');
    await putBack('withdrawals', snapshot.withdrawal);
    await putBack('holds', snapshot.hold);
    await putBack('accounts', snapshot.account);
    await db.query('DELETE FROM ledger.withdrawal_attempts WHERE withdrawal_id = $1', [
      created.body.id,
    ]);
    await db.query('DELETE FROM ledger.chain_nonces WHERE address = $1', [w.address]);
    await db.query('UPDATE ledger.chain_cursors SET block_number = $1', [snapshot.cursor]);
    await db.query('COMMIT');
    expect((await read()).status).toBe('pending_approval');

    // An honest wallet asks the node for the next nonce: 1. Taking it would move the counter past
    // the lost payment, and the withdrawal be sent again after it.
    const fees = await chain.provider.getFeeData();
    const nonce = await chain.provider.getTransactionCount(w.address, 'pending');
    expect(nonce).toBe(1);
    const signTx = await api.post(`/v1/users/${w.user}/wallets/${w.id}/sign-tx`, {
      token: tenant.token,
      body: {
        txJson: {
          to: receiver,
          // A signature's policies, not a withdrawal's: it is signed at once.
          value: '0',
          gasLimit: '21000',
          maxFeePerGas: String(fees.maxFeePerGas),
          maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas),
          nonce: String(nonce),
        },
      },
    });
    // Refused either way: the node's count shows the books behind (503, the restore opened), or,
    // a node lagging behind its own head, the nonce past the counter is a gap (409).
    expect([signTx.status, signTx.body.code]).toEqual(
      signTx.status === 503 ? [503, 'restore_in_progress'] : [409, 'nonce_gap'],
    );
    const { rows: counters } = await db.query(
      'SELECT next_nonce FROM ledger.chain_nonces WHERE address = $1',
      [w.address],
    );
    expect(counters).toEqual([]);
    let closed = '';
    await mineUntil(async () => {
      const { status, detail } = await readyz();
      closed = detail;
      return status === 503 && detail.includes('unmatched');
    }, 'the restore to find the payment the books never sent').catch((e) => {
      console.log(
        'DEBUGLOGS\n' +
          world.stack.apps['wallet-ledger'].logs
            .filter((l) => l['path'] !== '/readyz' && l['msg'] !== 'request')
            .slice(-60)
            .map((l) => JSON.stringify(l))
            .join('\n'),
      );
      throw e;
    });
    expect(closed).toContain('opened by wallet-ledger: the books are behind the chain');
    expect(closed).toContain(`${w.address} on `);
    expect(await command('wallet-ledger', ['restore-status'])).toMatchObject({
      origin: 'detected',
      status: 'pending',
    });

    // The operator books the payment on the withdrawal; it is paid once.
    await command('wallet-ledger', [
      'restore-resolve',
      '--tx',
      hash,
      '--withdrawal',
      created.body.id,
    ]);
    await mineUntil(async () => (await readyz()).status === 200, 'the restore to complete');
    await command('policy', ['restore-release']);
    await mineUntil(async () => (await read()).status === 'confirmed', 'the withdrawal confirmed');
    expect((await read()).blockchainTransactionId).toBe(hash);
    expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
    expect(await nonces(w.address)).toEqual({ stored: 1, chain: 1 });
    expect((await api.get('/v1/admin/ledger/check', { token: admin })).body).toMatchObject({
      ok: true,
      violations: [],
    });
  }, 180_000);
});

describe("a client's signed transaction lost with a snapshot restored in place", () => {
  it('is resolved with --signed when it moved nothing of its wallet, and the restore completes', async () => {
    const { api, chain, tenant } = world;
    const w = await fundedWallet('usdc');
    // The client's own coin at the address for the gas of what it signs.
    await (await chain.funder.sendTransaction({ to: w.address, value: parseEther('0.1') })).wait();
    const cursor = (await db.query('SELECT block_number FROM ledger.chain_cursors')).rows[0]
      .block_number;

    // After the point the snapshot keeps: the client signs an approve of 0 (it moves none of the
    // wallet's USDC: no withdrawal holds it) and sends it.
    const fees = await chain.provider.getFeeData();
    const spender = '0x4242424242424242424242424242424242424242';
    const signTx = await api.post(`/v1/users/${w.user}/wallets/${w.id}/sign-tx`, {
      token: tenant.token,
      body: {
        txJson: {
          to: chain.token,
          value: '0',
          data: chain.tokenAs(chain.funder).interface.encodeFunctionData('approve', [spender, 0n]),
          gasLimit: '100000',
          maxFeePerGas: String(fees.maxFeePerGas),
          maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas),
          nonce: '0',
        },
      },
    });
    expect(signTx.status).toBe(200);
    const record = (
      await api.get(`/v1/users/${w.user}/wallets/${w.id}/sign-tx/${signTx.body.id}`, {
        token: tenant.token,
      })
    ).body as { signedTx: string; hash: string; withdrawalId?: string };
    expect(record.withdrawalId).toBeUndefined();
    await (await chain.provider.broadcastTransaction(record.signedTx)).wait();

    // The snapshot restored in place: the signed item and the address's counter gone, the cursor
    // back.
    await db.query('BEGIN');
    await db.query('DELETE FROM ledger.signed_items WHERE id = $1', [signTx.body.id]);
    await db.query('DELETE FROM ledger.chain_nonces WHERE address = $1', [w.address]);
    await db.query('UPDATE ledger.chain_cursors SET block_number = $1', [cursor]);
    await db.query('COMMIT');

    // The operator opens the restore (runbook step 4); its scan finds the client's transaction,
    // which no withdrawal pays.
    const found = await preparedUntilUnmatched("the restore to find the client's transaction");
    expect(found['report']['findings']).toContainEqual({
      hash: record.hash.toLowerCase(),
      from: expect.any(String),
      nonce: 0,
      finding: expect.objectContaining({ kind: 'unmatched', candidates: [] }),
    });

    // Answered as a withdrawal's, it is refused (no restored withdrawal waits to be sent); as a
    // client's, applied.
    const someWithdrawal = crypto.randomUUID();
    await command('wallet-ledger', [
      'restore-resolve',
      '--tx',
      record.hash,
      '--withdrawal',
      someWithdrawal,
    ]);
    await waitFor(
      async () =>
        (await command('wallet-ledger', ['restore-status']))['resolutions'][0]?.refused ??
        undefined,
      { what: 'the resolution refused' },
    );
    await command('wallet-ledger', ['restore-resolve', '--tx', record.hash, '--signed']);
    await mineUntil(async () => (await readyz()).status === 200, 'the restore to complete');
    const done = await command('wallet-ledger', ['restore-status']);
    expect(done).toMatchObject({ status: 'complete' });
    expect(done['resolutions']).toEqual([
      expect.objectContaining({ hash: record.hash.toLowerCase(), kind: 'signed', refused: null }),
    ]);
    expect(done['report']['findings']).toContainEqual(
      expect.objectContaining({
        finding: {
          kind: 'known',
          signedItemId: null,
          hash: record.hash.toLowerCase(),
          send: 'signed',
        },
      }),
    );

    // A withdrawal from the address goes at the next nonce, paid once; the books match the chain.
    const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: tenant.token,
      body: withdrawalBody('usdc', '10'),
    });
    expect(created.status).toBe(201);
    const withdrawalPath = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
    const read = async () =>
      (await api.get(withdrawalPath, { token: tenant.token })).body as { status: string };
    await mineUntil(async () => (await read()).status === 'confirmed', 'the withdrawal confirmed');
    expect(await nonces(w.address)).toEqual({ stored: 2, chain: 2 });
    expect(await balance(w)).toBe('90');
    expect((await api.get('/v1/admin/ledger/check', { token: world.admin })).body).toMatchObject({
      ok: true,
      violations: [],
    });
  }, 180_000);

  it('is proposed as the held sign-tx item it was, resolved with --signed-item, and debited once', async () => {
    const { api, admin, chain } = world;
    const { approvals, tenant, approver, own, w } = await approvingTenant(
      'Held signature lost with a snapshot',
      'sign-tx',
    );
    const fees = await chain.provider.getFeeData();
    const receiver = EvmWallet.createRandom().address;
    const base = `/v1/users/${w.user}/wallets/${w.id}/sign-tx`;
    const held = await signTxPaying(base, tenant.token, receiver, fees);
    expect(held.status).toBe(200);
    const item = held.body.id as string;
    const read = async () =>
      (await api.get(`${base}/${item}`, { token: tenant.token })).body as {
        status: string;
        approvalId: string;
        signedTx: string | null;
        hash: string | null;
        withdrawalId?: string;
      };

    // The snapshot: the books while the item is approved, not signed yet (approved changes only
    // its status), the address's counter not there, the deposit cursor where it is.
    const accountId = (
      await db.query<{ id: string }>('SELECT id FROM ledger.accounts WHERE wallet_id = $1', [w.id])
    ).rows[0]!.id;
    const snapshot = {
      item: { ...(await rowOf('signed_items', item)), status: 'approved' },
      account: await rowOf('accounts', accountId),
      cursor: (await db.query('SELECT block_number FROM ledger.chain_cursors')).rows[0]
        .block_number,
    };
    // The lost timeline: approved, signed, sent by the client and mined (confirmed needs one block
    // more).
    expect((await approvals.decide(approver.token, (await read()).approvalId)).status).toBe(201);
    await waitFor(async () => (await read()).status === 'sent', { what: 'the held item signed' });
    const lost = await read();
    await (await chain.provider.broadcastTransaction(lost.signedTx!)).wait();
    const hash = lost.hash!.toLowerCase();
    const lostHold = (
      await db.query<{ id: string; hold_id: string; status: string }>(
        'SELECT id, hold_id, status FROM ledger.withdrawals WHERE signed_tx_id = $1',
        [item],
      )
    ).rows[0]!;
    expect(lostHold.status).toBe('broadcast');

    // The snapshot restored in place: the item approved again, what its record held gone.
    await db.query('BEGIN');
    await db.query('DELETE FROM ledger.withdrawal_attempts WHERE withdrawal_id = $1', [
      lostHold.id,
    ]);
    await db.query('DELETE FROM ledger.withdrawals WHERE id = $1', [lostHold.id]);
    await db.query('DELETE FROM ledger.holds WHERE id = $1', [lostHold.hold_id]);
    await putBack('signed_items', { ...snapshot.item, claimed_until: null });
    await putBack('accounts', snapshot.account);
    await db.query('DELETE FROM ledger.chain_nonces WHERE address = $1', [w.address]);
    await db.query('UPDATE ledger.chain_cursors SET block_number = $1', [snapshot.cursor]);
    await db.query('COMMIT');

    // The restore finds the client's transaction and proposes the item it is; the item is not
    // signed again meanwhile.
    const found = await preparedUntilUnmatched("the restore to find the held item's transaction");
    expect(found['report']['findings']).toContainEqual({
      hash,
      from: expect.any(String),
      nonce: 0,
      finding: expect.objectContaining({ kind: 'unmatched', candidates: [], signedItems: [item] }),
    });
    expect(await read()).toMatchObject({ status: 'approved', signedTx: null });

    // Resolved as that item: recorded sent with the chain's transaction, the restore completes.
    await command('wallet-ledger', ['restore-resolve', '--tx', hash, '--signed-item', item]);
    await mineUntil(async () => (await readyz()).status === 200, 'the restore to complete');
    const done = await command('wallet-ledger', ['restore-status']);
    expect(done).toMatchObject({ status: 'complete' });
    expect(done['resolutions']).toEqual([
      expect.objectContaining({ hash, kind: 'signed-item', signedItemId: item, refused: null }),
    ]);
    const recorded = await read();
    expect(recorded).toMatchObject({ status: 'sent', signedTx: lost.signedTx });
    const withdrawal = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${recorded.withdrawalId}`;
    await mineUntil(
      async () => (await api.get(withdrawal, { token: tenant.token })).body.status === 'confirmed',
      'the withdrawal confirmed',
    );

    // Booked once: one withdrawal, one nonce, the wallet as the chain has it; nothing re-signed.
    const holds = await db.query('SELECT id FROM ledger.withdrawals WHERE signed_tx_id = $1', [
      item,
    ]);
    expect(holds.rows.map((r) => r.id)).toEqual([recorded.withdrawalId]);
    expect((await api.get(withdrawal, { token: tenant.token })).body).toMatchObject({
      blockchainTransactionId: hash,
    });
    expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.1'));
    expect(await nonces(w.address)).toEqual({ stored: 1, chain: 1 });
    const left = formatEther(await chain.provider.getBalance(w.address)).replace(/\.0$/, '');
    expect(await balanceOf(own, w)).toBe(left);
    expect((await read()).status).toBe('sent');
    expect((await api.get('/v1/admin/ledger/check', { token: admin })).body).toMatchObject({
      ok: true,
      violations: [],
    });
  }, 180_000);
});

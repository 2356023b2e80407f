import path from 'node:path';
import type pg from 'pg';
import { Registry } from 'prom-client';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import {
  checkPlans,
  createTestDatabase,
  type PlanCheck,
  type TestDatabase,
  testLogger,
} from '@custody/testing';
import { withdrawalMetrics } from './withdrawals.metrics';
import { inFlightWithdrawals, nonceGaps } from './withdrawals.repository';

// The withdrawal gauges behind the alerts (docs/monitoring.md), read at each scrape: seeded with
// 20,000 confirmed withdrawals (each with its mined transaction) and a few in flight, whose
// waits, replacements and nonces the gauges must tell, from the index of those in flight only.

let database: TestDatabase;
let pool: pg.Pool;
let plansOf: PlanCheck['plansOf'];

const X = '0xf0000000000000000000000000000000000000aa';
const Y = '0xf0000000000000000000000000000000000000bb';
const Z = '0xf0000000000000000000000000000000000000cc';
const W = '0xf0000000000000000000000000000000000000dd';

let n = 0;
/** A withdrawal in flight, its fields' times in minutes before now; its attempts likewise. */
async function inFlight(
  seed: pg.PoolClient,
  w: {
    status: 'prepared' | 'broadcast';
    asset: string;
    updatedMinutesAgo: number;
    network?: string;
    from?: string;
    nonce?: number;
    attemptsMinutesAgo?: number[];
  },
) {
  n += 1;
  const id = `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  await seed.query(
    `INSERT INTO ledger.withdrawals (id, tenant_id, user_id, wallet_id, asset_id, amount,
       receiver_address, status, hold_id, network, from_address, chain_nonce, created_at, updated_at)
     VALUES ($1, 't', gen_random_uuid(), gen_random_uuid(), $2, 1, '0xabc', $3, gen_random_uuid(),
       $4, $5, $6, now() - interval '1 day', now() - $7 * interval '1 minute')`,
    [
      id,
      w.asset,
      w.status,
      w.network ?? null,
      w.from ?? null,
      w.nonce ?? null,
      w.updatedMinutesAgo,
    ],
  );
  for (const [i, minutes] of (w.attemptsMinutesAgo ?? []).entries())
    await seed.query(
      `INSERT INTO ledger.withdrawal_attempts (hash, withdrawal_id, kind, nonce, gas_limit,
         max_fee_per_gas, max_priority_fee_per_gas, raw_tx, created_at)
       VALUES ($1, $2, $3, $4, 21000, 1, 1, '0x', now() - $5 * interval '1 minute')`,
      [`0x${n}-${i}`, id, i === 0 ? 'send' : 'speed-up', w.nonce ?? 0, minutes],
    );
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  await migrate(pool, { schema: 'ledger', dir: path.join(__dirname, '..', 'migrations') });
  // The rows alone: their wallets and holds are not what the gauges read (replica mode skips the
  // foreign keys' checks for this seed).
  const seed = await pool.connect();
  try {
    await seed.query('BEGIN');
    await seed.query('SET LOCAL session_replication_role = replica');
    await seed.query(
      `INSERT INTO ledger.withdrawals (id, tenant_id, user_id, wallet_id, asset_id, amount,
         receiver_address, status, hold_id, network, from_address, chain_nonce, created_at)
       SELECT gen_random_uuid(), 't', gen_random_uuid(), gen_random_uuid(), 'eth', 1, '0xabc',
         'confirmed', gen_random_uuid(), 'ethereum', '0x' || lpad(to_hex(i % 5000), 40, '0'),
         i / 5000, now() - interval '2 days'
         FROM generate_series(1, 20000) AS i`,
    );
    await seed.query(
      `INSERT INTO ledger.withdrawal_attempts (hash, withdrawal_id, kind, nonce, gas_limit,
         max_fee_per_gas, max_priority_fee_per_gas, raw_tx, status)
       SELECT '0x' || id, id, 'send', chain_nonce, 21000, 1, 1, '0x', 'mined'
         FROM ledger.withdrawals`,
    );
    await seed.query(
      `INSERT INTO ledger.chain_nonces (network, address, next_nonce)
       SELECT 'ethereum', '0x' || lpad(to_hex(i), 40, '0'), 4 FROM generate_series(0, 4999) AS i`,
    );
    // Waiting to be sent: one for 20 minutes, one (nonce 3 of Y) for 2.
    await inFlight(seed, { status: 'prepared', asset: 'eth', updatedMinutesAgo: 20 });
    await inFlight(seed, {
      status: 'prepared',
      asset: 'usdc',
      updatedMinutesAgo: 2,
      network: 'ethereum',
      from: Y,
      nonce: 3,
    });
    // X: nonce 5 sent 40 minutes ago and sped up twice since (the last 25 minutes ago), nonce 6
    // sent 3 minutes ago; its next nonce is 7: no gap.
    await inFlight(seed, {
      status: 'broadcast',
      asset: 'eth',
      updatedMinutesAgo: 25,
      network: 'ethereum',
      from: X,
      nonce: 5,
      attemptsMinutesAgo: [40, 30, 25],
    });
    await inFlight(seed, {
      status: 'broadcast',
      asset: 'eth',
      updatedMinutesAgo: 3,
      network: 'ethereum',
      from: X,
      nonce: 6,
      attemptsMinutesAgo: [3],
    });
    // Y: nonce 1 sent, nonce 3 reserved, nothing holds 2: a gap.
    await inFlight(seed, {
      status: 'broadcast',
      asset: 'usdc',
      updatedMinutesAgo: 1,
      network: 'ethereum',
      from: Y,
      nonce: 1,
      attemptsMinutesAgo: [1],
    });
    // Z: a client's signed transaction at nonce 10 (no attempt of ours), broadcast 8 minutes
    // ago; nonce 11 was reserved and nothing holds it: a gap.
    await inFlight(seed, {
      status: 'broadcast',
      asset: 'eth',
      updatedMinutesAgo: 8,
      network: 'ethereum',
      from: Z,
      nonce: 10,
    });
    // W on another network: nonce 0 sent, next 1.
    await inFlight(seed, {
      status: 'broadcast',
      asset: 'pol',
      updatedMinutesAgo: 1,
      network: 'polygon',
      from: W,
      nonce: 0,
      attemptsMinutesAgo: [1],
    });
    await seed.query(
      `INSERT INTO ledger.chain_nonces (network, address, next_nonce)
       VALUES ('ethereum', $1, 7), ('ethereum', $2, 4), ('ethereum', $3, 12), ('polygon', $4, 1)`,
      [X, Y, Z, W],
    );
    await seed.query('COMMIT');
  } finally {
    seed.release();
  }
  await pool.query('ANALYZE ledger.withdrawals, ledger.withdrawal_attempts, ledger.chain_nonces');
  ({ plansOf } = checkPlans(pool));
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** A series' value in an exposition, by its labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the withdrawal gauges', () => {
  let text: string;
  beforeAll(async () => {
    const registry = new Registry();
    withdrawalMetrics(registry, createDatabase(pool), testLogger());
    text = await registry.metrics();
  });

  it('count the withdrawals in flight by status and asset', () => {
    expect(sample(text, 'withdrawals_in_flight{status="prepared",asset="eth"}')).toBe(1);
    expect(sample(text, 'withdrawals_in_flight{status="prepared",asset="usdc"}')).toBe(1);
    expect(sample(text, 'withdrawals_in_flight{status="broadcast",asset="eth"}')).toBe(3);
    expect(sample(text, 'withdrawals_in_flight{status="broadcast",asset="usdc"}')).toBe(1);
    expect(text).not.toContain('status="confirmed"');
  });

  it('tell how long the oldest waited: prepared since it changed, broadcast since first sent', () => {
    const minutes = (series: string) => (sample(text, series) ?? NaN) / 60;
    const oldest = (status: string, asset: string) =>
      minutes(`withdrawals_in_flight_oldest_seconds{status="${status}",asset="${asset}"}`);
    expect(oldest('prepared', 'eth')).toBeCloseTo(20, 0);
    expect(oldest('prepared', 'usdc')).toBeCloseTo(2, 0);
    expect(oldest('broadcast', 'eth')).toBeCloseTo(40, 0);
    expect(oldest('broadcast', 'usdc')).toBeCloseTo(1, 0);
  });

  it('tell the longest wait since a latest transaction, and the most replacements', () => {
    const wait = (asset: string) =>
      (sample(text, `withdrawal_transaction_wait_max_seconds{asset="${asset}"}`) ?? NaN) / 60;
    // X's nonce 5 was last sped up 25 minutes ago (Z's signed one waits 8).
    expect(wait('eth')).toBeCloseTo(25, 0);
    expect(wait('usdc')).toBeCloseTo(1, 0);
    expect(sample(text, 'withdrawal_replacements_max{asset="eth"}')).toBe(2);
    expect(sample(text, 'withdrawal_replacements_max{asset="usdc"}')).toBe(0);
  });

  it('count the addresses whose reserved nonces have a gap, by network', () => {
    expect(sample(text, 'chain_nonce_gaps{network="ethereum"}')).toBe(2);
    expect(sample(text, 'chain_nonce_gaps{network="polygon"}')).toBeUndefined();
  });
});

describe('the withdrawal gauges at scale', () => {
  it('read the withdrawals in flight from their index, never the table whole', async () => {
    const plan = await plansOf(() => inFlightWithdrawals(createDatabase(pool)));
    expect(plan.scans).toEqual([]);
    expect(plan.indexes).toContain('withdrawals_chain_idx');
    expect(plan.read).toBeLessThan(100);
  });

  it('find nonce gaps from the same index and one counter row per address', async () => {
    const plan = await plansOf(() => nonceGaps(createDatabase(pool)));
    expect(plan.scans).toEqual([]);
    expect(plan.indexes).toContain('withdrawals_chain_idx');
    expect(plan.read).toBeLessThan(100);
  });
});

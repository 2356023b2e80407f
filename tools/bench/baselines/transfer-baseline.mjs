// Baseline of the ledger write path: the minimal SQL of a transfer with pg — two conditional
// balance updates and one insert in one transaction — from `CONCURRENCY` clients for `SECONDS`.
// Prints {"transfers", "rps", "p50", "p99", "cpuMs"} (cpuMs: this process's CPU during the load,
// so that the benchmark can report the baseline's CPU per transfer beside the project's).
import pg from 'pg';

const url = process.env.DATABASE_URL;
const concurrency = Number(process.env.CONCURRENCY ?? 64);
const seconds = Number(process.env.SECONDS ?? 10);
const accounts = Number(process.env.ACCOUNTS ?? 1000);

const setup = new pg.Client({ connectionString: url });
await setup.connect();
await setup.query(`
  DROP SCHEMA IF EXISTS bench_baseline CASCADE;
  CREATE SCHEMA bench_baseline;
  CREATE TABLE bench_baseline.accounts (id int PRIMARY KEY, balance numeric NOT NULL);
  CREATE TABLE bench_baseline.transfers (id bigserial PRIMARY KEY, src int, dst int, amount numeric,
    created_at timestamptz DEFAULT now());
  INSERT INTO bench_baseline.accounts SELECT g, 1000000 FROM generate_series(1, ${accounts}) g;
`);
await setup.end();

// 64 clients share 20 connections: PostgreSQL's default max_connections (100) also serves the
// running stack. wallet-ledger itself uses a pool of 10 (DATABASE_POOL_SIZE).
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.POOL ?? 20) });
const latencies = [];
let done = 0;
const cpuBefore = process.cpuUsage();
const until = Date.now() + seconds * 1000;
async function client() {
  while (Date.now() < until) {
    const src = 1 + Math.floor(Math.random() * accounts);
    let dst = 1 + Math.floor(Math.random() * accounts);
    if (src === dst) dst = (dst % accounts) + 1;
    const started = performance.now();
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      // Fixed lock order, as the ledger takes them (no deadlocks).
      const [first, second] = src < dst ? [src, dst] : [dst, src];
      const a = first === src ? '-0.01' : '0.01';
      const b = first === src ? '0.01' : '-0.01';
      const r1 = await c.query(
        'UPDATE bench_baseline.accounts SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0',
        [first, a],
      );
      const r2 = await c.query(
        'UPDATE bench_baseline.accounts SET balance = balance + $2 WHERE id = $1 AND balance + $2 >= 0',
        [second, b],
      );
      if (r1.rowCount !== 1 || r2.rowCount !== 1) throw new Error('insufficient');
      await c.query(
        'INSERT INTO bench_baseline.transfers (src, dst, amount) VALUES ($1, $2, 0.01)',
        [src, dst],
      );
      await c.query('COMMIT');
      done += 1;
      latencies.push(performance.now() - started);
    } catch {
      // Not enough balance on one side: nothing moved.
      await c.query('ROLLBACK');
    } finally {
      c.release();
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, client));
const cpu = process.cpuUsage(cpuBefore);
await pool.end();
const sorted = latencies.sort((x, y) => x - y);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const cleanup = new pg.Client({ connectionString: url });
await cleanup.connect();
await cleanup.query('DROP SCHEMA bench_baseline CASCADE');
await cleanup.end();
process.stdout.write(
  `${JSON.stringify({ transfers: done, rps: Math.round(done / seconds), p50: at(0.5), p99: at(0.99), cpuMs: (cpu.user + cpu.system) / 1000 })}\n`,
);

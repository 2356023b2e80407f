import { readdirSync, readFileSync } from 'node:fs';

// Clock ticks per second of /proc/<pid>/stat on Linux (USER_HZ); 100 on every kernel we run on.
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) of one process, or 0 when it is gone; with `reaped`, plus that of its children
 * that have exited and been waited for. PostgreSQL's backends are children of the postmaster: a
 * backend that exits during a measurement (a pool closing an idle connection, the baseline's
 * connections) would take its CPU out of the sum of live backends, so it is counted from the
 * postmaster's reaped-children time instead.
 */
function cpuMs(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
    return ((utime + stime + children) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function pidsNamed(names: string[]): Record<string, number[]> {
  const found: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      for (const name of names) if (comm.startsWith(name)) found[name]?.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

export type CpuSample = Record<string, number>;

/**
 * Snapshots CPU time per component: the stack's apps (by pid), PostgreSQL (every backend),
 * RabbitMQ (beam.smp), Redis, and this process (the load generator). Differences of two
 * snapshots over a run divided by the requests served give CPU ms per request per component:
 * the profile that says where a benchmark's time goes on a 2-core machine.
 */
export function cpuSnapshot(apps: Record<string, number | undefined>): CpuSample {
  const sample: CpuSample = {};
  for (const [name, pid] of Object.entries(apps)) sample[name] = pid ? cpuMs(pid) : 0;
  const services = pidsNamed(['postgres', 'beam.smp', 'redis-server']);
  for (const [name, pids] of Object.entries(services))
    sample[name] = pids.reduce((sum, pid) => sum + cpuMs(pid, true), 0);
  const own = process.cpuUsage();
  sample['load-generator'] = (own.user + own.system) / 1000;
  return sample;
}

/** CPU ms per operation by component between two snapshots (components that used ≥ 0.005 ms). */
export function cpuPerOperation(
  before: CpuSample,
  after: CpuSample,
  operations: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  let total = 0;
  for (const [name, end] of Object.entries(after)) {
    const used = (end - (before[name] ?? 0)) / Math.max(1, operations);
    total += used;
    if (used >= 0.005) out[name] = Math.round(used * 1000) / 1000;
  }
  out['total'] = Math.round(total * 1000) / 1000;
  return out;
}

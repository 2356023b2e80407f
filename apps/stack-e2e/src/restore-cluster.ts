import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@custody/testing';
import {
  createPgCluster,
  dropPgCluster,
  query,
  requireClusterTools,
  run,
  runAsync,
  untilWritable,
} from './pg-cluster';

export { runAsync } from './pg-cluster';

const ROOT = path.resolve(__dirname, '../../..');
const BACKUP = path.join(ROOT, 'tools', 'backup');

/** The restore drill's own PostgreSQL cluster: never the shared one (5432). */
export const DRILL_CLUSTER = { name: 'restore', port: 5433 } as const;

export interface DrillCluster {
  version: string;
  name: string;
  dataDir: string;
  logFile: string;
  /** The superuser's URL of its `postgres` database. */
  url: string;
  /** The backup repository and its age keys, as tools/backup/*.sh read them. */
  backupEnv: Record<string, string>;
  dir: string;
}

/**
 * A new cluster `restore` on port 5433 (Debian's pg_createcluster, the shared cluster's version),
 * archiving its WAL encrypted through tools/backup/archive-wal.sh into a backup repository of its
 * own, with an age key pair made for the drill. A cluster of that name left by an earlier drill is
 * dropped first: it is the drill's. Needs root (the drill runs as root on CI's machine) and age.
 */
export async function createDrillCluster(): Promise<DrillCluster> {
  requireClusterTools('The restore drill', ['age', 'age-keygen', 'zstd']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'custody-restore-drill-'));
  const postgres = {
    uid: Number(run('id', ['-u', 'postgres'])),
    gid: Number(run('id', ['-g', 'postgres'])),
  };
  chownSync(dir, postgres.uid, postgres.gid);
  chmodSync(dir, 0o755);
  const repository = path.join(dir, 'backups');
  run('install', ['-d', '-o', 'postgres', '-g', 'postgres', '-m', '0755', repository]);
  // The identity (private key) is the restore's only: the server reads it during the recovery.
  const identity = path.join(dir, 'backup-identity.txt');
  run('age-keygen', ['-o', identity]);
  chownSync(identity, postgres.uid, postgres.gid);
  chmodSync(identity, 0o600);
  const recipients = path.join(dir, 'backup-recipients.txt');
  writeFileSync(recipients, run('age-keygen', ['-y', identity]), { mode: 0o644 });

  const created = await createPgCluster({
    ...DRILL_CLUSTER,
    settings: [
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = '${BACKUP}/archive-wal.sh ${repository} ${recipients} %p %f'`,
      'max_connections = 300',
    ],
  });
  return {
    version: created.version,
    name: created.name,
    dataDir: created.dataDir,
    logFile: created.logFile,
    dir,
    url: created.url,
    backupEnv: {
      BACKUP_DIR: repository,
      BACKUP_RECIPIENTS: recipients,
      BACKUP_IDENTITY: identity,
      PGHOST: '127.0.0.1',
      PGPORT: String(DRILL_CLUSTER.port),
      PGUSER: 'postgres',
    },
  };
}

/** `npm run backup:base`, as an operator runs it: the base backup's backup.json. */
export async function baseBackup(cluster: DrillCluster): Promise<{ id: string; startWal: string }> {
  return JSON.parse(
    await runAsync('bash', [path.join(BACKUP, 'base-backup.sh')], cluster.backupEnv),
  );
}

/** `npm run backup:verify`: the stored backup decrypts, matches its manifest, its WAL is whole. */
export async function verifyBackup(
  cluster: DrillCluster,
): Promise<{ verified: boolean; segments: number }> {
  return JSON.parse(
    await runAsync('bash', [path.join(BACKUP, 'verify.sh'), 'latest'], cluster.backupEnv),
  );
}

/** Closes the current WAL segment and waits until the archive holds it. */
export async function archiveNow(cluster: DrillCluster): Promise<void> {
  const [switched] = await query<{ name: string }>(
    cluster.url,
    'SELECT pg_walfile_name(pg_switch_wal()) AS name',
  );
  await waitFor(
    async () => {
      const [row] = await query<{ last: string | null }>(
        cluster.url,
        'SELECT last_archived_wal AS last FROM pg_stat_archiver',
      );
      return row?.last !== null && row !== undefined && (row.last ?? '') >= (switched?.name ?? '');
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'the WAL segment to be archived' },
  ).catch(async (error: unknown) => {
    const [archiver] = await query<Record<string, unknown>>(
      cluster.url,
      'SELECT * FROM pg_stat_archiver',
    );
    const log = spawnSync('tail', ['-n', '20', cluster.logFile], { encoding: 'utf8' }).stdout;
    throw new Error(
      `${String(error)}: waiting for ${switched?.name}; ${JSON.stringify(archiver)}\n${log}`,
    );
  });
}

/** The server's clock, as recovery_target_time compares commit times with it. */
export async function serverTime(cluster: DrillCluster): Promise<string> {
  const [row] = await query<{ now: string }>(
    cluster.url,
    `SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS now`,
  );
  return row?.now ?? '';
}

/**
 * The point-in-time recovery: the server stopped, its data directory replaced by the latest base
 * backup (`npm run backup:restore -- --target-time …`), started, and waited for until it has
 * replayed the archive to `target` and opened on a new timeline.
 */
export async function restoreTo(cluster: DrillCluster, target: string): Promise<void> {
  await runAsync('pg_ctlcluster', [cluster.version, DRILL_CLUSTER.name, 'stop', '-m', 'fast']);
  rmSync(cluster.dataDir, { recursive: true, force: true });
  await runAsync(
    'bash',
    [path.join(BACKUP, 'restore.sh'), '--pgdata', cluster.dataDir, '--target-time', target],
    cluster.backupEnv,
  );
  await runAsync('pg_ctlcluster', [cluster.version, DRILL_CLUSTER.name, 'start']);
  await untilWritable(cluster);
}

/** The drill's cluster and repository removed. */
export function dropDrillCluster(cluster: DrillCluster | undefined): void {
  if (!cluster) return;
  dropPgCluster(cluster.version, DRILL_CLUSTER.name);
  rmSync(cluster.dir, { recursive: true, force: true });
}

import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitFor } from '@custody/testing';

const ROOT = path.resolve(__dirname, '../../..');
const BACKUP = path.join(ROOT, 'tools', 'backup');

/** The restore drill's own PostgreSQL cluster: never the shared one (5432). */
export const DRILL_CLUSTER = { name: 'restore', port: 5433 } as const;

export interface DrillCluster {
  version: string;
  dataDir: string;
  logFile: string;
  /** The superuser's URL of its `postgres` database. */
  url: string;
  /** The backup repository and its age keys, as tools/backup/*.sh read them. */
  backupEnv: Record<string, string>;
  dir: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.error?.message}`,
    );
  return result.stdout;
}

/**
 * `run`, without blocking the test's event loop: its HTTP clients' idle connections must close
 * on time (a connection the server closed while the loop was blocked would be reused).
 */
export function runAsync(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

function clusters(): { version: string; name: string; dataDir: string; logFile: string }[] {
  return run('pg_lsclusters', ['--no-header'])
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [version, name, , , , dataDir, logFile] = line.trim().split(/\s+/);
      return {
        version: version ?? '',
        name: name ?? '',
        dataDir: dataDir ?? '',
        logFile: logFile ?? '',
      };
    });
}

/**
 * A new cluster `restore` on port 5433 (Debian's pg_createcluster, the shared cluster's version),
 * archiving its WAL encrypted through tools/backup/archive-wal.sh into a backup repository of its
 * own, with an age key pair made for the drill. A cluster of that name left by an earlier drill is
 * dropped first: it is the drill's. Needs root (the drill runs as root on CI's machine) and age.
 */
export async function createDrillCluster(): Promise<DrillCluster> {
  if (process.getuid?.() !== 0)
    throw new Error(
      'The restore drill makes a PostgreSQL cluster with pg_createcluster: run as root',
    );
  for (const tool of ['age', 'age-keygen', 'zstd', 'pg_createcluster'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is not installed (apt-get install age zstd postgresql-common)`);
  const existing = clusters();
  const version = existing.find((c) => c.name === 'main')?.version ?? existing[0]?.version;
  if (!version) throw new Error('pg_lsclusters lists no cluster to take the version from');
  if (existing.some((c) => c.name === DRILL_CLUSTER.name && c.version === version))
    run('pg_dropcluster', ['--stop', version, DRILL_CLUSTER.name]);
  // What pg_dropcluster leaves (a configuration file of someone's own in conf.d) would configure
  // the new cluster too: the drill's directories are made afresh.
  rmSync(`/etc/postgresql/${version}/${DRILL_CLUSTER.name}`, { recursive: true, force: true });
  rmSync(`/var/lib/postgresql/${version}/${DRILL_CLUSTER.name}`, { recursive: true, force: true });

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

  run('pg_createcluster', [version, DRILL_CLUSTER.name, '-p', String(DRILL_CLUSTER.port)]);
  const conf = `/etc/postgresql/${version}/${DRILL_CLUSTER.name}`;
  writeFileSync(
    path.join(conf, 'conf.d', 'custody-restore-drill.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = '${BACKUP}/archive-wal.sh ${repository} ${recipients} %p %f'`,
      'max_connections = 300',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(conf, 'pg_hba.conf'),
    [
      'local all all trust',
      'host all all 127.0.0.1/32 trust',
      'local replication all trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
  run('pg_ctlcluster', [version, DRILL_CLUSTER.name, 'start']);
  const listed = clusters().find((c) => c.name === DRILL_CLUSTER.name);
  if (!listed?.dataDir) throw new Error('the drill cluster has no data directory');
  const cluster: DrillCluster = {
    version,
    dataDir: listed.dataDir,
    logFile: listed.logFile,
    dir,
    url: `postgres://postgres@127.0.0.1:${DRILL_CLUSTER.port}/postgres`,
    backupEnv: {
      BACKUP_DIR: repository,
      BACKUP_RECIPIENTS: recipients,
      BACKUP_IDENTITY: identity,
      PGHOST: '127.0.0.1',
      PGPORT: String(DRILL_CLUSTER.port),
      PGUSER: 'postgres',
    },
  };
  await untilWritable(cluster);
  return cluster;
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Until the server accepts writes (up, and out of any recovery). */
async function untilWritable(cluster: DrillCluster): Promise<void> {
  await waitFor(
    async () => {
      try {
        const [row] = await query<{ r: boolean }>(cluster.url, 'SELECT pg_is_in_recovery() AS r');
        return row?.r === false;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'the drill cluster to accept writes' },
  );
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
  spawnSync('pg_dropcluster', ['--stop', cluster.version, DRILL_CLUSTER.name]);
  // pg_dropcluster leaves the configuration files it did not write (the drill's conf.d file).
  rmSync(`/etc/postgresql/${cluster.version}/${DRILL_CLUSTER.name}`, {
    recursive: true,
    force: true,
  });
  rmSync(cluster.dir, { recursive: true, force: true });
}

import { execFile, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { waitFor } from '@custody/testing';

/**
 * A PostgreSQL cluster of a test's own (Debian's pg_createcluster, the shared cluster's version),
 * never the shared one on 5432: tests that restart, crash or restore a server do it here.
 */
export interface PgCluster {
  version: string;
  name: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** The superuser's URL of its `postgres` database. */
  url: string;
}

export function run(command: string, args: string[], env: Record<string, string> = {}): string {
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

export function pgClusters(): {
  version: string;
  name: string;
  dataDir: string;
  logFile: string;
}[] {
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

/** Fails at once, saying why, where pg_createcluster cannot run (not root, a tool missing). */
export function requireClusterTools(purpose: string, tools: string[] = []): void {
  if (process.getuid?.() !== 0)
    throw new Error(`${purpose} makes a PostgreSQL cluster with pg_createcluster: run as root`);
  for (const tool of ['pg_createcluster', 'pg_ctlcluster', ...tools])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is not installed (apt-get install postgresql-common)`);
}

/** The version of the shared cluster (`main`), which a test's own cluster takes. */
export function sharedClusterVersion(): string {
  const existing = pgClusters();
  const version = existing.find((c) => c.name === 'main')?.version ?? existing[0]?.version;
  if (!version) throw new Error('pg_lsclusters lists no cluster to take the version from');
  return version;
}

/** A cluster of that name and version removed, with the files pg_dropcluster leaves. */
export function dropPgCluster(version: string, name: string): void {
  if (pgClusters().some((c) => c.name === name && c.version === version))
    spawnSync('pg_dropcluster', ['--stop', version, name]);
  // What pg_dropcluster leaves (a configuration file of someone's own in conf.d) would configure
  // the next cluster of that name too.
  rmSync(`/etc/postgresql/${version}/${name}`, { recursive: true, force: true });
  rmSync(`/var/lib/postgresql/${version}/${name}`, { recursive: true, force: true });
}

/**
 * A new cluster `name` on `port`, listening on 127.0.0.1 with trust authentication, `settings`
 * written to its conf.d, started, and waited for until it accepts writes. A cluster of that name
 * left by an earlier run is dropped first: it is the test's.
 */
export async function createPgCluster(options: {
  name: string;
  port: number;
  settings: string[];
}): Promise<PgCluster> {
  const version = sharedClusterVersion();
  dropPgCluster(version, options.name);
  run('pg_createcluster', [version, options.name, '-p', String(options.port)]);
  const conf = `/etc/postgresql/${version}/${options.name}`;
  writeFileSync(
    path.join(conf, 'conf.d', `custody-${options.name}.conf`),
    ["listen_addresses = '127.0.0.1'", ...options.settings, ''].join('\n'),
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
  run('pg_ctlcluster', [version, options.name, 'start']);
  const listed = pgClusters().find((c) => c.name === options.name && c.version === version);
  if (!listed?.dataDir) throw new Error(`the cluster ${options.name} has no data directory`);
  const cluster: PgCluster = {
    version,
    name: options.name,
    port: options.port,
    dataDir: listed.dataDir,
    logFile: listed.logFile,
    url: `postgres://postgres@127.0.0.1:${options.port}/postgres`,
  };
  await untilWritable(cluster);
  return cluster;
}

export async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Until the server accepts writes (up, and out of any recovery). */
export async function untilWritable(cluster: Pick<PgCluster, 'url' | 'name'>): Promise<void> {
  await waitFor(
    async () => {
      try {
        const [row] = await query<{ r: boolean }>(cluster.url, 'SELECT pg_is_in_recovery() AS r');
        return row?.r === false;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `the cluster ${cluster.name} to accept writes` },
  );
}

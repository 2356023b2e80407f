import pg from 'pg';

/** A connection of the test's own to a stack's database, for holding locks. */
export async function withDatabase<T>(
  databaseUrl: string,
  work: (db: pg.Client) => Promise<T>,
): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** How many of the database's sessions wait for a lock. */
export async function lockWaiters(db: pg.Client): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND datname = current_database()`,
  );
  return (rows[0] as { n: number }).n;
}

/** How many sessions wait for a lock this connection holds (not any other waiter in the stack). */
export async function waitersOn(db: pg.Client): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))`,
  );
  return (rows[0] as { n: number }).n;
}

/** How many of the database's sessions wait for an advisory lock (a block waiting for a user's). */
export async function advisoryWaiters(db: pg.Client): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND datname = current_database()`,
  );
  return (rows[0] as { n: number }).n;
}

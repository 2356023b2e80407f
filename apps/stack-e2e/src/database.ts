import pg from 'pg';
import { waitFor } from '@custody/testing';

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

/**
 * A command racing a block of its user. The test holds the wallet's account lock, so `command`
 * (past its block checks) waits on it; then `block` starts and must wait for the command, on
 * the user's advisory lock. The lock is released once both wait. `committed` tells whether the
 * command's effect is in the database; it is read when the block is answered.
 */
export async function raceBlock<C, B>(
  databaseUrl: string,
  walletId: string,
  race: { command: () => Promise<C>; block: () => Promise<B>; committed: () => Promise<boolean> },
): Promise<{
  command: C;
  block: B;
  /** Whether the block was answered while the account lock was still held (it must not be). */
  blockAnsweredWhileHeld: boolean;
  committedWhenBlockAnswered: boolean | undefined;
}> {
  let committedWhenBlockAnswered: boolean | undefined;
  return withDatabase(databaseUrl, async (db) => {
    await db.query('BEGIN');
    await db.query('SELECT 1 FROM ledger.accounts WHERE wallet_id = $1 FOR UPDATE', [walletId]);
    let commandAnswered: { answer: C } | undefined;
    const command = race.command().then((answer) => {
      commandAnswered = { answer };
      return answer;
    });
    // A command answered before it waits (refused, or past a lock it never took) ends the wait
    // at once with its answer, not with a timeout that hides why.
    const waited = await waitFor(
      async () => (commandAnswered ? 'answered' : (await waitersOn(db)) >= 1 && 'waiting'),
      { what: 'the command waiting', timeoutMs: 30_000 },
    );
    if (waited === 'answered') {
      await db.query('ROLLBACK');
      throw new Error(
        `The command was answered before it waited: ${JSON.stringify(commandAnswered?.answer)}`,
      );
    }
    const block = race.block().then(async (answer) => {
      committedWhenBlockAnswered = await race.committed();
      return answer;
    });
    await waitFor(async () => (await advisoryWaiters(db)) === 1, {
      what: 'the block waiting',
      timeoutMs: 30_000,
    });
    const blockAnsweredWhileHeld = committedWhenBlockAnswered !== undefined;
    await db.query('COMMIT');
    const commandAnswer = await command;
    const blockAnswer = await block;
    return {
      command: commandAnswer,
      block: blockAnswer,
      blockAnsweredWhileHeld,
      committedWhenBlockAnswered,
    };
  });
}

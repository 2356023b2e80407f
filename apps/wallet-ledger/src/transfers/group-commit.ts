import type pg from 'pg';
import { type AppError, Errors } from '@custody/errors';
import {
  claimedKeys,
  claimKeysStatements,
  type IdempotencyKey,
  prepared,
  releaseKeysStatement,
  storeOutcomesStatement,
  transactionOutcome,
  withPipelinedTransaction,
} from '@custody/persistence';
import { currentTransactionIdStatement } from './transfers.repository';

/** A statement of the batch's transaction, as `prepared` takes it. */
type SQL = Parameters<typeof prepared>[0];

/** A command waiting for its batch: its Idempotency-Key, its deadline, and how to answer it. */
export interface PendingCommand<V> {
  idempotency: IdempotencyKey | undefined;
  /** Epoch ms after which the caller no longer waits: not started after it. */
  deadline: number;
  resolve: (view: V) => void;
  reject: (error: unknown) => void;
}

/** A command's answer: its view, or the refusal (4xx) that wrote nothing. */
export type CommandOutcome<V> = { ok: true; view: V } | { ok: false; error: AppError };

/** What a group commit asks of the commands it runs (see `runGroupCommit`). */
export interface GroupCommitSteps<T, V> {
  /** The schema whose idempotency_keys table holds the commands' keys. */
  schema: string;
  /** A setting for the batch's transaction only, sent first (e.g. a planner cost). */
  setting?: string;
  /** Statements that lock what the batch reads; the last one's rows go to `decide`. */
  lockStatements(items: T[]): SQL[];
  /** Decides each command against the locked rows; the writes of the accepted ones, if any. */
  decide(
    batch: T[],
    lockedRows: unknown[],
  ): Promise<{ outcomes: CommandOutcome<V>[]; writes?: SQL }>;
  /** Whether a refusal is kept under its Idempotency-Key (otherwise the key is released). */
  keepsRefusal(error: AppError): boolean;
  /**
   * Whether the accepted commands' writes are in the database: all (true), none (false), or
   * neither can be told (undefined). Asked when a batch's COMMIT got no answer and its
   * transaction id says committed: see `batchOutcome`.
   */
  applied(accepted: V[]): Promise<boolean | undefined>;
  /** Runs one command alone, in its own transaction, and answers it. */
  runAlone(item: T): Promise<void>;
  /** Commands run alone at once when a batch falls back to one by one. */
  fallbackConcurrency: number;
  /** What the caller of an unkeyed command is told, in the command's own words. */
  messages: {
    /** Its deadline passed before its batch started. */
    notStarted: string;
    /** Its batch's commit may or may not have happened. */
    mayHaveApplied: string;
    /** The same for a keyed command (a retry with its key finds the answer). */
    mayHaveAppliedKeyed: string;
  };
}

/** An Idempotency-Key as one string (a key belongs to its client). */
export function keyOf(idempotency: IdempotencyKey | undefined): string {
  return `${idempotency?.clientId ?? ''}\n${idempotency?.key ?? ''}`;
}

/**
 * What became of a batch whose COMMIT got no answer. Its transaction id's status says first; but
 * a server that crashed before the commit reached its log gives that id again, after its
 * restart, to a later transaction (the id was never logged), whose status it then reports. So a
 * `committed` is believed only when the batch's accepted writes are there (`applied`); when they
 * are absent the batch did not commit (its transaction ended: the id is another's); a batch with
 * nothing accepted wrote nothing that a second run could double.
 */
export function batchOutcome(
  byId: 'committed' | 'aborted' | 'unknown',
  accepted: number,
  applied: boolean | undefined,
): 'committed' | 'aborted' | 'unknown' {
  if (byId !== 'committed' || accepted === 0) return byId;
  if (applied === undefined) return 'unknown';
  return applied ? 'committed' : 'aborted';
}

/**
 * Group commit (docs/performance.md): the commands that arrived while earlier batches were in
 * flight run in one transaction — one lock statement, one write statement and one commit for all
 * of them, in two round trips (BEGIN, the key claims and the locks; then the writes, the keys'
 * answers and COMMIT). Each is decided on its own: one refused (400, 403) refuses only itself.
 * A command whose Idempotency-Key is already there, and every command of a batch that fails as a
 * whole (a wallet deleted meanwhile, a twin holding a key, a database error), runs again alone,
 * so each gets exactly the answer it would have had alone. A batch whose COMMIT went out and
 * whose connection then failed is asked of the database by its transaction id, and a committed
 * one's writes are looked for (`batchOutcome`): committed, its answers stand; aborted, each runs
 * alone; unknown, each is told so and nothing runs twice.
 */
export async function runGroupCommit<T extends PendingCommand<V>, V>(
  pool: pg.Pool,
  queued: T[],
  steps: GroupCommitSteps<T, V>,
): Promise<void> {
  // The caller has given up (its RPC timed out): not started, so not applied behind its back.
  const items = queued.filter((item) => {
    if (item.deadline >= Date.now()) return true;
    // A keyed one may be the replay of a command that was applied: not "nothing moved".
    item.reject(
      Errors.unavailable(
        item.idempotency
          ? 'The request was not handled in time; retry with the same Idempotency-Key.'
          : steps.messages.notStarted,
        'timeout',
      ),
    );
    return false;
  });
  const oneByOne = async (list: T[]) => {
    const rest = [...list];
    await Promise.all(
      Array.from({ length: steps.fallbackConcurrency }, async () => {
        for (let next = rest.shift(); next; next = rest.shift()) await steps.runAlone(next);
      }),
    );
  };
  if (items.length === 0) return;
  type Decided = { batch: T[]; outcomes: CommandOutcome<V>[]; later: T[] };
  let done: Decided;
  // Set when the last statements go out with the COMMIT: a failure after it may be a commit
  // that happened (a connection lost while committing), told apart by the transaction's id.
  let decided: Decided | undefined;
  let xid: string | undefined;
  try {
    done = await withPipelinedTransaction(pool, async (tx) => {
      // Keys claimed in a stable order: two batches never wait on each other's keys crosswise.
      const keyed = items
        .flatMap((item) => (item.idempotency ? [{ item, key: item.idempotency }] : []))
        .sort((a, b) => keyOf(a.key).localeCompare(keyOf(b.key)));
      const keys = keyed.map((k) => k.key);
      const claim = claimKeysStatements(steps.schema, keys);
      // The rows of every item, also of those whose key turns out taken (they run alone after
      // this commits).
      const lock = steps.lockStatements(items);
      // Each text is the same for any batch: prepared once per connection. The setting first,
      // for this transaction only; its result left out.
      const results = (
        await tx.begin([
          ...(steps.setting ? [steps.setting] : []),
          ...[currentTransactionIdStatement(), ...claim, ...lock].map(prepared),
        ])
      ).slice(steps.setting ? 1 : 0);
      xid = (results[0]?.rows[0] as { xid: string } | undefined)?.xid;
      // claim = [SET, INSERT … RETURNING, SET]: the insert's rows follow the xid's.
      const claimed = claim.length > 0 ? claimedKeys(keys, results[2]?.rows ?? []) : new Set();
      const later = keyed.filter((_, i) => !claimed.has(i)).map((k) => k.item);
      const batch = items.filter((i) => !later.includes(i));
      const { outcomes, writes } = await steps.decide(
        batch,
        lock.length > 0 ? (results.at(-1)?.rows ?? []) : [],
      );
      const answers = batch.flatMap((item, i) => {
        const outcome = outcomes[i] as CommandOutcome<V>;
        return item.idempotency ? [{ key: item.idempotency, outcome }] : [];
      });
      const kept = answers.filter((a) => a.outcome.ok || steps.keepsRefusal(a.outcome.error));
      const released = answers.filter((a) => !kept.includes(a)).map((a) => a.key);
      const store = storeOutcomesStatement(
        steps.schema,
        kept.map(({ key, outcome }) => ({
          key,
          outcome: outcome.ok
            ? { ok: true as const, result: outcome.view }
            : { ok: false as const, error: outcome.error },
        })),
      );
      const release = releaseKeysStatement(steps.schema, released);
      decided = { batch, outcomes, later };
      await tx.commitWith([
        ...(writes ? [prepared(writes)] : []),
        ...(store ? [prepared(store)] : []),
        ...(release ? [prepared(release)] : []),
      ]);
      return decided;
    });
  } catch {
    // Before `decided` no COMMIT was sent; after it, only the database can tell (and without
    // the transaction's id it cannot: unknown, never "run it again").
    const byId = !decided ? 'aborted' : xid ? await transactionOutcome(pool, xid) : 'unknown';
    const accepted = (decided?.outcomes ?? []).flatMap((o) => (o.ok ? [o.view] : []));
    const outcome = batchOutcome(
      byId,
      accepted.length,
      byId === 'committed' && accepted.length > 0
        ? await steps.applied(accepted).catch(() => undefined)
        : undefined,
    );
    if (outcome === 'aborted' || !decided) {
      // Nothing of the batch was applied: each command again, alone, a few at a time.
      await oneByOne(items);
      return;
    }
    if (outcome === 'committed') done = decided;
    else {
      // It may have committed: nothing may run twice. Keyed callers find the answer on a
      // retry with the same key.
      for (const item of decided.batch)
        item.reject(
          Errors.unavailable(
            item.idempotency ? steps.messages.mayHaveAppliedKeyed : steps.messages.mayHaveApplied,
            'outcome_unknown',
          ),
        );
      await oneByOne(decided.later);
      return;
    }
  }
  done.batch.forEach((item, i) => {
    const outcome = done.outcomes[i] as CommandOutcome<V>;
    if (outcome.ok) item.resolve(outcome.view);
    else item.reject(outcome.error);
  });
  await oneByOne(done.later);
}

import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  type AuthContext,
  type ListQuery,
  type ListResult,
  type RequestedTransaction,
} from '@custody/contracts';
import { type AppError, Errors, isAppError } from '@custody/errors';
import { currentContext, type RequestContext, runWithContext } from '@custody/logging';
import { decimalPlaces, fitsBaseUnits, TOO_MANY_BASE_UNITS, isZero } from '@custody/money';
import {
  claimedKeys,
  claimKeysStatements,
  type Database,
  outboxInsertMany,
  outboxRecord,
  prepared,
  releaseKeysStatement,
  sqlState,
  storeOutcomesStatement,
  transactionOutcome,
  type IdempotencyKey,
  isUuid,
  listClauses,
  runIdempotent,
  selectPage,
  type Transaction,
  withPipelinedTransaction,
} from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import {
  type AccountState,
  type EntryPlan,
  entryWrites,
  insufficientBalance,
  planEntry,
} from '../ledger/ledger';
import { type TransferLegRow, type TransferRow, transferLegs, transfers, wallets } from '../schema';
import { type MovementRow, movementsInsert } from '../transactions/transactions.service';
import { userRefLockKey } from '../users/user-events';
import type { AssetCatalog } from '../assets/asset-catalog';

/**
 * With PostgreSQL's default cost of a random page (4, for spinning disks) the planner scanned
 * whole tables of a few thousand rows for the batch's set-based statements (`id = ANY($1)`)
 * instead of probing their primary keys: 1.2 ms instead of 0.2 ms for the lock statement at
 * 1,000 wallets (docs/performance.md, "Planner cost of small tables"). 1.1 is PostgreSQL's advice for SSDs and cached
 * data. Set per transaction, so it needs nothing from the server or a pooler; the batch's
 * prepared statements only ever run under it, so their cached plans are made with it.
 */
const BATCH_PLANNER_SETTING = 'SET LOCAL random_page_cost = 1.1';

const SCHEMA = 'ledger';
/**
 * Group commit: transactions of transfers at once; legs per transaction (a leg's writes take
 * ~60 statement parameters, PostgreSQL allows 65,535 per statement); and how many transfers run
 * at once, each alone, when a batch falls back.
 */
const TRANSFER_BATCHES_IN_FLIGHT = 8;
const TRANSFER_BATCH_LEGS = 256;
const FALLBACK_CONCURRENCY = 2;

/** Refusals read from wallet-ledger's copy of the sender: not stored under an Idempotency-Key. */
const SENDER_REFUSALS = new Set(['not_found', 'user_blocked']);

/** The reason `ledger.fail_if` gives when a wallet of the transfer was deleted meanwhile. */
const WALLET_DELETED = 'wallet_deleted';

/** The 409 for a write statement that refused itself because a wallet was deleted meanwhile. */
function walletDeleted(error: unknown): AppError | undefined {
  const cause = (error as { cause?: { message?: unknown } }).cause ?? error;
  if (sqlState(error) !== 'P0001' || (cause as { message?: unknown }).message !== WALLET_DELETED)
    return undefined;
  return Errors.conflict('A wallet of this transfer was just deleted.', WALLET_DELETED);
}

export function transferView(transfer: TransferRow, legs: TransferLegRow[]) {
  return {
    id: transfer.id,
    createdAt: transfer.createdAt.toISOString(),
    updatedAt: transfer.updatedAt.toISOString(),
    status: transfer.status,
    transactions: legs
      .sort((a, b) => a.position - b.position)
      .map((leg) => ({
        id: leg.id,
        createdAt: leg.createdAt.toISOString(),
        updatedAt: leg.updatedAt.toISOString(),
        status: leg.status,
        amount: leg.amount,
      })),
    requestedTransactions: transfer.requested,
    ...(transfer.externalReference ? { externalReference: transfer.externalReference } : {}),
  };
}

/** wallet-ledger's copy of a sending user. */
interface SenderInfo {
  tenantId: string;
  blocked: boolean;
}

interface Parties {
  wallets: Map<string, WalletInfo>;
  users: Map<string, SenderInfo>;
  /** The wallets' accounts, locked, as they stand before the batch. */
  accounts: Map<string, AccountState>;
}

interface WalletInfo {
  id: string;
  userId: string;
  tenantId: string;
  assetId: string;
  address: string;
  accountId: string;
  decimals: number;
  /** The asset catalog could not give this wallet's asset (see `walletsFor`). */
  catalogError?: unknown;
}

/** The read-model rows of one leg: each side sees its own balance, never the counterparty's. */
function legMovements(
  transferId: string,
  assetId: string,
  amount: string,
  sender: WalletInfo,
  receiver: WalletInfo,
  state: Map<string, AccountState>,
): MovementRow[] {
  const senderBalance = state.get(sender.accountId)?.balance ?? '0';
  const receiverBalance = state.get(receiver.accountId)?.balance ?? '0';
  const senderParty = {
    walletId: sender.id,
    address: sender.address,
    walletBalance: senderBalance,
    userId: sender.userId,
  };
  const receiverParty = {
    walletId: receiver.id,
    address: receiver.address,
    walletBalance: receiverBalance,
    userId: receiver.userId,
  };
  const common = {
    assetId,
    operationId: transferId,
    type: 'transfer' as const,
    movementSubtype: 'internal' as const,
    status: 'approved',
    amount,
    sender: senderParty,
    receiver: receiverParty,
  };
  return [
    {
      ...{},
      ...common,
      tenantId: sender.tenantId,
      userId: sender.userId,
      walletId: sender.id,
      movement: 'out',
      walletBalanceAfter: senderBalance,
      receiver: { ...{}, ...receiverParty, walletBalance: undefined },
    },
    {
      ...{},
      ...common,
      tenantId: receiver.tenantId,
      userId: receiver.userId,
      walletId: receiver.id,
      movement: 'in',
      walletBalanceAfter: receiverBalance,
      sender: { ...{}, ...senderParty, walletBalance: undefined },
    },
  ];
}

type TransferRequest = {
  requestedTransactions: RequestedTransaction[];
  externalReference?: string;
};
type TransferView = ReturnType<typeof transferView>;

/** An Idempotency-Key as one string (a key belongs to its client). */
function keyOf(idempotency: IdempotencyKey | undefined): string {
  return `${idempotency?.clientId ?? ''}\n${idempotency?.key ?? ''}`;
}

/** A transfer waiting for its batch (see `runBatch`). */
interface PendingTransfer {
  caller: AuthContext;
  request: TransferRequest;
  idempotency: IdempotencyKey | undefined;
  /** Epoch ms after which the caller no longer waits: not started after it. */
  deadline: number;
  /** The request's log and event context (a batch runs in one request's async context). */
  context: RequestContext | undefined;
  resolve: (view: TransferView) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; view: TransferView } | { ok: false; error: AppError };

interface Resolved {
  leg: RequestedTransaction;
  sender: WalletInfo;
  receiver: WalletInfo;
}

interface Planned {
  item: PendingTransfer;
  transfer: TransferRow;
  legRows: TransferLegRow[];
  plans: EntryPlan[];
  movements: MovementRow[];
  view: TransferView;
}

/**
 * Hands the transfers that arrive while batches are in flight to the next batch: at most
 * `maxInFlight` batches (transactions) at once, each of at most `maxWeight` (legs). With little
 * traffic every transfer is a batch of one, started at once.
 */
class Batcher<T> {
  private readonly queue: T[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (batch: T[]) => Promise<void>,
    private readonly maxInFlight: number,
    /** At most this much weight per batch (at least one item, whatever its weight). */
    private readonly maxWeight: number,
    private readonly weight: (item: T) => number,
    /** Answers the items of a batch whose `run` failed unexpectedly. */
    private readonly fail: (item: T, error: unknown) => void,
  ) {}

  submit(item: T): void {
    this.queue.push(item);
    this.kick();
  }

  private kick(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // The rest of this event-loop turn's arrivals join the batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
        let count = 0;
        let total = 0;
        for (const item of this.queue) {
          total += this.weight(item);
          if (count > 0 && total > this.maxWeight) break;
          count += 1;
        }
        const batch = this.queue.splice(0, count);
        this.inFlight += 1;
        void this.run(batch)
          .catch((error: unknown) => {
            for (const item of batch) this.fail(item, error);
          })
          .finally(() => {
            this.inFlight -= 1;
            this.kick();
          });
      }
    });
  }
}

/**
 * Transfers between custody wallets (DESIGN §6): every leg applies, or none; each leg is one
 * journal entry; insufficient funds on any leg is 400 insufficient_balance with nothing applied.
 */
export class TransfersService {
  private readonly batcher = new Batcher<PendingTransfer>(
    (batch) => this.runBatch(batch),
    TRANSFER_BATCHES_IN_FLIGHT,
    TRANSFER_BATCH_LEGS,
    (item) => item.request.requestedTransactions.length,
    (item, error) => item.reject(error),
  );
  /** Idempotency-Keys of transfers queued or in a batch: a twin goes the per-request way. */
  private readonly keysInFlight = new Set<string>();

  constructor(
    private readonly db: Database,
    /** The pool behind `db`: batches run as pipelined transactions on it. */
    private readonly pool: pg.Pool,
    private readonly catalog: AssetCatalog,
  ) {}

  /**
   * Live wallets by id with their accounts locked (in account id order, as every movement locks
   * them: no deadlocks), and wallet-ledger's copy of the senders (tenant, blocked); any tenant,
   * each request's scope is applied by `resolve`. One statement for the batch: a wallet a caller
   * may not use is locked for the batch's few milliseconds and then refused.
   */
  private lockPartiesStatements(items: PendingTransfer[]): SQL[] {
    const legs = items.flatMap((item) => item.request.requestedTransactions);
    const wanted = [
      ...new Set(legs.flatMap((l) => [l.senderWalletId, l.receiverWalletId]).filter(isUuid)),
    ];
    const senders = [...new Set(legs.map((l) => l.senderUserId).filter(isUuid))];
    if (wanted.length === 0 && senders.length === 0) return [];
    // The senders' locks first, in one order for everyone, in a statement of their own: the
    // next statement's snapshot is taken after them, so it reads a block that committed while
    // this transfer waited (see userRefLockKey). Then the accounts, in id order, as every
    // movement locks them.
    const senderLocks = sql`SELECT pg_advisory_xact_lock_shared(k) FROM (
          SELECT ${userRefLockKey(sql`id`)} AS k
            FROM unnest(${sql.param(senders)}::uuid[]) AS id ORDER BY 1) keys`;
    // Plain SQL: the query builder cost more than the query.
    return [senderLocks, this.partiesStatement(wanted, senders)];
  }

  private partiesStatement(wanted: string[], senders: string[]): SQL {
    return sql`WITH senders AS (
            SELECT u.id, u.tenant_id, u.blocked FROM ledger.user_refs u
             WHERE u.id = ANY(${sql.param(senders)}::uuid[]) AND u.deleted_at IS NULL),
          locked AS (
            SELECT w.id, w.user_id, w.tenant_id, w.asset_id, w.address, a.id AS account_id,
                   a.kind, a.balance::text AS balance, a.available_balance::text AS available_balance
              FROM ledger.wallets w
              JOIN ledger.accounts a ON a.wallet_id = w.id
             WHERE w.id = ANY(${sql.param(wanted)}::uuid[]) AND w.deleted_at IS NULL
             ORDER BY a.id FOR UPDATE OF a)
          SELECT 'u' AS row_kind, id, id AS user_id, tenant_id, NULL AS asset_id, NULL AS address,
                 NULL::uuid AS account_id, NULL AS kind, NULL AS balance, NULL AS available_balance,
                 blocked
            FROM senders
          UNION ALL
          SELECT 'w', id, user_id, tenant_id, asset_id, address, account_id, kind,
                 balance, available_balance, false
            FROM locked`;
  }

  /** The rows of `lockPartiesStatement` as wallets (with decimals), senders and accounts. */
  private async partiesFrom(resultRows: unknown[]): Promise<Parties> {
    const rows = resultRows as {
      row_kind: 'w' | 'u';
      id: string;
      user_id: string;
      tenant_id: string;
      asset_id: string;
      address: string;
      account_id: string;
      kind: AccountState['kind'];
      balance: string;
      available_balance: string;
      blocked: boolean;
    }[];
    const users = new Map<string, SenderInfo>();
    const accounts = new Map<string, AccountState>();
    const wallets: Omit<WalletInfo, 'decimals'>[] = [];
    for (const r of rows) {
      if (r.row_kind === 'u') {
        users.set(r.id, { tenantId: r.tenant_id, blocked: r.blocked });
        continue;
      }
      wallets.push({
        id: r.id,
        userId: r.user_id,
        tenantId: r.tenant_id,
        assetId: r.asset_id,
        address: r.address,
        accountId: r.account_id,
      });
      accounts.set(r.account_id, {
        id: r.account_id,
        kind: r.kind,
        assetId: r.asset_id,
        walletId: r.id,
        balance: r.balance,
        availableBalance: r.available_balance,
      });
    }
    // An asset missing from the catalog is a server fault (500), never "0 decimals"; raised when
    // a caller who may see the wallet names it (the batch reads wallets of several tenants).
    const withDecimals = await Promise.all(
      wallets.map(async (r) => {
        try {
          return { ...{}, ...r, decimals: (await this.catalog.require(r.assetId)).decimals };
        } catch (error) {
          return { ...{}, ...r, decimals: Number.NaN, catalogError: error };
        }
      }),
    );
    return { wallets: new Map(withDecimals.map((r) => [r.id, r])), users, accounts };
  }

  async create(
    auth: AuthContext | undefined,
    request: TransferRequest,
    idempotency?: IdempotencyKey,
    deadline = Date.now() + 60_000,
  ): Promise<TransferView> {
    const caller = requireAuth(auth);
    // No look-up of the key first (a round trip per keyed transfer): a replay's key is taken, so
    // its batch sends it the per-request way, which answers the stored result before any check.
    for (const leg of request.requestedTransactions) assertUserAccess(caller, leg.senderUserId);
    return new Promise((resolve, reject) => {
      const item: PendingTransfer = {
        caller,
        request,
        idempotency,
        deadline,
        context: currentContext(),
        resolve,
        reject,
      };
      if (!idempotency) return this.batcher.submit(item);
      const key = keyOf(idempotency);
      // A twin of a transfer already queued or running waits for it the per-request way.
      if (this.keysInFlight.has(key)) {
        this.createOne(item).then(resolve, reject);
        return;
      }
      this.keysInFlight.add(key);
      const release = () => this.keysInFlight.delete(key);
      item.resolve = (view) => {
        release();
        resolve(view);
      };
      item.reject = (error) => {
        release();
        reject(error);
      };
      this.batcher.submit(item);
    });
  }

  /** One transfer in its own transaction (and its own Idempotency-Key claim). */
  private createOne(item: PendingTransfer): Promise<TransferView> {
    return runIdempotent(
      this.db,
      SCHEMA,
      item.idempotency,
      async (tx) => {
        const [outcome] = await this.apply(tx, [item]);
        if (!outcome) throw Errors.internal(new Error('no outcome'));
        if (!outcome.ok) throw outcome.error;
        return outcome.view;
      },
      { storeError: (error) => !SENDER_REFUSALS.has(error.code) },
    );
  }

  /**
   * Group commit (docs/performance.md): the transfers that arrived while earlier batches were in
   * flight run in one transaction — one wallet read, one lock statement, one write statement and
   * one commit for all of them. Each is checked on its own: one refused (400, 403) refuses only
   * itself. A transfer whose Idempotency-Key is already there, and every transfer of a batch that
   * fails as a whole (a wallet deleted meanwhile, a twin holding a key, a database error), runs
   * again alone, so each gets exactly the answer it would have had alone.
   */
  private async runBatch(queued: PendingTransfer[]): Promise<void> {
    // The caller has given up (its RPC timed out): not started, so not applied behind its back.
    const items = queued.filter((item) => {
      if (item.deadline >= Date.now()) return true;
      // A keyed one may be the replay of a transfer that was applied: not "nothing moved".
      item.reject(
        Errors.unavailable(
          item.idempotency
            ? 'The request was not handled in time; retry with the same Idempotency-Key.'
            : 'The transfer was not started in time; nothing was moved.',
          'timeout',
        ),
      );
      return false;
    });
    const alone = (item: PendingTransfer) => this.createOne(item).then(item.resolve, item.reject);
    const oneByOne = async (list: PendingTransfer[]) => {
      const rest = [...list];
      await Promise.all(
        Array.from({ length: FALLBACK_CONCURRENCY }, async () => {
          for (let next = rest.shift(); next; next = rest.shift()) await alone(next);
        }),
      );
    };
    if (items.length === 0) return;
    type Decided = { batch: PendingTransfer[]; outcomes: Outcome[]; later: PendingTransfer[] };
    let done: Decided;
    // Set when the last statements go out with the COMMIT: a failure after it may be a commit
    // that happened (a connection lost while committing), told apart by the transaction's id.
    let decided: Decided | undefined;
    let xid: string | undefined;
    try {
      // Two round trips: BEGIN, the key claims and the locks; then the writes, the keys' answers
      // and COMMIT.
      done = await withPipelinedTransaction(this.pool, async (tx) => {
        // Keys claimed in a stable order: two batches never wait on each other's keys crosswise.
        const keyed = items
          .filter((i) => i.idempotency)
          .sort((a, b) => keyOf(a.idempotency).localeCompare(keyOf(b.idempotency)));
        const keys = keyed.map((i) => i.idempotency as IdempotencyKey);
        const claim = claimKeysStatements(SCHEMA, keys);
        // The accounts of every item, also of those whose key turns out taken (they run alone
        // after this commits).
        const lock = this.lockPartiesStatements(items);
        // Each text is the same for any batch: prepared once per connection. The planner
        // setting first, for this transaction only (see BATCH_PLANNER_SETTING); its result left
        // out.
        const results = (
          await tx.begin([
            BATCH_PLANNER_SETTING,
            ...[sql`SELECT pg_current_xact_id()::text AS xid`, ...claim, ...lock].map(prepared),
          ])
        ).slice(1);
        xid = (results[0]?.rows[0] as { xid: string } | undefined)?.xid;
        // claim = [SET, INSERT … RETURNING, SET]: the insert's rows follow the xid's.
        const claimed = claim.length > 0 ? claimedKeys(keys, results[2]?.rows ?? []) : new Set();
        const later = keyed.filter((_, i) => !claimed.has(i));
        const batch = items.filter((i) => !later.includes(i));
        const parties = await this.partiesFrom(lock.length > 0 ? (results.at(-1)?.rows ?? []) : []);
        const now = new Date();
        const { outcomes, accepted, state } = this.decide(batch, parties, now);
        // A refusal that comes from wallet-ledger's copy of the user (unknown, blocked) is not
        // kept under the key: identity's answer used to come before the key was claimed, and an
        // unblock must not be answered with the stored 403 for a day.
        const answers = batch.flatMap((item, i) => {
          const outcome = outcomes[i] as Outcome;
          return item.idempotency ? [{ key: item.idempotency, outcome }] : [];
        });
        const kept = answers.filter(
          (a) => a.outcome.ok || !SENDER_REFUSALS.has(a.outcome.error.code),
        );
        const released = answers.filter((a) => !kept.includes(a)).map((a) => a.key);
        const store = storeOutcomesStatement(
          SCHEMA,
          kept.map(({ key, outcome }) => ({
            key,
            outcome: outcome.ok
              ? { ok: true as const, result: outcome.view }
              : { ok: false as const, error: outcome.error },
          })),
        );
        const release = releaseKeysStatement(SCHEMA, released);
        decided = { batch, outcomes, later };
        await tx.commitWith([
          ...(accepted.length > 0 ? [prepared(this.writeStatement(accepted, state, now))] : []),
          ...(store ? [prepared(store)] : []),
          ...(release ? [prepared(release)] : []),
        ]);
        return decided;
      });
    } catch {
      // Before `decided` no COMMIT was sent; after it, only the database can tell (and without
      // the transaction's id it cannot: unknown, never "run it again").
      const outcome = !decided
        ? 'aborted'
        : xid
          ? await transactionOutcome(this.pool, xid)
          : 'unknown';
      if (outcome === 'aborted' || !decided) {
        // Nothing of the batch was applied: each transfer again, alone, a few at a time.
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
              item.idempotency
                ? 'The transfer may have been applied; retry with the same Idempotency-Key.'
                : 'The transfer may have been applied; look it up before sending it again.',
              'outcome_unknown',
            ),
          );
        await oneByOne(decided.later);
        return;
      }
    }
    done.batch.forEach((item, i) => {
      const outcome = done.outcomes[i] as Outcome;
      if (outcome.ok) item.resolve(outcome.view);
      else item.reject(outcome.error);
    });
    await oneByOne(done.later);
  }

  /**
   * Checks and applies transfers in the caller's transaction (the per-request way): the batch's
   * accounts locked, each transfer decided, all writes in one statement.
   */
  private async apply(tx: Transaction, items: PendingTransfer[]): Promise<Outcome[]> {
    let rows: unknown[] = [];
    for (const statement of this.lockPartiesStatements(items))
      rows = (await tx.execute(statement)).rows;
    const parties = await this.partiesFrom(rows);
    const now = new Date();
    const { outcomes, accepted, state } = this.decide(items, parties, now);
    if (accepted.length > 0) {
      try {
        await tx.execute(this.writeStatement(accepted, state, now));
      } catch (error) {
        throw walletDeleted(error) ?? error;
      }
    }
    return outcomes;
  }

  /**
   * Decides each transfer in order against the locked balances the ones before it left: a
   * refused one (4xx) is an outcome, not an error, and writes nothing; anything else throws.
   */
  private decide(
    items: PendingTransfer[],
    parties: Parties,
    now: Date,
  ): { outcomes: Outcome[]; accepted: Planned[]; state: Map<string, AccountState> } {
    const outcomes: Outcome[] = [];
    const resolvedAll: (Resolved[] | undefined)[] = items.map((item, n) => {
      try {
        return this.resolve(item.caller, item.request, parties);
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        outcomes[n] = { ok: false, error };
        return undefined;
      }
    });
    const state = new Map(parties.accounts);
    const accepted: Planned[] = [];
    items.forEach((item, n) => {
      const resolved = resolvedAll[n];
      if (!resolved) return;
      try {
        const planned = this.plan(item, resolved, state, now);
        for (const plan of planned.plans)
          for (const [id, account] of plan.after) state.set(id, account);
        accepted.push(planned);
        outcomes[n] = { ok: true, view: planned.view };
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        outcomes[n] = { ok: false, error };
      }
    });
    return { outcomes, accepted, state };
  }

  /** The request's legs against the wallets it names, as `caller` may see them (4xx otherwise). */
  private resolve(caller: AuthContext, request: TransferRequest, parties: Parties): Resolved[] {
    const scope = tenantScope(caller);
    const legs = request.requestedTransactions;
    for (const leg of legs) assertUserAccess(caller, leg.senderUserId);
    // The senders first, as identity would answer: unknown (404) before blocked (403). The copy
    // is current for blocks (identity writes it before a block commits; see UsersService.update).
    const senders = legs.map((leg) => {
      const user = parties.users.get(leg.senderUserId);
      if (!user || (scope.kind !== 'all' && user.tenantId !== scope.tenantId))
        throw Errors.notFound('user');
      return user;
    });
    if (senders.some((user) => user.blocked))
      throw Errors.forbidden('A blocked user cannot send.', 'user_blocked');
    const known = {
      get: (id: string) => {
        const wallet = parties.wallets.get(id);
        if (!wallet || (scope.kind !== 'all' && wallet.tenantId !== scope.tenantId))
          return undefined;
        if (wallet.catalogError !== undefined) throw wallet.catalogError;
        return wallet;
      },
    };
    // Validate every leg before moving anything.
    return legs.map((leg, i) => {
      const at = (field: string) => `body.requestedTransactions.${i}.${field}`;
      const sender = known.get(leg.senderWalletId);
      const receiver = known.get(leg.receiverWalletId);
      if (!sender || sender.userId !== leg.senderUserId)
        throw Errors.validation([
          { path: at('senderWalletId'), message: 'No such wallet of senderUserId' },
        ]);
      if (!receiver || receiver.userId !== leg.receiverUserId)
        throw Errors.validation([
          { path: at('receiverWalletId'), message: 'No such wallet of receiverUserId' },
        ]);
      if (sender.assetId !== leg.assetId || receiver.assetId !== leg.assetId) {
        throw Errors.validation([
          { path: at('assetId'), message: 'Both wallets must hold assetId' },
        ]);
      }
      if (sender.id === receiver.id)
        throw Errors.validation([
          { path: at('receiverWalletId'), message: 'Sender and receiver are the same wallet' },
        ]);
      if (decimalPlaces(leg.amount) > sender.decimals) {
        throw Errors.validation([
          {
            path: at('amount'),
            message: `At most ${sender.decimals} decimal places for this asset`,
          },
        ]);
      }
      if (isZero(leg.amount))
        throw Errors.validation([{ path: at('amount'), message: 'Must be greater than zero' }]);
      if (!fitsBaseUnits(leg.amount, sender.decimals))
        throw Errors.validation([{ path: at('amount'), message: TOO_MANY_BASE_UNITS }]);
      return { leg, sender, receiver };
    });
  }

  /** One transfer's journal entries, rows and event (400 insufficient_balance when a leg overdraws). */
  private plan(
    item: PendingTransfer,
    resolved: Resolved[],
    balances: Map<string, AccountState>,
    now: Date,
  ): Planned {
    const { caller, request } = item;
    const legs = request.requestedTransactions;
    const transferId = uuidv7();
    const tenantId = resolved[0]?.sender.tenantId ?? caller.tenantId;
    // Legs see the balances the earlier legs left; nothing is kept if a later leg fails.
    const state = new Map(balances);
    const plans: EntryPlan[] = [];
    const movements: MovementRow[] = [];
    const legRows: TransferLegRow[] = [];
    for (const [i, { leg, sender, receiver }] of resolved.entries()) {
      let plan: EntryPlan;
      try {
        plan = planEntry(
          {
            operationType: 'transfer',
            operationId: transferId,
            assetId: leg.assetId,
            movements: [
              { accountId: sender.accountId, amount: `-${leg.amount}` },
              { accountId: receiver.accountId, amount: leg.amount },
            ],
          },
          state,
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'insufficient_balance') {
          throw insufficientBalance({ leg: i, senderWalletId: sender.id });
        }
        throw error;
      }
      plans.push(plan);
      for (const [id, account] of plan.after) state.set(id, account);
      legRows.push({
        id: uuidv7(),
        transferId,
        position: i,
        assetId: leg.assetId,
        senderWalletId: sender.id,
        receiverWalletId: receiver.id,
        amount: leg.amount,
        status: 'approved',
        createdAt: now,
        updatedAt: now,
      });
      movements.push(...legMovements(transferId, leg.assetId, leg.amount, sender, receiver, state));
    }
    const transfer: TransferRow = {
      id: transferId,
      tenantId,
      status: 'approved',
      externalReference: request.externalReference ?? null,
      requested: legs,
      createdAt: now,
      updatedAt: now,
    };
    const view = transferView(transfer, legRows);
    return { item, transfer, legRows, plans, movements, view };
  }

  /**
   * Every write of the accepted transfers in one statement (one round trip instead of one per row
   * kind and leg). It starts after the locks were granted, so it sees a wallet deleted while we
   * waited (its delete held the lock): then it throws 409 and the transaction is rolled back.
   */
  private writeStatement(accepted: Planned[], state: Map<string, AccountState>, now: Date): SQL {
    const plans = accepted.flatMap((a) => a.plans);
    const touched = new Set(plans.flatMap((p) => [...p.after.keys()]));
    const writes = entryWrites(
      plans,
      [...touched].map((id) => state.get(id) as AccountState),
    );
    const transferRows = accepted.map((a) => a.transfer);
    const legRows = accepted.flatMap((a) => a.legRows);
    // Each event carries its own request's id, not that of the request the batch ran under.
    const events = accepted.map(({ item, transfer, view }) => {
      const event = () =>
        outboxRecord({ name: EVENTS.transferCreated, tenantId: transfer.tenantId, data: view });
      return item.context ? runWithContext(item.context, event) : event();
    });
    const wallets = [
      ...new Set(
        accepted.flatMap(({ legRows }) =>
          legRows.flatMap((l) => [l.senderWalletId, l.receiverWalletId]),
        ),
      ),
    ];
    // A wallet deleted since the batch read it fails the statement itself (its COMMIT may be
    // travelling with it, see runBatch).
    // One array per column: the same text for any batch (the batch path prepares it).
    return sql`WITH gone AS (
            SELECT count(*)::int AS n FROM ledger.wallets
             WHERE id = ANY(${sql.param(wallets)}::uuid[]) AND deleted_at IS NOT NULL
          ), transfers AS (
            INSERT INTO ledger.transfers (id, tenant_id, status, external_reference, requested, created_at, updated_at)
            SELECT id, tenant_id, 'approved', external_reference, requested, ${now}::timestamptz, ${now}::timestamptz
              FROM unnest(${sql.param(transferRows.map((t) => t.id))}::uuid[],
                ${sql.param(transferRows.map((t) => t.tenantId))}::text[],
                ${sql.param(transferRows.map((t) => t.externalReference))}::text[],
                ${sql.param(transferRows.map((t) => JSON.stringify(t.requested)))}::jsonb[])
                AS t(id, tenant_id, external_reference, requested)
          ), entries AS (${writes.entries}),
          posted AS (${writes.postings}),
          balances AS (${writes.balances}),
          legs AS (
            INSERT INTO ledger.transfer_legs (id, transfer_id, position, asset_id, sender_wallet_id, receiver_wallet_id, amount, status, created_at, updated_at)
            SELECT id, transfer_id, position, asset_id, sender_wallet_id, receiver_wallet_id, amount, status, ${now}::timestamptz, ${now}::timestamptz
              FROM unnest(${sql.param(legRows.map((l) => l.id))}::uuid[],
                ${sql.param(legRows.map((l) => l.transferId))}::uuid[],
                ${sql.param(legRows.map((l) => l.position))}::int[],
                ${sql.param(legRows.map((l) => l.assetId))}::text[],
                ${sql.param(legRows.map((l) => l.senderWalletId))}::uuid[],
                ${sql.param(legRows.map((l) => l.receiverWalletId))}::uuid[],
                ${sql.param(legRows.map((l) => l.amount))}::numeric[],
                ${sql.param(legRows.map((l) => l.status))}::text[])
                AS l(id, transfer_id, position, asset_id, sender_wallet_id, receiver_wallet_id, amount, status)
          ), movements AS (${movementsInsert(accepted.flatMap((a) => a.movements))}),
          events AS (${outboxInsertMany(SCHEMA, events)})
          SELECT ledger.fail_if(n <> 0, ${WALLET_DELETED}) FROM gone`;
  }

  /** A token bound to one user sees only the transfers that user sent or received. */
  private involving(auth: AuthContext | undefined) {
    const userId = auth?.userId;
    if (userId === undefined) return undefined;
    return exists(
      this.db
        .select({ one: sql`1` })
        .from(transferLegs)
        .innerJoin(
          wallets,
          or(
            eq(wallets.id, transferLegs.senderWalletId),
            eq(wallets.id, transferLegs.receiverWalletId),
          ),
        )
        .where(and(eq(transferLegs.transferId, transfers.id), eq(wallets.userId, userId))),
    );
  }

  async list(
    auth: AuthContext | undefined,
    query: ListQuery,
  ): Promise<ListResult<ReturnType<typeof transferView>>> {
    const scope = tenantScope(auth);
    const clauses = listClauses(
      query,
      {
        sortable: { createdAt: transfers.createdAt },
        createdAt: transfers.createdAt,
        id: transfers.id,
        externalReference: transfers.externalReference,
      },
      [
        scope.kind === 'tenant' ? eq(transfers.tenantId, scope.tenantId) : undefined,
        this.involving(auth),
      ],
    );
    const { rows, total } = await selectPage(this.db, transfers, clauses);
    const legs = rows.length
      ? await this.db
          .select()
          .from(transferLegs)
          .where(
            inArray(
              transferLegs.transferId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return {
      items: rows.map((r) =>
        transferView(
          r,
          legs.filter((l) => l.transferId === r.id),
        ),
      ),
      total,
    };
  }

  async get(auth: AuthContext | undefined, id: string) {
    const scope = tenantScope(auth);
    if (!isUuid(id)) throw Errors.notFound('transfer');
    const [row] = await this.db
      .select()
      .from(transfers)
      .where(
        and(
          eq(transfers.id, id),
          scope.kind === 'tenant' ? eq(transfers.tenantId, scope.tenantId) : undefined,
          this.involving(auth),
        ),
      );
    if (!row) throw Errors.notFound('transfer');
    const legs = await this.db.select().from(transferLegs).where(eq(transferLegs.transferId, id));
    return transferView(row, legs);
  }
}

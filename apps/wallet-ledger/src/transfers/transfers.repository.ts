import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, union } from 'drizzle-orm/pg-core';
import type { ListQuery, RequestedTransaction } from '@custody/contracts';
import { type AppError, Errors } from '@custody/errors';
import {
  type Executor,
  isUuid,
  listClauses,
  outboxInsertMany,
  type OutboxRecord,
  type Page,
  selectPage,
  sqlState,
} from '@custody/persistence';
import type { TenantScope } from '@custody/tenancy';
import type { AccountState } from '../ledger/ledger.rules';
import { entryWrites } from '../ledger/ledger.repository';
import { type TransferLegRow, type TransferRow, transferLegs, transfers, wallets } from '../schema';
import { movementsInsert } from '../transactions/transactions.repository';
import { userRefLockKey } from '../users/users.repository';
import type { PlannedTransfer, SenderInfo, WalletInfo } from './transfers.rules';

const SCHEMA = 'ledger';

/**
 * With PostgreSQL's default cost of a random page (4, for spinning disks) the planner scanned
 * whole tables of a few thousand rows for the batch's set-based statements (`id = ANY($1)`)
 * instead of probing their primary keys: 1.2 ms instead of 0.2 ms for the lock statement at
 * 1,000 wallets (docs/performance.md, "Planner cost of small tables"). 1.1 is PostgreSQL's advice for SSDs and cached
 * data. Set per transaction, so it needs nothing from the server or a pooler; the batch's
 * prepared statements only ever run under it, so their cached plans are made with it.
 */
export const BATCH_PLANNER_SETTING = 'SET LOCAL random_page_cost = 1.1';

/**
 * The transaction's own id, read first in a group commit's transaction: a batch whose connection
 * failed after its COMMIT went out is then asked of the database by this id (committed or not).
 */
export function currentTransactionIdStatement(): SQL {
  return sql`SELECT pg_current_xact_id()::text AS xid`;
}

/**
 * How many of these transfers are booked: whether a batch whose COMMIT got no answer committed
 * (group-commit.ts `batchOutcome`).
 */
export async function countTransfers(db: Executor, ids: string[]): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ledger.transfers WHERE id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return rows[0]?.n ?? 0;
}

/** A wallet as the lock statement reads it (its asset's decimals come from the catalog). */
export type LockedWallet = Omit<WalletInfo, 'decimals' | 'catalogError'>;

export interface PartyRows {
  wallets: LockedWallet[];
  users: Map<string, SenderInfo>;
  accounts: Map<string, AccountState>;
}

/** The reason `ledger.fail_if` gives when a wallet of the transfer was deleted meanwhile. */
const WALLET_DELETED = 'wallet_deleted';

/** The 409 for a write statement that refused itself because a wallet was deleted meanwhile. */
export function walletDeleted(error: unknown): AppError | undefined {
  const cause = (error as { cause?: { message?: unknown } }).cause ?? error;
  if (sqlState(error) !== 'P0001' || (cause as { message?: unknown }).message !== WALLET_DELETED)
    return undefined;
  return Errors.conflict('A wallet of this transfer was just deleted.', WALLET_DELETED);
}

/**
 * Live wallets by id with their accounts locked (in account id order, as every movement locks
 * them: no deadlocks), and wallet-ledger's copy of the senders (tenant, blocked); any tenant,
 * each request's scope is applied by `resolve`. One statement for the batch: a wallet a caller
 * may not use is locked for the batch's few milliseconds and then refused.
 */
export function lockPartiesStatements(legs: RequestedTransaction[]): SQL[] {
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
  return [senderLocks, partiesStatement(wanted, senders)];
}

function partiesStatement(wanted: string[], senders: string[]): SQL {
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

/** The rows of `lockPartiesStatements` as wallets (without their decimals), senders and accounts. */
export function partyRows(resultRows: unknown[]): PartyRows {
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
  const wallets: LockedWallet[] = [];
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
  return { wallets, users, accounts };
}

/**
 * Every write of the accepted transfers in one statement (one round trip instead of one per row
 * kind and leg). It starts after the locks were granted, so it sees a wallet deleted while we
 * waited (its delete held the lock): then it throws 409 and the transaction is rolled back.
 */
export function writeTransfersStatement(
  accepted: PlannedTransfer[],
  state: Map<string, AccountState>,
  now: Date,
  events: OutboxRecord[],
): SQL {
  const plans = accepted.flatMap((a) => a.plans);
  const touched = new Set(plans.flatMap((p) => [...p.after.keys()]));
  const writes = entryWrites(
    plans,
    [...touched].map((id) => state.get(id) as AccountState),
  );
  const transferRows = accepted.map((a) => a.transfer);
  const legRows = accepted.flatMap((a) => a.legRows);
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

/**
 * A token bound to one user sees only the transfers that user sent or received: the ids are read
 * from the legs of the user's wallets (an index on each side's wallet), so a user's page costs
 * that user's transfers, not the tenant's.
 */
function involving(db: Executor, scope: TenantScope, userId: string | undefined) {
  if (userId === undefined) return undefined;
  // The user's wallets by tenant and user (their index); a user-bound token is a tenant's.
  const theirs = and(
    scope.kind === 'tenant' ? eq(wallets.tenantId, scope.tenantId) : undefined,
    eq(wallets.userId, userId),
  );
  const legsOf = (side: PgColumn) =>
    db
      .select({ id: transferLegs.transferId })
      .from(transferLegs)
      .innerJoin(wallets, eq(wallets.id, side))
      .where(theirs);
  return inArray(
    transfers.id,
    union(legsOf(transferLegs.senderWalletId), legsOf(transferLegs.receiverWalletId)),
  );
}

/** A page of the transfers the scope may see, with their legs. */
export async function listTransfers(
  db: Executor,
  scope: TenantScope,
  userId: string | undefined,
  query: ListQuery,
): Promise<Page<TransferRow> & { legs: TransferLegRow[] }> {
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
      involving(db, scope, userId),
    ],
  );
  const page = await selectPage(db, transfers, clauses);
  const rows = page.rows;
  const legs = rows.length
    ? await db
        .select()
        .from(transferLegs)
        .where(
          inArray(
            transferLegs.transferId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return { ...{}, ...page, legs };
}

/** One transfer the scope may see, with its legs. */
export async function findTransfer(
  db: Executor,
  scope: TenantScope,
  userId: string | undefined,
  id: string,
): Promise<{ row: TransferRow; legs: TransferLegRow[] } | undefined> {
  const [row] = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.id, id),
        scope.kind === 'tenant' ? eq(transfers.tenantId, scope.tenantId) : undefined,
        involving(db, scope, userId),
      ),
    );
  if (!row) return undefined;
  const legs = await db.select().from(transferLegs).where(eq(transferLegs.transferId, id));
  return { row, legs };
}

/** The tenants of these wallets (an admin's transfer is governed as its senders' tenant's). */
export async function walletTenants(db: Executor, walletIds: string[]): Promise<string[]> {
  const ids = [...new Set(walletIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ tenantId: wallets.tenantId })
    .from(wallets)
    .where(inArray(wallets.id, ids));
  return rows.map((r) => r.tenantId);
}

/** A transfer held for approval, with its legs (its holds are placed by the caller). */
export async function insertHeldTransfer(
  tx: Executor,
  transfer: TransferRow,
  legs: TransferLegRow[],
): Promise<void> {
  await tx.insert(transfers).values(transfer);
  await tx.insert(transferLegs).values(legs);
}

/** A transfer and its legs, the transfer's row locked. */
export async function lockTransfer(
  tx: Executor,
  id: string,
): Promise<{ row: TransferRow; legs: TransferLegRow[] } | undefined> {
  const [row] = await tx.select().from(transfers).where(eq(transfers.id, id)).for('update');
  if (!row) return undefined;
  const legs = await tx.select().from(transferLegs).where(eq(transferLegs.transferId, id));
  return { row, legs: legs.sort((a, b) => a.position - b.position) };
}

/** A held transfer's end: its status and its legs', and why when it did not run. */
export async function finishTransfer(
  tx: Executor,
  id: string,
  status: string,
  failureReason: string | null,
): Promise<{ row: TransferRow; legs: TransferLegRow[] }> {
  const now = new Date();
  const [row] = await tx
    .update(transfers)
    .set({ status, failureReason, updatedAt: now })
    .where(eq(transfers.id, id))
    .returning();
  const legs = await tx
    .update(transferLegs)
    .set({ status, updatedAt: now })
    .where(eq(transferLegs.transferId, id))
    .returning();
  if (!row) throw Errors.internal(new Error('held transfer missing'));
  return { row, legs: legs.sort((a, b) => a.position - b.position) };
}

/** The open holds an operation placed, oldest first. */
export async function openHoldsOf(tx: Executor, operationId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`SELECT id FROM ledger.holds WHERE operation_id = ${operationId} AND status = 'open' ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/**
 * The approvals of held transfers still waiting for their outcome, in id order after `after`, at most
 * `limit` (the approval outcomes' sweep, docs/decisions/sweeps.md; a partial index of its own).
 */
export async function waitingApprovals(
  db: Executor,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ approvalId: transfers.approvalId })
    .from(transfers)
    .where(and(eq(transfers.status, 'pending_approval'), gt(transfers.approvalId, after)))
    .orderBy(asc(transfers.approvalId))
    .limit(limit);
  return rows.flatMap((row) => (row.approvalId ? [row.approvalId] : []));
}

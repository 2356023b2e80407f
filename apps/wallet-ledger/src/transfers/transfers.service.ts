import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  EVENTS,
  type AuthContext,
  type ListQuery,
  type ListResult,
  type RequestedTransaction,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { decimalPlaces, fitsBaseUnits, TOO_MANY_BASE_UNITS, isZero } from '@custody/money';
import {
  type Database,
  outboxInsert,
  type IdempotencyKey,
  isUuid,
  listClauses,
  runIdempotent,
  selectPage,
  storedIdempotentResult,
  type Transaction,
} from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import {
  type AccountState,
  type EntryPlan,
  entryWrites,
  insufficientBalance,
  lockAccounts,
  planEntry,
} from '../ledger/ledger';
import { type TransferLegRow, type TransferRow, transferLegs, transfers, wallets } from '../schema';
import { type MovementRow, movementsInsert } from '../transactions/transactions.service';
import { assertMaySend } from '../users/senders';
import type { AssetCatalog } from '../assets/asset-catalog';

const SCHEMA = 'ledger';

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

interface WalletInfo {
  id: string;
  userId: string;
  tenantId: string;
  assetId: string;
  address: string;
  accountId: string;
  blocked: boolean;
  decimals: number;
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
      ...common,
      tenantId: sender.tenantId,
      userId: sender.userId,
      walletId: sender.id,
      movement: 'out',
      walletBalanceAfter: senderBalance,
      receiver: { ...receiverParty, walletBalance: undefined },
    },
    {
      ...common,
      tenantId: receiver.tenantId,
      userId: receiver.userId,
      walletId: receiver.id,
      movement: 'in',
      walletBalanceAfter: receiverBalance,
      sender: { ...senderParty, walletBalance: undefined },
    },
  ];
}

/**
 * Transfers between custody wallets (DESIGN §6): every leg applies, or none; each leg is one
 * journal entry; insufficient funds on any leg is 400 insufficient_balance with nothing applied.
 */
export class TransfersService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly catalog: AssetCatalog,
  ) {}

  private async walletsFor(
    tx: Transaction,
    auth: AuthContext,
    ids: string[],
  ): Promise<Map<string, WalletInfo>> {
    const scope = tenantScope(auth);
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return new Map();
    // Plain SQL: it runs once per transfer, and the query builder cost more than the query.
    const tenantOnly = scope.kind === 'tenant' ? sql`AND w.tenant_id = ${scope.tenantId}` : sql``;
    const result = await tx.execute(
      sql`SELECT w.id, w.user_id, w.tenant_id, w.asset_id, w.address, a.id AS account_id, u.blocked
            FROM ledger.wallets w
            JOIN ledger.accounts a ON a.wallet_id = w.id
            JOIN ledger.user_refs u ON u.id = w.user_id
           WHERE w.id = ANY(${sql.param(valid)}::uuid[]) AND w.deleted_at IS NULL ${tenantOnly}`,
    );
    const rows = (
      result.rows as {
        id: string;
        user_id: string;
        tenant_id: string;
        asset_id: string;
        address: string;
        account_id: string;
        blocked: boolean;
      }[]
    ).map((r) => ({
      id: r.id,
      userId: r.user_id,
      tenantId: r.tenant_id,
      assetId: r.asset_id,
      address: r.address,
      accountId: r.account_id,
      blocked: r.blocked,
    }));
    // An asset missing from the catalog is a server fault (500), never "0 decimals".
    const withDecimals = await Promise.all(
      rows.map(async (r) => ({ ...r, decimals: (await this.catalog.require(r.assetId)).decimals })),
    );
    return new Map(withDecimals.map((r) => [r.id, r]));
  }

  async create(
    auth: AuthContext | undefined,
    request: { requestedTransactions: RequestedTransaction[]; externalReference?: string },
    idempotency?: IdempotencyKey,
  ): Promise<ReturnType<typeof transferView>> {
    const caller = requireAuth(auth);
    const replay = await storedIdempotentResult<ReturnType<typeof transferView>>(
      this.db,
      SCHEMA,
      idempotency,
    );
    if (replay) return replay.result;
    for (const leg of request.requestedTransactions) assertUserAccess(caller, leg.senderUserId);
    await assertMaySend(
      this.rpc,
      caller,
      request.requestedTransactions.map((l) => l.senderUserId),
    );
    return runIdempotent(this.db, SCHEMA, idempotency, async (tx) => {
      const legs = request.requestedTransactions;
      const known = await this.walletsFor(
        tx,
        caller,
        legs.flatMap((l) => [l.senderWalletId, l.receiverWalletId]),
      );
      // Validate every leg before moving anything.
      const resolved = legs.map((leg, i) => {
        const at = (field: string) => `body.requestedTransactions.${i}.${field}`;
        assertUserAccess(caller, leg.senderUserId);
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
        if (sender.blocked) throw Errors.forbidden('A blocked user cannot send.', 'user_blocked');
        return { leg, sender, receiver };
      });

      const transferId = uuidv7();
      const tenantId = resolved[0]?.sender.tenantId ?? caller.tenantId;
      // Lock every account of the transfer once, in id order (no deadlocks with other transfers).
      const state = new Map<string, AccountState>(
        await lockAccounts(
          tx,
          [...known.values()].map((w) => w.accountId),
        ),
      );
      // Every leg is checked and computed before anything is written.
      const plans: EntryPlan[] = [];
      const movements: MovementRow[] = [];
      const now = new Date();
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
        movements.push(
          ...legMovements(transferId, leg.assetId, leg.amount, sender, receiver, state),
        );
      }
      const transfer: TransferRow = {
        id: transferId,
        tenantId,
        status: 'approved',
        externalReference: request.externalReference ?? null,
        requested: legs as unknown as Record<string, unknown>[],
        createdAt: now,
        updatedAt: now,
      };
      const view = transferView(transfer, legRows);
      const touched = new Set(plans.flatMap((p) => [...p.after.keys()]));
      const writes = entryWrites(
        plans,
        [...touched].map((id) => state.get(id) as AccountState),
      );
      const event = outboxInsert(SCHEMA, { name: EVENTS.transferCreated, tenantId, data: view });
      const legValues = legRows.map(
        (l) =>
          sql`(${l.id}::uuid, ${l.transferId}::uuid, ${l.position}, ${l.assetId}, ${l.senderWalletId}::uuid, ${l.receiverWalletId}::uuid, ${l.amount}::numeric, ${l.status}, ${now}::timestamptz, ${now}::timestamptz)`,
      );
      // Every write of the transfer in one statement (one round trip instead of one per row
      // kind and leg). It starts after the locks were granted, so it sees a wallet deleted while
      // we waited (its delete held the lock): then the transaction is rolled back below.
      const result = await tx.execute(
        sql`WITH gone AS (
              SELECT count(*)::int AS n FROM ledger.wallets
               WHERE id = ANY(${sql.param([...known.keys()])}::uuid[]) AND deleted_at IS NOT NULL
            ), transfer AS (
              INSERT INTO ledger.transfers (id, tenant_id, status, external_reference, requested, created_at, updated_at)
              VALUES (${transferId}::uuid, ${tenantId}, 'approved', ${transfer.externalReference}::text, ${JSON.stringify(legs)}::jsonb, ${now}::timestamptz, ${now}::timestamptz)
            ), entries AS (${writes.entries}),
            posted AS (${writes.postings}),
            balances AS (${writes.balances}),
            legs AS (
              INSERT INTO ledger.transfer_legs (id, transfer_id, position, asset_id, sender_wallet_id, receiver_wallet_id, amount, status, created_at, updated_at)
              VALUES ${sql.join(legValues, sql`, `)}
            ), movements AS (${movementsInsert(movements)}),
            event AS (${event.statement})
            SELECT n FROM gone`,
      );
      if ((result.rows[0] as { n: number } | undefined)?.n !== 0)
        throw Errors.conflict('A wallet of this transfer was just deleted.', 'wallet_deleted');
      return view;
    });
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

import { and, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
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
  enqueueEvent,
  type IdempotencyKey,
  isUuid,
  listClauses,
  one,
  runIdempotent,
  selectPage,
  storedIdempotentResult,
  type Transaction,
} from '@custody/persistence';
import { assertUserAccess, requireAuth, tenantScope } from '@custody/tenancy';
import { type AccountState, insufficientBalance, lockAccounts, postEntry } from '../ledger/ledger';
import {
  accounts,
  type TransferLegRow,
  type TransferRow,
  transferLegs,
  transfers,
  userRefs,
  wallets,
} from '../schema';
import { recordMovements } from '../transactions/transactions.service';
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
    const rows = await tx
      .select({
        id: wallets.id,
        userId: wallets.userId,
        tenantId: wallets.tenantId,
        assetId: wallets.assetId,
        address: wallets.address,
        accountId: accounts.id,
        blocked: userRefs.blocked,
      })
      .from(wallets)
      .innerJoin(accounts, eq(accounts.walletId, wallets.id))
      .innerJoin(userRefs, eq(userRefs.id, wallets.userId))
      .where(
        and(
          inArray(wallets.id, valid),
          isNull(wallets.deletedAt),
          scope.kind === 'tenant' ? eq(wallets.tenantId, scope.tenantId) : undefined,
        ),
      );
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
      const transfer = one(
        await tx
          .insert(transfers)
          .values({
            id: transferId,
            tenantId,
            status: 'approved',
            externalReference: request.externalReference ?? null,
            requested: legs as unknown as Record<string, unknown>[],
          })
          .returning(),
      );
      // Lock every account of the transfer once, in id order (no deadlocks with other transfers).
      const locked = await lockAccounts(
        tx,
        [...known.values()].map((w) => w.accountId),
      );
      const state = new Map<string, AccountState>(locked);
      // A wallet deleted while we waited for its lock receives nothing (its delete held the lock).
      const gone = await tx
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(inArray(wallets.id, [...known.keys()]), isNotNull(wallets.deletedAt)));
      if (gone.length > 0)
        throw Errors.conflict('A wallet of this transfer was just deleted.', 'wallet_deleted');
      const legRows: TransferLegRow[] = [];
      for (const [i, { leg, sender, receiver }] of resolved.entries()) {
        let after: Map<string, AccountState>;
        try {
          after = await postEntry(
            tx,
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
        for (const [id, account] of after) state.set(id, account);
        const senderBalance = state.get(sender.accountId)?.balance ?? '0';
        const receiverBalance = state.get(receiver.accountId)?.balance ?? '0';
        const legRow = one(
          await tx
            .insert(transferLegs)
            .values({
              id: uuidv7(),
              transferId,
              position: i,
              assetId: leg.assetId,
              senderWalletId: sender.id,
              receiverWalletId: receiver.id,
              amount: leg.amount,
              status: 'approved',
            })
            .returning(),
        );
        legRows.push(legRow);
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
          assetId: leg.assetId,
          operationId: transferId,
          type: 'transfer' as const,
          movementSubtype: 'internal' as const,
          status: 'approved',
          amount: leg.amount,
          sender: senderParty,
          receiver: receiverParty,
        };
        await recordMovements(tx, [
          {
            ...common,
            tenantId: sender.tenantId,
            userId: sender.userId,
            walletId: sender.id,
            movement: 'out',
            walletBalanceAfter: senderBalance,
            // Each side sees its own balance, never the counterparty's.
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
        ]);
      }
      const view = transferView(transfer, legRows);
      await enqueueEvent(tx, SCHEMA, { name: EVENTS.transferCreated, tenantId, data: view });
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

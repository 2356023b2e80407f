import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type {
  AuthContext,
  CreateTransferRequest,
  RequestedTransaction,
  TransferView,
} from '@custody/contracts';
import { type AppError, Errors, isAppError } from '@custody/errors';
import { decimalPlaces, fitsBaseUnits, TOO_MANY_BASE_UNITS, isZero } from '@custody/money';
import type { StoredAnswer } from '@custody/persistence';
import { assertUserAccess, tenantScope } from '@custody/tenancy';
import {
  type AccountState,
  type EntryPlan,
  insufficientBalance,
  planEntry,
} from '../ledger/ledger.rules';
import type { TransferLegRow, TransferRow } from '../schema';
import type { MovementRow } from '../transactions/transactions.repository';

/**
 * The rules of a transfer, with no I/O (docs/decisions/ledger-and-money-movement.md): which wallets
 * a caller may name, what a leg must be (same asset, another wallet, a positive amount within the
 * asset's decimals), and the journal entries, rows and view of an accepted transfer. Every leg
 * applies, or none; a leg that overdraws refuses the whole transfer (400 insufficient_balance). The
 * repository reads and writes; the service decides with these.
 */

/** wallet-ledger's copy of a sending user. */
export interface SenderInfo {
  tenantId: string;
  blocked: boolean;
}

export interface WalletInfo {
  id: string;
  userId: string;
  tenantId: string;
  assetId: string;
  address: string;
  accountId: string;
  decimals: number;
  /** The asset catalog could not give this wallet's asset (a server fault, raised on use). */
  catalogError?: unknown;
}

/** What a batch read and locked: the wallets it names, their senders and their accounts. */
export interface Parties {
  wallets: Map<string, WalletInfo>;
  users: Map<string, SenderInfo>;
  /** The wallets' accounts, locked, as they stand before the batch. */
  accounts: Map<string, AccountState>;
}

/** One leg with the wallets it moves between. */
export interface Resolved {
  leg: RequestedTransaction;
  sender: WalletInfo;
  receiver: WalletInfo;
}

/** A transfer's answer: its view, or the refusal (4xx) that wrote nothing. */
export type Outcome = { ok: true; view: TransferView } | { ok: false; error: AppError };

/** An accepted transfer: what it writes, and its view. */
export interface PlannedTransfer {
  transfer: TransferRow;
  legRows: TransferLegRow[];
  plans: EntryPlan[];
  movements: MovementRow[];
  view: TransferView;
}

/** What a transfer to decide carries: who asks, and what. */
export interface TransferItem {
  /** The id it will have: its policy decision (and any approval) names it. */
  id: string;
  caller: AuthContext;
  request: CreateTransferRequest;
}

export interface Decision<T> {
  /** One per item, in order. */
  outcomes: Outcome[];
  accepted: (PlannedTransfer & { item: T })[];
  /** The locked accounts as the accepted transfers leave them. */
  state: Map<string, AccountState>;
}

export function transferView(transfer: TransferRow, legs: TransferLegRow[]): TransferView {
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
    ...(transfer.approvalId ? { approvalId: transfer.approvalId } : {}),
    ...(transfer.failureReason ? { failureReason: transfer.failureReason } : {}),
  };
}

/**
 * A transfer's view as an Idempotency-Key's stored answer reads it back: each field it must have
 * checked; the optional ones pass as they were stored (a field this omits is kept, not dropped).
 */
export const transferAnswer = z.looseObject({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.string(),
  transactions: z.array(
    z.looseObject({
      id: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      status: z.string(),
      amount: z.string(),
    }),
  ),
  requestedTransactions: z.array(
    z.looseObject({
      assetId: z.string(),
      senderUserId: z.string(),
      senderWalletId: z.string(),
      receiverUserId: z.string(),
      receiverWalletId: z.string(),
      amount: z.string(),
    }),
  ),
}) satisfies StoredAnswer<TransferView>;

/** The read-model rows of one leg: each side sees its own balance, never the counterparty's. */
export function legMovements(
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

/**
 * Decides each transfer in order against the locked balances the ones before it left: a
 * refused one (4xx) is an outcome, not an error, and writes nothing; anything else throws.
 */
export function decideTransfers<T extends TransferItem>(
  items: T[],
  parties: Parties,
  now: Date,
): Decision<T> {
  const outcomes: Outcome[] = [];
  const resolvedAll: (Resolved[] | undefined)[] = items.map((item, n) => {
    try {
      return resolveTransfer(item.caller, item.request, parties);
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      outcomes[n] = { ok: false, error };
      return undefined;
    }
  });
  const state = new Map(parties.accounts);
  const accepted: Decision<T>['accepted'] = [];
  items.forEach((item, n) => {
    const resolved = resolvedAll[n];
    if (!resolved) return;
    try {
      const planned = planTransfer(item, resolved, state, now);
      for (const plan of planned.plans)
        for (const [id, account] of plan.after) state.set(id, account);
      accepted.push({ ...{}, ...planned, item });
      outcomes[n] = { ok: true, view: planned.view };
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      outcomes[n] = { ok: false, error };
    }
  });
  return { outcomes, accepted, state };
}

/** The request's legs against the wallets it names, as `caller` may see them (4xx otherwise). */
export function resolveTransfer(
  caller: AuthContext,
  request: CreateTransferRequest,
  parties: Parties,
): Resolved[] {
  const scope = tenantScope(caller);
  const legs = request.requestedTransactions;
  for (const leg of legs) assertUserAccess(caller, leg.senderUserId);
  // The senders first, as identity would answer: unknown (404) before blocked (403). The copy
  // is current for blocks (identity writes it before a block commits; see its UpdateUser).
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
      if (!wallet || (scope.kind !== 'all' && wallet.tenantId !== scope.tenantId)) return undefined;
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
      throw Errors.validation([{ path: at('assetId'), message: 'Both wallets must hold assetId' }]);
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
export function planTransfer(
  { id: transferId, caller, request }: TransferItem,
  resolved: Resolved[],
  balances: Map<string, AccountState>,
  now: Date,
): PlannedTransfer {
  const legs = request.requestedTransactions;
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
    approvalId: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  };
  const view = transferView(transfer, legRows);
  return { transfer, legRows, plans, movements, view };
}

import { LEDGER_RPC, SIGNATURE_RPC, WALLET_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { ownsIdempotency, type RpcHandlers } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import type { EvmAdapter } from './chain/evm-adapter';
import type { IncomesService } from './incomes/incomes.service';
import type { LedgerCheckService } from './ledger/ledger-check.service';
import type { PurchaseSettlement } from './purchases/purchase-settlement';
import type { ReconciliationService } from './reconciliation/reconciliation.service';
import type { SignWithWallet } from './signatures/sign-with-wallet';
import type { SignaturesService } from './signatures/signatures.service';
import type { TransactionsService } from './transactions/transactions.service';
import type { CreateTransfer } from './transfers/create-transfer';
import type { TransfersService } from './transfers/transfers.service';
import type { TreasuryService } from './treasury/treasury.service';
import { applyBlock } from './users/user-events';
import type { CreateWallet } from './wallets/create-wallet';
import type { DeleteWallet } from './wallets/delete-wallet';
import type { WalletsService } from './wallets/wallets.service';
import type { CreateWithdrawal } from './withdrawals/create-withdrawal';
import type { ManualWithdrawalAdapter } from './withdrawals/manual-adapter';
import type { ReplaceWithdrawal } from './withdrawals/replace-withdrawal';
import type { WithdrawalsService } from './withdrawals/withdrawals.service';

/** What wallet-ledger's handlers call, built in wallet-ledger.compose.ts. */
export interface WalletLedgerUseCases {
  /** For applying a user's block, in its own transaction. */
  db: Database;
  createWallet: CreateWallet;
  deleteWallet: DeleteWallet;
  wallets: WalletsService;
  sign: SignWithWallet;
  signatures: SignaturesService;
  createTransfer: CreateTransfer;
  transfers: TransfersService;
  incomes: IncomesService;
  createWithdrawal: CreateWithdrawal;
  /** An admin's reports of withdrawals no chain adapter sends. */
  manualWithdrawals: ManualWithdrawalAdapter;
  /** An admin's speed-up or cancel, asked of the adapter that sends the asset. */
  replaceWithdrawal: ReplaceWithdrawal;
  withdrawals: WithdrawalsService;
  transactions: TransactionsService;
  purchases: PurchaseSettlement;
  ledgerCheck: LedgerCheckService;
  chain: EvmAdapter;
  reconciliation: ReconciliationService;
  treasury: TreasuryService;
}

/** Wallet-ledger's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  db,
  createWallet,
  deleteWallet,
  wallets,
  sign,
  signatures,
  createTransfer,
  transfers,
  incomes,
  createWithdrawal,
  manualWithdrawals,
  replaceWithdrawal,
  withdrawals,
  transactions,
  purchases,
  ledgerCheck,
  chain,
  reconciliation,
  treasury,
}: WalletLedgerUseCases): RpcHandlers<'wallet-ledger'> {
  return {
    [WALLET_RPC.createWallet]: (params, ctx) => createWallet.create(ctx.auth, params),
    [WALLET_RPC.listWallets]: (params, ctx) => wallets.list(ctx.auth, params),
    [WALLET_RPC.getWallet]: (p, ctx) => wallets.get(ctx.auth, p.userId, p.walletId),
    [WALLET_RPC.getWalletRef]: (p, ctx) => wallets.getRef(ctx.auth, p.userId, p.walletId),
    [WALLET_RPC.deleteWallet]: (p, ctx) => deleteWallet.remove(ctx.auth, p.userId, p.walletId, p),
    [SIGNATURE_RPC.sign]: (params, ctx) => sign.sign(ctx.auth, params),
    [SIGNATURE_RPC.list]: (params, ctx) => signatures.list(ctx.auth, params),
    [SIGNATURE_RPC.get]: (params, ctx) => signatures.get(ctx.auth, params),
    // Money movements handle their Idempotency-Key inside their own transaction (exactly-once).
    [LEDGER_RPC.createTransfer]: ownsIdempotency((params, ctx) =>
      createTransfer.create(ctx.auth, params, ctx.idempotency, ctx.deadline),
    ),
    [LEDGER_RPC.listTransfers]: (p, ctx) => transfers.list(ctx.auth, p.list),
    [LEDGER_RPC.getTransfer]: (p, ctx) => transfers.get(ctx.auth, p.id),
    [LEDGER_RPC.createIncome]: ownsIdempotency((params, ctx) =>
      incomes.create(ctx.auth, params, ctx.idempotency),
    ),
    [LEDGER_RPC.updateIncome]: ownsIdempotency((p, ctx) =>
      incomes.updateStatus(ctx.auth, p.id, p.status, ctx.idempotency),
    ),
    [LEDGER_RPC.resolveIncomeReorg]: ownsIdempotency((p, ctx) =>
      incomes.resolveReorg(ctx.auth, p.id, p.resolution, ctx.idempotency),
    ),
    [LEDGER_RPC.settlePurchase]: (params) => purchases.settle(params),
    [LEDGER_RPC.listIncomes]: (params, ctx) => incomes.list(ctx.auth, params),
    [LEDGER_RPC.getIncome]: (params, ctx) => incomes.get(ctx.auth, params),
    [LEDGER_RPC.createWithdrawal]: ownsIdempotency((params, ctx) =>
      createWithdrawal.create(ctx.auth, params, ctx.idempotency),
    ),
    [LEDGER_RPC.updateWithdrawal]: ownsIdempotency((p, ctx) =>
      manualWithdrawals.report(ctx.auth, p.id, p, ctx.idempotency),
    ),
    [LEDGER_RPC.listWithdrawals]: (params, ctx) => withdrawals.list(ctx.auth, params),
    [LEDGER_RPC.getWithdrawal]: (params, ctx) => withdrawals.get(ctx.auth, params),
    [LEDGER_RPC.speedUpWithdrawal]: (p, ctx) =>
      replaceWithdrawal.replace(ctx.auth, p.id, 'speed-up'),
    [LEDGER_RPC.cancelWithdrawal]: (p, ctx) => replaceWithdrawal.replace(ctx.auth, p.id, 'cancel'),
    [LEDGER_RPC.listTransactions]: (params, ctx) => transactions.list(ctx.auth, params),
    [LEDGER_RPC.getTransaction]: (params, ctx) => transactions.get(ctx.auth, params),
    [LEDGER_RPC.checkLedger]: async (_params, ctx) => {
      requireAdmin(ctx.auth);
      return ledgerCheck.advance();
    },
    [LEDGER_RPC.chainStatus]: async (_params, ctx) => {
      requireAdmin(ctx.auth);
      return chain.status();
    },
    [LEDGER_RPC.reconciliation]: async (_params, ctx) => {
      requireAdmin(ctx.auth);
      return reconciliation.last();
    },
    [LEDGER_RPC.reconciliationDeltas]: async (p, ctx) => {
      requireAdmin(ctx.auth);
      return reconciliation.deltas(p.list, p.filters);
    },
    [LEDGER_RPC.listTreasury]: (_params, ctx) => treasury.list(ctx.auth),
    [LEDGER_RPC.setTreasuryLimit]: (p, ctx) => treasury.setLimit(ctx.auth, p.assetId, p.maxShort),
    [WALLET_RPC.countUserWallets]: (p, ctx) => wallets.countForUser(ctx.auth, p.userId),
    [WALLET_RPC.applyUserRef]: async (p) => {
      if (!p.user.blocked) throw Errors.badRequest('Only blocks are applied directly.');
      await applyBlock(db, p.user, p.tenantId);
      return { applied: true };
    },
  };
}

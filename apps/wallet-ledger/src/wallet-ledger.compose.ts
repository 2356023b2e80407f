import path from 'node:path';
import {
  Periodic,
  type ServiceDefinition,
  type ServiceDeps,
  type ServiceParts,
} from '@custody/service-kit';
import { AssetCatalog } from './assets/asset-catalog';
import { chainStatusMetrics } from './chain-status/chain-status.metrics';
import { nodeUrls } from './chain/chain-nodes';
import { EvmAdapter } from './chain/evm-adapter';
import { ChainDeposits } from './incomes/chain-deposits';
import { IncomesService } from './incomes/incomes.service';
import { LedgerCheckService } from './ledger/ledger-check.service';
import {
  approvalEventHandlers,
  heldForApprovals,
  type HeldOperations,
} from './policies/approval-events';
import { Governor } from './policies/governed';
import { PurchaseSettlement } from './purchases/purchase-settlement';
import { ChainMatcher } from './restore/chain-match';
import { RestoreGate } from './restore/restore-gate';
import { ChainResolutions } from './restore/chain-resolutions';
import { RestoredBooks } from './restore/restored-books';
import { RestoreProcedure } from './restore/restore-procedure';
import { restoreMetrics } from './restore/restore.metrics';
import {
  acceptDatabase,
  prepareRestore,
  resolveTransaction,
  restoreStatus,
} from './restore/restore.commands';
import { reconciliationRetention } from './reconciliation/reconciliation.repository';
import {
  RECONCILIATION_RETENTION_DAYS,
  ReconciliationService,
} from './reconciliation/reconciliation.service';
import { SignaturePayloads } from './signatures/payloads';
import { SettleSignatureApproval } from './signatures/settle-signature-approval';
import {
  APPROVED_SIGNATURES_INTERVAL_MS,
  SignApprovedSignatures,
} from './signatures/sign-approved-signatures';
import { SignWithWallet } from './signatures/sign-with-wallet';
import { SignatureRecords } from './signatures/signature-records';
import { SignaturesService } from './signatures/signatures.service';
import { TransactionsService } from './transactions/transactions.service';
import { CreateTransfer } from './transfers/create-transfer';
import { HoldTransfer } from './transfers/hold-transfer';
import { SettleTransferApproval } from './transfers/settle-transfer-approval';
import { TransfersService } from './transfers/transfers.service';
import { userEventHandlers } from './users/user-events';
import { CreateWallet } from './wallets/create-wallet';
import { DeleteWallet } from './wallets/delete-wallet';
import { WalletsService } from './wallets/wallets.service';
import { CreateWithdrawal } from './withdrawals/create-withdrawal';
import { HoldSignedTransaction } from './withdrawals/hold-signed-transaction';
import { ManualWithdrawalAdapter } from './withdrawals/manual-adapter';
import { MoveWithdrawal } from './withdrawals/move-withdrawal';
import { RecordReplacement } from './withdrawals/record-replacement';
import { ReplaceWithdrawal } from './withdrawals/replace-withdrawal';
import { SendWithdrawal } from './withdrawals/send-withdrawal';
import { SettleSentWithdrawal } from './withdrawals/settle-sent-withdrawal';
import { SettleWithdrawalApproval } from './withdrawals/settle-withdrawal-approval';
import { withdrawalMetrics } from './withdrawals/withdrawals.metrics';
import { WithdrawalsService } from './withdrawals/withdrawals.service';
import { AdoptChainTransaction } from './withdrawals/adopt-chain-transaction';
import { TreasuryService } from './treasury/treasury.service';
import { rpcHandlers } from './wallet-ledger.rpc';

/** One object graph for the handlers, the approval consumer and the chain adapter. */
function compose(deps: ServiceDeps<'wallet-ledger'>): ServiceParts<'wallet-ledger'> {
  const { db, rpc } = deps;
  const catalog = new AssetCatalog(rpc);
  const governor = new Governor(rpc);
  // Every change of a withdrawal is a use-case of the withdrawals module, through `moves`.
  const moves = new MoveWithdrawal(catalog);
  const withdrawals = new WithdrawalsService(db, catalog, moves);
  const settleWithdrawal = new SettleWithdrawalApproval(moves);
  const incomes = new IncomesService(db, catalog);
  const settleTransfer = new SettleTransferApproval(catalog);
  const holdTransfer = new HoldTransfer(db, catalog, settleTransfer);
  const reconciliation = new ReconciliationService(db, deps.pool, deps.logger);
  reconciliation.registerMetrics(deps.metrics.registry);
  const ledgerCheck = new LedgerCheckService(deps.pool);
  const sendWithdrawal = new SendWithdrawal(db, moves);
  // After a restore of the database nothing moves money until the chain is matched with the
  // books and both checks are clean (restore/, docs/operations/restore-runbook.md).
  const gate = new RestoreGate();
  const adopt = new AdoptChainTransaction(db, moves);
  const restoredBooks = new RestoredBooks(db, catalog);
  const records = new SignatureRecords(new HoldSignedTransaction(moves));
  const restore = new RestoreProcedure({
    db,
    logger: deps.logger,
    gate,
    matcher: new ChainMatcher(
      db,
      restoredBooks,
      new ChainResolutions(db, catalog, restoredBooks, adopt, records, deps.logger),
      adopt,
      sendWithdrawal,
      deps.logger,
    ),
    reconciliation,
    ledgerCheck,
    withChain: nodeUrls(deps.config).length > 0,
  });
  // The chain adapters behind the withdrawals module's port: the EVM network's (it also watches
  // deposits), and the manual one (an admin reports) for every asset it does not send.
  const chain = new EvmAdapter(
    deps,
    catalog,
    new ChainDeposits(db, incomes),
    {
      reads: withdrawals,
      send: sendWithdrawal,
      settle: new SettleSentWithdrawal(db, moves),
      replacements: new RecordReplacement(db, moves),
    },
    reconciliation,
    restore,
  );
  const manualWithdrawals = new ManualWithdrawalAdapter(db, moves);
  withdrawalMetrics(deps.metrics.registry, db, deps.logger);
  restoreMetrics(deps.metrics.registry, db, deps.logger);
  chainStatusMetrics(deps.metrics.registry, () => chain.status(), deps.logger);
  const payloads = new SignaturePayloads(rpc, catalog, chain, deps.config);
  const settleSignature = new SettleSignatureApproval(records);
  // Approved held signatures, signed outside any transaction by whichever replica claims one: the
  // claim outlasts the three calls it makes (the node, policy, signing), each within its deadline.
  const signApproved = new SignApprovedSignatures(db, rpc, catalog, payloads, records, {
    claimMs: 4 * deps.config.RPC_TIMEOUT_MS,
    logger: deps.logger,
    canMove: () => gate.isOpen,
  });
  const sign = new SignWithWallet(db, rpc, catalog, governor, payloads, records, settleSignature);
  const treasury = new TreasuryService(db, catalog, rpc);
  const held: HeldOperations = {
    withdrawals: settleWithdrawal,
    transfers: settleTransfer,
    signatures: settleSignature,
    treasury,
  };
  return {
    rpcHandlers: gate.guard(
      rpcHandlers({
        db,
        createWallet: new CreateWallet(db, rpc, catalog),
        deleteWallet: new DeleteWallet(db, catalog),
        wallets: new WalletsService(db, rpc, catalog),
        sign,
        signatures: new SignaturesService(db),
        createTransfer: new CreateTransfer(db, deps.pool, catalog, governor, holdTransfer),
        transfers: new TransfersService(db),
        incomes,
        createWithdrawal: new CreateWithdrawal(db, rpc, catalog, governor, settleWithdrawal),
        manualWithdrawals,
        replaceWithdrawal: new ReplaceWithdrawal(db, withdrawals, [chain], manualWithdrawals),
        withdrawals,
        transactions: new TransactionsService(db, catalog),
        purchases: new PurchaseSettlement(db),
        ledgerCheck,
        chain,
        reconciliation,
        treasury,
      }),
    ),
    // identity's copies of users move no money (a block must not wait); an approval's outcome
    // runs or releases a withdrawal, a transfer, a signature: not while a restore is open.
    eventHandlers: { ...userEventHandlers(), ...gate.guardEvents(approvalEventHandlers(held)) },
    // The same outcomes, swept for those whose event was lost.
    heldForApprovals: gate.guardHeld(heldForApprovals(held)),
    retention: [reconciliationRetention(RECONCILIATION_RETENTION_DAYS)],
    readiness: [gate.readiness],
    onStart: async () => {
      // Production names the assets the house may owe without a bound (trading may not answer
      // yet at start: the warning waits for the catalog, never the start).
      if (deps.config.NODE_ENV === 'production')
        void treasury
          .warnUnbounded(deps.logger)
          .catch((error: unknown) =>
            deps.logger.warn({ err: error }, 'treasury limits not checked at start'),
          );
      // Which database this is, before the RPC server takes a call (it starts after onStart).
      await restore.recognise();
      restore.startWithoutChain();
      // Another replica's restore (one its sender opened) closes this one's gate too.
      restore.watch();
      const stopChain = await chain.start();
      const approvedSignatures = new Periodic({
        what: 'signing approved signatures',
        intervalMs: APPROVED_SIGNATURES_INTERVAL_MS,
        run: () => signApproved.run(),
        logger: deps.logger,
        atStart: true,
      });
      approvedSignatures.start();
      return async () => {
        await approvedSignatures.stop();
        await restore.stop();
        await stopChain?.();
      };
    },
  };
}

/** Wallets, the double-entry ledger and its money movements, and the chain adapter. */
export const walletLedgerService: ServiceDefinition<'wallet-ledger'> = {
  app: 'wallet-ledger',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
  restorePrepare: prepareRestore,
  commands: {
    'restore-status': restoreStatus,
    'restore-resolve': resolveTransaction,
    'restore-accept-database': acceptDatabase,
  },
};

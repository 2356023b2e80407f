import type { UserView } from './identity';
import type { ReconciliationDeltaView, ReconciliationView } from './reconciliation';
import type { ListQuery, ListResult, RpcSpec } from './rpc';
import type { DeviceAndIp, WalletPath } from './shared';
import type { EvmTxJson, QubicTxJson, TypedDataInput } from './signing';
import type {
  AssetChain,
  AssetSummary,
  SettlePurchaseRequest,
  SettlePurchaseResult,
} from './trading';

/** wallet-ledger's RPC methods for wallets. Wire names: add, never rename. */
export const WALLET_RPC = {
  createWallet: 'wallets.create',
  listWallets: 'wallets.list',
  getWallet: 'wallets.get',
  deleteWallet: 'wallets.delete',
  /** identity asks before deleting a user (403 while any wallet is live). */
  countUserWallets: 'wallets.countForUser',
  /** Internal: the wallet's owner, tenant, asset chain and address. */
  getWalletRef: 'wallets.getRef',
  /**
   * identity, before a block commits: wallet-ledger's copy of the user (which transfers check)
   * is blocked at once instead of when the event arrives. Params: UserRefUpdate.
   */
  applyUserRef: 'users.applyRef',
} as const;

/** A user as identity has it now, for wallet-ledger's copy (the same data as its events). */
export interface UserRefUpdate {
  user: UserView;
  tenantId: string;
}

export interface WalletRefView {
  id: string;
  userId: string;
  tenantId: string;
  assetId: string;
  chain: AssetChain;
  address: string;
}

export interface WalletView {
  id: string;
  createdAt: string;
  updatedAt: string;
  asset: AssetSummary;
  balance: string;
  availableBalance: string;
  address: string;
  user: {
    id: string;
    createdAt: string;
    updatedAt: string;
    generalConditions: string;
    idNumber?: string;
  };
  externalReference?: string;
}

export interface CreateWalletRequest {
  userId: string;
  assetId: string;
  device: string;
  ip: string;
  externalReference?: string;
}

/** `userId: '*'` (admin only) lists across users. */
export interface ListWalletsRequest {
  userId: string;
  list: ListQuery;
  filters: { assetSymbol?: string; assetId?: string };
}

export const SIGNATURE_RPC = {
  sign: 'signatures.sign',
  list: 'signatures.list',
  get: 'signatures.get',
} as const;

export type SignedItemKind = 'tx' | 'message' | 'typed-data';

/** What is signed, per kind: a transaction (exactly one form), a message, or EIP-712 data. */
export type SignPayloads = {
  tx: { tx?: string; txJson?: EvmTxJson; qubicTxJson?: QubicTxJson };
  message: { message: string };
  'typed-data': { typedData: TypedDataInput };
};

export type SignRequest = {
  [K in SignedItemKind]: WalletPath & {
    kind: K;
    payload: SignPayloads[K];
    externalReference?: string;
  };
}[SignedItemKind];

export const LEDGER_RPC = {
  createTransfer: 'transfers.create',
  listTransfers: 'transfers.list',
  getTransfer: 'transfers.get',
  createIncome: 'incomes.create',
  updateIncome: 'incomes.update',
  resolveIncomeReorg: 'incomes.resolveReorg',
  listIncomes: 'incomes.list',
  getIncome: 'incomes.get',
  listTransactions: 'transactions.list',
  getTransaction: 'transactions.get',
  checkLedger: 'ledger.check',
  createWithdrawal: 'withdrawals.create',
  updateWithdrawal: 'withdrawals.update',
  listWithdrawals: 'withdrawals.list',
  getWithdrawal: 'withdrawals.get',
  /** Admin: a broadcast withdrawal's transaction replaced with higher fees (chain adapter). */
  speedUpWithdrawal: 'withdrawals.speedUp',
  /** Admin: a broadcast withdrawal cancelled by a zero-value replacement to its own address. */
  cancelWithdrawal: 'withdrawals.cancel',
  /** Internal, trading only: the crypto leg of a purchase. */
  settlePurchase: 'purchases.settle',
  /** Admin: the chain adapter's state (network, head, scan cursor, gas station). */
  chainStatus: 'chain.status',
  /** Admin: the last reconciliation of the books against the chain. */
  reconciliation: 'reconciliation.last',
  /** Admin: a page of the last reconciliation's deltas. */
  reconciliationDeltas: 'reconciliation.deltas',
  /** Admin: each asset's treasury balance and the most the house may owe in it. */
  listTreasury: 'treasury.list',
  /** Admin: sets (or, with null, lifts) the most the house may owe in an asset. */
  setTreasuryLimit: 'treasury.setLimit',
} as const;

/**
 * An asset's treasury (docs/decisions/purchases.md, "What the house may owe"): the system account
 * purchases move crypto from and sales to. Negative: the house owes what it sold and has not
 * sourced yet; `maxShort` bounds that (null: no bound).
 */
export interface TreasuryView {
  assetId: string;
  balance: string;
  maxShort: string | null;
  updatedAt: string | null;
}

export interface RequestedTransaction {
  assetId: string;
  senderUserId: string;
  senderWalletId: string;
  receiverUserId: string;
  receiverWalletId: string;
  amount: string;
  type?: string;
  externalReference?: string;
}

/** `'*'` in userId/walletId (admin only) lists across users and wallets. */
export interface WalletScopedList<F> {
  userId: string;
  walletId: string;
  list: ListQuery;
  filters: F;
}

export interface TransactionFilters {
  /** The operation (transfer, withdrawal, …) the movements belong to. */
  txLog?: string;
  symbol?: string;
  assetId?: string;
  movement?: 'in' | 'out';
  movementSubtype?: string;
  status?: string;
}

export interface CreateTransferRequest {
  requestedTransactions: RequestedTransaction[];
  externalReference?: string;
}

export interface TransferView {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: string;
  /** The legs as booked, in the order requested. */
  transactions: {
    id: string;
    createdAt: string;
    updatedAt: string;
    status: string;
    amount: string;
  }[];
  requestedTransactions: RequestedTransaction[];
  externalReference?: string;
  /** Held by a policy (`pending_approval`): the approval it waits for. */
  approvalId?: string;
  /** Why it ended without being booked (`rejected`, `failed`). */
  failureReason?: string;
}

/** An admin's report of a deposit (the manual adapter). */
export interface NewIncome {
  walletId: string;
  amount: string;
  blockchainTransactionId: string;
  senderAddress: string;
  transactionTimestamp: string;
}

export type IncomeStatus = 'pending' | 'confirmed' | 'failed';

export interface IncomeView {
  id: string;
  createdAt: string;
  updatedAt: string;
  userId: string;
  walletId: string;
  assetId: string;
  amount: string;
  blockchainTransactionId: string;
  senderAddress: string;
  status: IncomeStatus;
  transactionTimestamp: string;
  rateId?: string;
  /** Extension: a confirmed deposit whose transaction a reorg took off the chain afterwards. */
  reorged?: true;
  reorg?: IncomeReorg;
}

/**
 * A confirmed deposit reorged off the chain: `held` of its credit is kept from leaving the wallet
 * (the wallet's available balance when it was found, at most the amount) until an admin `reversed`
 * the credit (the held part leaves the wallet) or `released` it (the deposit stands).
 */
export interface IncomeReorg {
  detectedAt: string;
  held: string;
  resolution?: IncomeReorgResolution;
  resolvedAt?: string;
}

export type IncomeReorgResolution = 'reversed' | 'released';

/** One wallet-side movement (the read model behind `/transactions`). */
export interface TransactionView {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: string;
  amount: string;
  sender: Record<string, unknown>;
  receiver: Record<string, unknown>;
  type: string;
  movement: 'in' | 'out';
  movementSubtype: string;
  rates: Record<string, unknown> | null;
  asset: { id: string; name: string; symbol: string };
  txHash: string | null;
  /** The operation (transfer, withdrawal, income, purchase) the movement belongs to. */
  txLog: string;
  walletBalance: string;
}

export interface NewWithdrawal extends WalletPath, DeviceAndIp {
  assetId: string;
  receiverAddress: string;
  amount?: string;
  memo?: string;
  userNote?: string;
  externalReference?: string;
}

/** `pending_approval` (extension): held by a policy until its approval is decided. */
export type WithdrawalStatus =
  'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';

export interface WithdrawalChange {
  status: WithdrawalStatus;
  blockchainTransactionId?: string;
  fee?: string;
}

export interface WithdrawalView {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** The ids of its movements in the transactions read model. */
  transactions: string[];
  amount: string;
  fee: string;
  userId: string;
  walletId: string;
  receiverAddress: string;
  /** The asset's symbol. */
  asset: string;
  assetId: string;
  blockchainTransactionId: string | null;
  status: WithdrawalStatus;
  memo?: string;
  userNote?: string;
  externalReference?: string;
  /** Extension: the sign-tx record whose transaction this withdrawal holds for. */
  signedTxId?: string;
  /** Extension: the approval a policy held it for. */
  approvalId?: string;
  /**
   * Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its
   * speed-ups, a cancel); in reads by id and in events, not in lists.
   */
  attempts?: WithdrawalAttemptView[];
}

/** One transaction sent for a withdrawal at its nonce. */
export interface WithdrawalAttemptView {
  hash: string;
  kind: 'send' | 'speed-up' | 'cancel';
  nonce: number;
  /** Wei per gas. */
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** `mined`: the one that settled the withdrawal; `replaced`: another was mined at its nonce. */
  status: 'sent' | 'mined' | 'replaced';
  createdAt: string;
}

/** The contract's Signed transaction, Signed message or Signed typed data record. */
export type SignedItemView = Record<string, unknown>;

/** The checks of `GET /v1/admin/ledger/check`, each an SQL query of wallet-ledger. */
export const LEDGER_CHECKS = [
  'asset_sum_not_zero',
  'balance_differs_from_postings',
  'entry_not_balanced',
  'negative_wallet_balance',
  'available_differs_from_holds',
  'posting_without_entry',
  'posting_without_account',
  'leg_without_transfer',
] as const;
export type LedgerCheck = (typeof LEDGER_CHECKS)[number];

/** The most violations one check reports (its first rows); a sound ledger has none. */
export const LEDGER_CHECK_MAX_ROWS = 100;

export interface LedgerViolation {
  rule: LedgerCheck;
  detail: Record<string, unknown>;
}

export interface LedgerCheckView {
  /** No violation found by the run so far (final when `complete`). */
  ok: boolean;
  checkedAt: string;
  violations: LedgerViolation[];
  /** Extension: the run has walked every account and leg; the next call starts a new run. */
  complete: boolean;
  /** Extension: how far the run has come. */
  progress: {
    accountsChecked: number;
    accounts: number;
    postingsChecked: number;
    /** After the accounts, the run walks the transfer legs for any without its transfer. */
    transferLegsChecked: number;
    startedAt: string;
  };
}

/** What one call of the ledger check walks at most (the rest is for the next calls). */
export const LEDGER_CHECK_LIMITS = {
  accountsPerCall: 20_000,
  postingsPerCall: 200_000,
  legsPerCall: 200_000,
} as const;

/** The chain adapter's state: `manual` without a network, `starting` until it connects. */
export type ChainStatusView =
  | { mode: 'manual' | 'starting' }
  | {
      mode: 'evm';
      network: string;
      chainId: number;
      confirmations: number;
      head: number;
      cursor: number | null;
      nativeAssetId: string;
      tokens: Record<string, string>;
      gasStation: { address: string; balance: string };
      /** How many nodes must name a deposit's block before it is confirmed. */
      quorum: number;
      /** The network's nodes: the first is read and sent to; `up` false: dropped. */
      nodes: { label: string; origin: string; up: boolean; disagreements: number }[];
    };

type Ref<T> = WalletPath & T;

/** wallet-ledger's RPC contract: each method's params and result (see RpcContracts). */
export interface WalletLedgerRpc {
  [WALLET_RPC.createWallet]: RpcSpec<CreateWalletRequest, { id: string }>;
  [WALLET_RPC.listWallets]: RpcSpec<ListWalletsRequest, ListResult<WalletView>>;
  [WALLET_RPC.getWallet]: RpcSpec<WalletPath, WalletView>;
  [WALLET_RPC.getWalletRef]: RpcSpec<WalletPath, WalletRefView>;
  [WALLET_RPC.deleteWallet]: RpcSpec<Ref<DeviceAndIp>, { id: string }>;
  [WALLET_RPC.countUserWallets]: RpcSpec<{ userId: string }, { count: number }>;
  [WALLET_RPC.applyUserRef]: RpcSpec<UserRefUpdate, { applied: true }>;
  [SIGNATURE_RPC.sign]: RpcSpec<SignRequest, { id: string }>;
  [SIGNATURE_RPC.list]: RpcSpec<
    Ref<{ kind: SignedItemKind; list: ListQuery; filters: Record<string, never> }>,
    ListResult<SignedItemView>
  >;
  [SIGNATURE_RPC.get]: RpcSpec<Ref<{ kind: SignedItemKind; id: string }>, SignedItemView>;
  [LEDGER_RPC.createTransfer]: RpcSpec<CreateTransferRequest, TransferView>;
  [LEDGER_RPC.listTransfers]: RpcSpec<{ list: ListQuery }, ListResult<TransferView>>;
  [LEDGER_RPC.getTransfer]: RpcSpec<{ id: string }, TransferView>;
  [LEDGER_RPC.createIncome]: RpcSpec<NewIncome, { id: string }>;
  [LEDGER_RPC.updateIncome]: RpcSpec<{ id: string; status: 'confirmed' | 'failed' }, IncomeView>;
  [LEDGER_RPC.resolveIncomeReorg]: RpcSpec<
    { id: string; resolution: IncomeReorgResolution },
    IncomeView
  >;
  [LEDGER_RPC.listIncomes]: RpcSpec<
    WalletScopedList<{ status?: IncomeStatus }>,
    ListResult<IncomeView>
  >;
  [LEDGER_RPC.getIncome]: RpcSpec<Ref<{ id: string }>, IncomeView>;
  [LEDGER_RPC.listTransactions]: RpcSpec<
    WalletScopedList<TransactionFilters>,
    ListResult<TransactionView>
  >;
  [LEDGER_RPC.getTransaction]: RpcSpec<Ref<{ id: string }>, TransactionView>;
  [LEDGER_RPC.checkLedger]: RpcSpec<Record<string, never>, LedgerCheckView>;
  [LEDGER_RPC.createWithdrawal]: RpcSpec<NewWithdrawal, { id: string }>;
  [LEDGER_RPC.updateWithdrawal]: RpcSpec<{ id: string } & WithdrawalChange, WithdrawalView>;
  [LEDGER_RPC.listWithdrawals]: RpcSpec<
    WalletScopedList<{ status?: WithdrawalStatus }>,
    ListResult<WithdrawalView>
  >;
  [LEDGER_RPC.getWithdrawal]: RpcSpec<Ref<{ id: string }>, WithdrawalView>;
  [LEDGER_RPC.speedUpWithdrawal]: RpcSpec<{ id: string }, WithdrawalView>;
  [LEDGER_RPC.cancelWithdrawal]: RpcSpec<{ id: string }, WithdrawalView>;
  [LEDGER_RPC.settlePurchase]: RpcSpec<SettlePurchaseRequest, SettlePurchaseResult>;
  [LEDGER_RPC.chainStatus]: RpcSpec<Record<string, never>, ChainStatusView>;
  [LEDGER_RPC.reconciliation]: RpcSpec<Record<string, never>, ReconciliationView>;
  [LEDGER_RPC.reconciliationDeltas]: RpcSpec<
    { list: ListQuery; filters: { assetId?: string } },
    ListResult<ReconciliationDeltaView>
  >;
  [LEDGER_RPC.listTreasury]: RpcSpec<Record<string, never>, TreasuryView[]>;
  /** The treasury with its new bound; held for approval, the treasury as it still is with `approvalId`. */
  [LEDGER_RPC.setTreasuryLimit]: RpcSpec<
    { assetId: string; maxShort: string | null },
    TreasuryView & { approvalId?: string }
  >;
}

import {
  type ReconciliationAssetView,
  type RequestedTransaction,
  type WithdrawalStatus,
} from '@custody/contracts';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Drizzle view of the tables in migrations/; the SQL files are the source of truth. */
export const ledger = pgSchema('ledger');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const userRefs = ledger.table('user_refs', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  generalConditions: text('general_conditions').notNull(),
  idNumber: text('id_number'),
  blocked: boolean('blocked').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const wallets = ledger.table('wallets', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  assetId: text('asset_id').notNull(),
  address: text('address').notNull(),
  externalReference: text('external_reference'),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const accounts = ledger.table('accounts', {
  id: uuid('id').primaryKey(),
  assetId: text('asset_id').notNull(),
  kind: text('kind').$type<'wallet' | 'external' | 'treasury' | 'fees'>().notNull(),
  walletId: uuid('wallet_id'),
  balance: numeric('balance').notNull(),
  availableBalance: numeric('available_balance').notNull(),
  ...timestamps,
});

/** The most the house may owe per asset (migration 0025); no row: no bound. */
export const treasuryLimits = ledger.table('treasury_limits', {
  assetId: text('asset_id').primaryKey(),
  maxShort: numeric('max_short').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const treasuryLimitChanges = ledger.table('treasury_limit_changes', {
  id: uuid('id').primaryKey(),
  assetId: text('asset_id').notNull(),
  maxShort: numeric('max_short'),
  approvalId: uuid('approval_id'),
  status: text('status').$type<'pending' | 'applied' | 'rejected' | 'expired'>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TreasuryLimitChangeRow = typeof treasuryLimitChanges.$inferSelect;

export type WalletRow = typeof wallets.$inferSelect;
export type UserRefRow = typeof userRefs.$inferSelect;

export const signedItems = ledger.table('signed_items', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  walletId: uuid('wallet_id').notNull(),
  kind: text('kind').$type<'tx' | 'message' | 'typed-data'>().notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  status: text('status').notNull(),
  externalReference: text('external_reference'),
  /** Held by a policy: the approval it waits for (unsigned until its quorum). */
  approvalId: uuid('approval_id'),
  failureReason: text('failure_reason'),
  /** Approved, being signed by the replica that claimed it until then (migration 0034). */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  /** The current claim's fencing token (migration 0037): its holder alone records the outcome. */
  claimToken: uuid('claim_token'),
  ...timestamps,
});

export type SignedItemRow = typeof signedItems.$inferSelect;

export const journalEntries = ledger.table('journal_entries', {
  id: uuid('id').primaryKey(),
  operationType: text('operation_type')
    .$type<'transfer' | 'withdrawal' | 'income' | 'purchase'>()
    .notNull(),
  operationId: uuid('operation_id').notNull(),
  assetId: text('asset_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const holds = ledger.table('holds', {
  id: uuid('id').primaryKey(),
  accountId: uuid('account_id').notNull(),
  amount: numeric('amount').notNull(),
  operationId: uuid('operation_id').notNull(),
  status: text('status').$type<'open' | 'released' | 'captured'>().notNull(),
  ...timestamps,
});

export const transfers = ledger.table('transfers', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  status: text('status').notNull(),
  externalReference: text('external_reference'),
  requested: jsonb('requested').$type<RequestedTransaction[]>().notNull(),
  /** Held by a policy: the approval it waits for. */
  approvalId: uuid('approval_id'),
  failureReason: text('failure_reason'),
  ...timestamps,
});

export const transferLegs = ledger.table('transfer_legs', {
  id: uuid('id').primaryKey(),
  transferId: uuid('transfer_id').notNull(),
  position: integer('position').notNull(),
  assetId: text('asset_id').notNull(),
  senderWalletId: uuid('sender_wallet_id').notNull(),
  receiverWalletId: uuid('receiver_wallet_id').notNull(),
  amount: numeric('amount').notNull(),
  status: text('status').notNull(),
  ...timestamps,
});

export const transactions = ledger.table('transactions', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  walletId: uuid('wallet_id').notNull(),
  assetId: text('asset_id').notNull(),
  operationId: uuid('operation_id').notNull(),
  type: text('type').notNull(),
  movement: text('movement').$type<'in' | 'out'>().notNull(),
  movementSubtype: text('movement_subtype').notNull(),
  status: text('status').notNull(),
  amount: numeric('amount').notNull(),
  walletBalanceAfter: numeric('wallet_balance_after').notNull(),
  sender: jsonb('sender').$type<Record<string, unknown>>().notNull(),
  receiver: jsonb('receiver').$type<Record<string, unknown>>().notNull(),
  txHash: text('tx_hash'),
  rate: jsonb('rate').$type<Record<string, unknown> | null>(),
  ...timestamps,
});

export type TransferRow = typeof transfers.$inferSelect;
export type TransferLegRow = typeof transferLegs.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

export const incomes = ledger.table('incomes', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  walletId: uuid('wallet_id').notNull(),
  assetId: text('asset_id').notNull(),
  amount: numeric('amount').notNull(),
  blockchainTransactionId: text('blockchain_transaction_id').notNull(),
  senderAddress: text('sender_address').notNull(),
  transactionTimestamp: timestamp('transaction_timestamp', { withTimezone: true }).notNull(),
  status: text('status').$type<'pending' | 'confirmed' | 'failed'>().notNull(),
  rateId: text('rate_id'),
  network: text('network'),
  logIndex: integer('log_index'),
  /** The log's position within its transaction's receipt (-1: a native transfer); migration 0020. */
  logPosition: integer('log_position'),
  blockNumber: bigint('block_number', { mode: 'number' }),
  blockHash: text('block_hash'),
  /** Why a deposit found on chain ended `failed` (its transaction gone after a reorg). */
  failureReason: text('failure_reason'),
  /** A confirmed deposit a reorg took off the chain after its confirmations (migration 0024). */
  reorgedAt: timestamp('reorged_at', { withTimezone: true }),
  reorgHoldId: uuid('reorg_hold_id'),
  /** What the hold kept of the credit (the wallet's available balance, at most the amount). */
  reorgHeld: numeric('reorg_held'),
  reorgResolution: text('reorg_resolution').$type<'reversed' | 'released'>(),
  reorgResolvedAt: timestamp('reorg_resolved_at', { withTimezone: true }),
  ...timestamps,
});

export type IncomeRow = typeof incomes.$inferSelect;

/** The gas station's top-up of a token withdrawal's address (migration 0021). */
export const gasTopups = ledger.table('gas_topups', {
  withdrawalId: uuid('withdrawal_id').primaryKey(),
  network: text('network').notNull(),
  station: text('station').notNull(),
  recipient: text('recipient').notNull(),
  nonce: bigint('nonce', { mode: 'number' }).notNull(),
  value: numeric('value').notNull(),
  maxFeePerGas: numeric('max_fee_per_gas').notNull(),
  maxPriorityFeePerGas: numeric('max_priority_fee_per_gas').notNull(),
  rawTx: text('raw_tx'),
  hash: text('hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type GasTopupRow = typeof gasTopups.$inferSelect;

/** A transaction sent for a withdrawal at its nonce: the first, a speed-up or a cancel (0022). */
export const withdrawalAttempts = ledger.table('withdrawal_attempts', {
  hash: text('hash').primaryKey(),
  withdrawalId: uuid('withdrawal_id').notNull(),
  kind: text('kind').$type<'send' | 'speed-up' | 'cancel'>().notNull(),
  nonce: bigint('nonce', { mode: 'number' }).notNull(),
  gasLimit: numeric('gas_limit').notNull(),
  maxFeePerGas: numeric('max_fee_per_gas').notNull(),
  maxPriorityFeePerGas: numeric('max_priority_fee_per_gas').notNull(),
  rawTx: text('raw_tx').notNull(),
  status: text('status').$type<'sent' | 'mined' | 'replaced'>().notNull().default('sent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WithdrawalAttemptRow = typeof withdrawalAttempts.$inferSelect;

export const withdrawals = ledger.table('withdrawals', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  walletId: uuid('wallet_id').notNull(),
  assetId: text('asset_id').notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
  receiverAddress: text('receiver_address').notNull(),
  memo: text('memo'),
  userNote: text('user_note'),
  externalReference: text('external_reference'),
  status: text('status').$type<WithdrawalStatus>().notNull(),
  blockchainTransactionId: text('blockchain_transaction_id'),
  holdId: uuid('hold_id').notNull(),
  network: text('network'),
  fromAddress: text('from_address'),
  chainNonce: bigint('chain_nonce', { mode: 'number' }),
  /** The reserved transaction's gas and fees (migration 0021): signed from these, again if need be. */
  gasLimit: numeric('gas_limit'),
  maxFeePerGas: numeric('max_fee_per_gas'),
  maxPriorityFeePerGas: numeric('max_priority_fee_per_gas'),
  /** The operator's cap per gas its decision bound (migration 0022): speed-ups stay within it. */
  feeCap: numeric('fee_cap'),
  rawTx: text('raw_tx'),
  feeReserve: numeric('fee_reserve').notNull().default('0'),
  failureReason: text('failure_reason'),
  /** The sign-tx record whose transaction this withdrawal holds for (see sign-tx). */
  signedTxId: uuid('signed_tx_id'),
  /** The approval a policy held it for (`pending_approval`). */
  approvalId: uuid('approval_id'),
  /** Its creating request's W3C trace context (migration 0027; none while tracing is off). */
  traceparent: text('traceparent'),
  tracestate: text('tracestate'),
  ...timestamps,
});

export type { WithdrawalStatus } from '@custody/contracts';
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A reconciliation of the books against the chain (migration 0023). */
export const reconciliationRuns = ledger.table('reconciliation_runs', {
  id: uuid('id').primaryKey(),
  network: text('network').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  head: bigint('head', { mode: 'number' }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  deltaCount: integer('delta_count').notNull(),
  /** The deltas' sha256 (asset, address, difference): the same break is told once. */
  fingerprint: text('fingerprint').notNull(),
  assets: jsonb('assets').$type<ReconciliationAssetView[]>().notNull(),
});

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;

/** A custody address a run found off (migration 0023). */
export const reconciliationDeltas = ledger.table('reconciliation_deltas', {
  id: uuid('id').primaryKey(),
  runId: uuid('run_id').notNull(),
  assetId: text('asset_id').notNull(),
  address: text('address').notNull(),
  walletId: uuid('wallet_id').notNull(),
  booked: numeric('booked').notNull(),
  inFlight: numeric('in_flight').notNull(),
  onChain: numeric('on_chain').notNull(),
  difference: numeric('difference').notNull(),
  liability: numeric('liability').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type ReconciliationDeltaRow = typeof reconciliationDeltas.$inferSelect;

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
  user: import('./identity').UserView;
  tenantId: string;
}

export interface WalletRefView {
  id: string;
  userId: string;
  tenantId: string;
  assetId: string;
  chain: import('./trading').AssetChain;
  address: string;
}

export interface AssetSummary {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  symbol: string;
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
  list: import('./rpc').ListQuery;
  filters: { assetSymbol?: string; assetId?: string };
}

export const SIGNATURE_RPC = {
  sign: 'signatures.sign',
  list: 'signatures.list',
  get: 'signatures.get',
} as const;

export type SignedItemKind = 'tx' | 'message' | 'typed-data';

export interface SignRequest {
  userId: string;
  walletId: string;
  kind: SignedItemKind;
  /** tx: `{tx | txJson | qubicTxJson}`; message: `{message}`; typed-data: `{typedData}`. */
  payload: Record<string, unknown>;
  externalReference?: string;
}

export const LEDGER_RPC = {
  createTransfer: 'transfers.create',
  listTransfers: 'transfers.list',
  getTransfer: 'transfers.get',
  createIncome: 'incomes.create',
  updateIncome: 'incomes.update',
  listIncomes: 'incomes.list',
  getIncome: 'incomes.get',
  listTransactions: 'transactions.list',
  getTransaction: 'transactions.get',
  checkLedger: 'ledger.check',
  createWithdrawal: 'withdrawals.create',
  updateWithdrawal: 'withdrawals.update',
  listWithdrawals: 'withdrawals.list',
  getWithdrawal: 'withdrawals.get',
  /** Internal, trading only: the crypto leg of a purchase. */
  settlePurchase: 'purchases.settle',
  /** Admin: the chain adapter's state (network, head, scan cursor, gas station). */
  chainStatus: 'chain.status',
} as const;

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
export interface WalletScopedList {
  userId: string;
  walletId: string;
  list: import('./rpc').ListQuery;
  filters: Record<string, string | undefined>;
}

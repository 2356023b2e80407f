import type { ApproverCredential, EndorsementInput } from './approvers';
import type { SignedDecision } from './decisions';
import type { RpcSpec } from './rpc';

/**
 * The signing service's RPC methods (callable by wallet-ledger and issuer only). Every signature
 * needs the policy service's decision for exactly what it signs (docs/decisions/signing-decisions.md).
 */
export const SIGNING_RPC = {
  deriveKey: 'keys.derive',
  signEvmTransaction: 'sign.evmTransaction',
  signEvmMessage: 'sign.evmMessage',
  signEvmTypedData: 'sign.evmTypedData',
  signQubicTransaction: 'sign.qubicTransaction',
  /**
   * Identity only: a credential into the signer's own registry of approvers (the tenant's first,
   * or one endorsed by enough of the tenant's registered ones).
   */
  addApproverCredential: 'approvers.add',
  /** Identity only: a credential out of the registry (removes power: no endorsement needed). */
  revokeApproverCredential: 'approvers.revoke',
} as const;

/** Chains with a signer; an asset of any other chain cannot be signed for (400 unsupported_asset). */
export type ChainFamily = 'evm' | 'qubic';

/** A key is named by who owns it: a wallet, or an issuer (v2). */
export interface KeyRef {
  ownerId: string;
  chain: ChainFamily;
}

/** A key's first derivation names its tenant (none: a system key); signatures check it. */
export interface DeriveKeyRequest extends KeyRef {
  tenantId?: string;
}

/** What every signature request carries: the decision that lets it be signed. */
export interface Decided {
  decision: SignedDecision;
}

export interface DerivedKey extends KeyRef {
  address: string;
  derivationPath: string;
  derivationIndex: number;
}

export interface EvmTxJson {
  to?: string;
  value?: string;
  gasPrice?: string;
  gasLimit?: string;
  maxPriorityFeePerGas?: string;
  maxFeePerGas?: string;
  nonce?: string;
  data?: string;
}

export interface SignEvmTransactionRequest extends KeyRef, Decided {
  chainId: string;
  /** Unsigned serialized transaction (hex), or the fields. Exactly one. */
  tx?: string;
  txJson?: EvmTxJson;
}

export type SignedEvmTransaction = {
  signedTx: string;
  hash: string;
  to: string | null;
  value: string;
  gasPrice: string | null;
  nonce: string;
  gasLimit: string;
  data: string;
};

export interface TypedDataInput {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  /** The values; `primaryType` inside names the root type. */
  value: Record<string, unknown>;
}

export interface QubicTxJson {
  destinationPublicKey: string;
  amount: string;
  type: number;
  tick: number;
}

export type SignedQubicTransaction = {
  signedTx: string;
  txId: string;
  to: string;
  value: string;
};

/** A signature of a message or of EIP-712 data, and the address that made it. */
export type SignatureView = {
  signature: string;
  address: string;
};

/** signing's RPC contract: each method's params and result (see RpcContracts). */
export interface SigningRpc {
  [SIGNING_RPC.deriveKey]: RpcSpec<DeriveKeyRequest, DerivedKey>;
  [SIGNING_RPC.signEvmTransaction]: RpcSpec<SignEvmTransactionRequest, SignedEvmTransaction>;
  [SIGNING_RPC.signEvmMessage]: RpcSpec<KeyRef & Decided & { message: string }, SignatureView>;
  [SIGNING_RPC.signEvmTypedData]: RpcSpec<
    KeyRef & Decided & { typedData: TypedDataInput },
    SignatureView
  >;
  [SIGNING_RPC.signQubicTransaction]: RpcSpec<
    KeyRef & Decided & { qubicTxJson: QubicTxJson },
    SignedQubicTransaction
  >;
  [SIGNING_RPC.addApproverCredential]: RpcSpec<
    { credential: ApproverCredential; proof: string; endorsements: EndorsementInput[] },
    { added: boolean }
  >;
  [SIGNING_RPC.revokeApproverCredential]: RpcSpec<{ id: string }, { revoked: boolean }>;
}

import { SIGNING_RPC } from '@custody/contracts';
import type { RpcHandlers } from '@custody/messaging';
import type { ApproverRegistry } from './approvers/approver-registry';
import type { DecidedSigner } from './decisions/decided-signer';

/** What signing's handlers call, built in signing.compose.ts. */
export interface SigningUseCases {
  signer: DecidedSigner;
  approvers: ApproverRegistry;
}

/**
 * Signing's RPC contract. Only wallet-ledger and issuer call (RPC_ACCESS); each signature needs
 * the policy decision for exactly what it signs (docs/decisions/signing-decisions.md).
 */
export function rpcHandlers({ signer, approvers }: SigningUseCases): RpcHandlers<'signing'> {
  return {
    [SIGNING_RPC.deriveKey]: (p, ctx) =>
      signer.derive(p, { method: SIGNING_RPC.deriveKey, ...ctx }),
    [SIGNING_RPC.signEvmTransaction]: (p, ctx) =>
      signer.evmTransaction(p, { method: SIGNING_RPC.signEvmTransaction, ...ctx }),
    [SIGNING_RPC.signEvmMessage]: (p, ctx) =>
      signer.evmMessage(p, { method: SIGNING_RPC.signEvmMessage, ...ctx }),
    [SIGNING_RPC.signEvmTypedData]: (p, ctx) =>
      signer.evmTypedData(p, { method: SIGNING_RPC.signEvmTypedData, ...ctx }),
    [SIGNING_RPC.signQubicTransaction]: (p, ctx) =>
      signer.qubicTransaction(p, { method: SIGNING_RPC.signQubicTransaction, ...ctx }),
    // Identity only (RPC_ACCESS): the registry checks its own rules on what identity sends.
    [SIGNING_RPC.addApproverCredential]: (p, ctx) =>
      approvers.add(p, { method: SIGNING_RPC.addApproverCredential, ...ctx }),
    [SIGNING_RPC.revokeApproverCredential]: (p, ctx) =>
      approvers.revoke(p, { method: SIGNING_RPC.revokeApproverCredential, ...ctx }),
  };
}

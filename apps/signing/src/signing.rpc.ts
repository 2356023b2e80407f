import { SIGNING_RPC, type KeyRef } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcCallContext, RpcHandlers } from '@custody/messaging';
import type { EvmSigner } from './chains/evm-signer';
import type { QubicSigner } from './chains/qubic-signer';
import type { KeysService } from './keys/keys.service';
import { mayUseKey } from './keys/owners.rules';

/** What signing's handlers call, built in signing.compose.ts. */
export interface SigningUseCases {
  keys: KeysService;
  evm: EvmSigner;
  qubic: QubicSigner;
}

/** Signing's RPC contract: every method first checks the caller may use the key. */
export function rpcHandlers({ keys, evm, qubic }: SigningUseCases): RpcHandlers<'signing'> {
  // Only wallet-ledger and issuer call these (the RPC server refuses any other caller before a
  // handler runs: the contracts' RPC_ACCESS), each with the keys of its own owners only.
  const owned = (ref: { ownerId: string }, ctx: RpcCallContext) => {
    if (!mayUseKey(ctx.caller, ref.ownerId)) {
      ctx.logger.warn(
        { audit: 'key_refused', caller: ctx.caller, ownerId: ref.ownerId },
        'A caller asked for a key that is not its own',
      );
      throw Errors.forbidden(
        `${ctx.caller ?? 'This app'} may not use this key.`,
        'key_not_allowed',
      );
    }
  };
  const evmKey = async (ref: KeyRef, ctx: RpcCallContext) => {
    owned(ref, ctx);
    if (ref.chain !== 'evm')
      throw Errors.badRequest('This payload needs an EVM wallet.', 'unsupported_asset');
    return keys.get(ref.ownerId, 'evm');
  };

  return {
    [SIGNING_RPC.deriveKey]: async (p, ctx) => {
      owned(p, ctx);
      return keys.derive(p.ownerId, p.chain);
    },
    [SIGNING_RPC.signEvmTransaction]: async (p, ctx) => {
      const key = await evmKey(p, ctx);
      return evm.signTransaction(key.derivationIndex, p.chainId, p);
    },
    [SIGNING_RPC.signEvmMessage]: async (p, ctx) => {
      const key = await evmKey(p, ctx);
      return {
        signature: await evm.signMessage(key.derivationIndex, p.message),
        address: key.address,
      };
    },
    [SIGNING_RPC.signEvmTypedData]: async (p, ctx) => {
      const key = await evmKey(p, ctx);
      return {
        signature: await evm.signTypedData(key.derivationIndex, p.typedData),
        address: key.address,
      };
    },
    [SIGNING_RPC.signQubicTransaction]: async (p, ctx) => {
      owned(p, ctx);
      if (p.chain !== 'qubic')
        throw Errors.badRequest('qubicTxJson needs a Qubic wallet.', 'unsupported_asset');
      const key = await keys.get(p.ownerId, 'qubic');
      return qubic.signTransaction(key.derivationIndex, key.address, p.qubicTxJson);
    },
  };
}

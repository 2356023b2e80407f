import path from 'node:path';
import { SIGNING_RPC, type KeyRef } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcCallContext, RpcHandlers } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { EvmSigner } from './chains/evm-signer';
import { QubicSigner } from './chains/qubic-signer';
import { KeysService } from './keys/keys.service';
import { mayUseKey } from './keys/owners.rules';
import { loadMasterSeed } from './master-seed';

type Deps = ServiceDeps<'signing'>;

async function createHandlers(deps: Deps): Promise<RpcHandlers<'signing'>> {
  const seed = loadMasterSeed(deps.config, deps.logger);
  const evm = new EvmSigner(seed);
  const qubic = new QubicSigner(seed);
  const keys = new KeysService(deps.db, { evm, qubic });

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

/** Key custody: the only process that reads the master seed or touches key material. */
export const signingService: ServiceDefinition<'signing'> = {
  app: 'signing',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
};

import path from 'node:path';
import {
  SIGNATURE_RPC,
  WALLET_RPC,
  type CreateWalletRequest,
  type ListQuery,
  type ListWalletsRequest,
  type SignRequest,
  type SignedItemKind,
} from '@custody/contracts';
import type { RpcHandler } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { SignaturesService } from './signatures/signatures.service';
import { userEventHandlers } from './users/user-events';
import { WalletsService } from './wallets/wallets.service';

type Deps = ServiceDeps<'wallet-ledger'>;

function createHandlers(deps: Deps): Record<string, RpcHandler> {
  const wallets = new WalletsService(deps.db, deps.rpc);
  const signatures = new SignaturesService(deps.db, deps.rpc);
  type Ref = { userId: string; walletId: string };
  return {
    [WALLET_RPC.createWallet]: (params, ctx) =>
      wallets.create(ctx.auth, params as CreateWalletRequest),
    [WALLET_RPC.listWallets]: (params, ctx) => wallets.list(ctx.auth, params as ListWalletsRequest),
    [WALLET_RPC.getWallet]: (params, ctx) => {
      const p = params as Ref;
      return wallets.get(ctx.auth, p.userId, p.walletId);
    },
    [WALLET_RPC.getWalletRef]: (params, ctx) => {
      const p = params as Ref;
      return wallets.getRef(ctx.auth, p.userId, p.walletId);
    },
    [WALLET_RPC.deleteWallet]: (params, ctx) => {
      const p = params as Ref & { device: string; ip: string };
      return wallets.remove(ctx.auth, p.userId, p.walletId, p);
    },
    [SIGNATURE_RPC.sign]: (params, ctx) => signatures.sign(ctx.auth, params as SignRequest),
    [SIGNATURE_RPC.list]: (params, ctx) =>
      signatures.list(ctx.auth, params as Ref & { kind: SignedItemKind; list: ListQuery }),
    [SIGNATURE_RPC.get]: (params, ctx) =>
      signatures.get(ctx.auth, params as Ref & { kind: SignedItemKind; id: string }),
    [WALLET_RPC.countUserWallets]: (params, ctx) =>
      wallets.countForUser(ctx.auth, (params as { userId: string }).userId),
  };
}

/** Wallets and (next) the double-entry ledger. */
export const walletLedgerService: ServiceDefinition<'wallet-ledger'> = {
  app: 'wallet-ledger',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
  eventHandlers: userEventHandlers,
};

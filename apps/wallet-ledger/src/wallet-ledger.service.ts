import path from 'node:path';
import { WALLET_RPC, type CreateWalletRequest, type ListWalletsRequest } from '@custody/contracts';
import type { RpcHandler } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { userEventHandlers } from './users/user-events';
import { WalletsService } from './wallets/wallets.service';

type Deps = ServiceDeps<'wallet-ledger'>;

function createHandlers(deps: Deps): Record<string, RpcHandler> {
  const wallets = new WalletsService(deps.db, deps.rpc);
  type Ref = { userId: string; walletId: string };
  return {
    [WALLET_RPC.createWallet]: (params, ctx) =>
      wallets.create(ctx.auth, params as CreateWalletRequest),
    [WALLET_RPC.listWallets]: (params, ctx) => wallets.list(ctx.auth, params as ListWalletsRequest),
    [WALLET_RPC.getWallet]: (params, ctx) => {
      const p = params as Ref;
      return wallets.get(ctx.auth, p.userId, p.walletId);
    },
    [WALLET_RPC.deleteWallet]: (params, ctx) => {
      const p = params as Ref & { device: string; ip: string };
      return wallets.remove(ctx.auth, p.userId, p.walletId, p);
    },
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

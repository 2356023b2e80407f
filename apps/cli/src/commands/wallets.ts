import type { ListItem, V1Paths } from '@custody/sdk';
import type { Command } from 'commander';
import { Context, type CliIo } from '../context';
import { formatTable } from '../output';

export function registerWallets(program: Command, io: CliIo): void {
  const wallets = program.command('wallets').description("A user's wallets");

  wallets
    .command('list')
    .description("List a user's wallets with their balances")
    .argument('<userId>', "the user's id")
    .action(async (userId: string, _options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const found: ListItem<V1Paths, '/users/{user}/wallets'>[] = [];
      for await (const wallet of client.list('/users/{user}/wallets', {
        params: { path: { user: userId }, query: { limit: '100' } },
      })) {
        found.push(wallet);
      }
      ctx.print(found, () =>
        formatTable(
          ['ID', 'ASSET', 'BALANCE', 'AVAILABLE', 'ADDRESS'],
          found.map((wallet) => [
            wallet.id,
            wallet.asset.symbol,
            wallet.balance,
            wallet.availableBalance,
            wallet.address,
          ]),
        ),
      );
    });

  program
    .command('balance')
    .description("A wallet's balance and available balance (exact decimal strings)")
    .argument('<userId>', "the user's id")
    .argument('<walletId>', "the wallet's id")
    .action(async (userId: string, walletId: string, _options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const wallet = await client.get('/users/{user}/wallets/{wallet}', {
        params: { path: { user: userId, wallet: walletId } },
      });
      const result = {
        userId,
        walletId: wallet.id,
        assetId: wallet.asset.id,
        asset: wallet.asset.symbol,
        balance: wallet.balance,
        availableBalance: wallet.availableBalance,
      };
      ctx.print(result, () =>
        formatTable(
          ['WALLET', 'ASSET', 'BALANCE', 'AVAILABLE'],
          [[result.walletId, result.asset, result.balance, result.availableBalance]],
        ),
      );
    });
}

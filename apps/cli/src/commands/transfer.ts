import type { Command } from 'commander';
import { Context, type CliIo } from '../context';
import { formatRecord } from '../output';

interface TransferOptions {
  fromUser: string;
  fromWallet: string;
  toUser: string;
  toWallet: string;
  asset: string;
  amount: string;
  reference?: string;
}

interface WithdrawOptions {
  asset: string;
  to: string;
  amount: string;
  memo?: string;
  note?: string;
  reference?: string;
  device: string;
  ip: string;
}

/** Only the fields that have a value, in order (for a `key  value` listing). */
function present(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

export function registerTransfer(program: Command, io: CliIo): void {
  program
    .command('transfer')
    .description('Move an amount between two wallets of the tenant')
    .requiredOption('--from-user <userId>', "the sender's user id")
    .requiredOption('--from-wallet <walletId>', "the sender's wallet id")
    .requiredOption('--to-user <userId>', "the receiver's user id")
    .requiredOption('--to-wallet <walletId>', "the receiver's wallet id")
    .requiredOption('--asset <assetId>', "the asset's id (e.g. eth)")
    .requiredOption('--amount <decimal>', 'the amount, a decimal string (e.g. 0.5)')
    .option('--reference <text>', 'an external reference kept with the transfer')
    .action(async (options: TransferOptions, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const transfer = await client.post('/transfers', {
        body: {
          requestedTransactions: [
            {
              assetId: options.asset,
              senderUserId: options.fromUser,
              senderWalletId: options.fromWallet,
              receiverUserId: options.toUser,
              receiverWalletId: options.toWallet,
              amount: options.amount,
            },
          ],
          ...(options.reference ? { externalReference: options.reference } : {}),
        },
      });
      ctx.print(transfer, () =>
        formatRecord(
          present({
            id: transfer.id,
            status: transfer.status,
            approvalId: transfer.approvalId,
            failureReason: transfer.failureReason,
            transactions: transfer.transactions.map((t) => t.id),
          }),
        ),
      );
    });

  program
    .command('withdraw')
    .description('Withdraw from a wallet to an outside address')
    .argument('<userId>', "the user's id")
    .argument('<walletId>', "the wallet's id")
    .requiredOption('--asset <assetId>', "the asset's id (e.g. eth)")
    .requiredOption('--to <address>', 'the receiving address')
    .requiredOption('--amount <decimal>', 'the amount, a decimal string')
    .option('--memo <text>', 'a memo for the chain (where the asset supports one)')
    .option('--note <text>', "the user's note")
    .option('--reference <text>', 'an external reference kept with the withdrawal')
    .option('--device <name>', 'the device recorded with the request', 'cli')
    .option('--ip <address>', 'the IP address recorded with the request', '127.0.0.1')
    .action(
      async (userId: string, walletId: string, options: WithdrawOptions, command: Command) => {
        const ctx = Context.of(io, command);
        const client = await ctx.client();
        const path = { user: userId, wallet: walletId };
        const created = await client.post('/users/{user}/wallets/{wallet}/withdrawals', {
          params: { path },
          body: {
            assetId: options.asset,
            receiverAddress: options.to,
            amount: options.amount,
            device: options.device,
            ip: options.ip,
            ...(options.memo ? { memo: options.memo } : {}),
            ...(options.note ? { userNote: options.note } : {}),
            ...(options.reference ? { externalReference: options.reference } : {}),
          },
        });
        // The answer is its id; read it back for its status (held for an approval, prepared, …).
        let withdrawal: object = created;
        try {
          withdrawal = await client.get('/users/{user}/wallets/{wallet}/withdrawals/{withdrawal}', {
            params: { path: { ...{}, ...path, withdrawal: created.id } },
          });
        } catch {
          // Created all the same: show what the creation answered.
        }
        ctx.print(withdrawal, () => formatRecord(withdrawal));
      },
    );
}

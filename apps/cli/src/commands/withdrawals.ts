import type { Command } from 'commander';
import { Context, type CliIo } from '../context';
import { formatRecord } from '../output';

/** An admin's speed-up or cancel of a stuck withdrawal the chain adapter sent. */
export function registerWithdrawals(program: Command, io: CliIo): void {
  const withdrawals = program
    .command('withdrawals')
    .description('Withdrawals the chain adapter sent and that are not mined yet (admin)');
  for (const kind of ['speed-up', 'cancel'] as const) {
    withdrawals
      .command(kind)
      .description(
        kind === 'speed-up'
          ? 'Replace its transaction with higher fees, at the same nonce'
          : 'Replace its transaction with a zero-value transfer to its own address (the funds stay)',
      )
      .argument('<withdrawalId>', "the withdrawal's id")
      .action(async (withdrawalId: string, _options: object, command: Command) => {
        const ctx = Context.of(io, command);
        const client = await ctx.client();
        const params = { params: { path: { withdrawal: withdrawalId } } };
        const withdrawal =
          kind === 'speed-up'
            ? await client.post('/admin/withdrawals/{withdrawal}/speed-up', params)
            : await client.post('/admin/withdrawals/{withdrawal}/cancel', params);
        ctx.print(withdrawal, () => formatRecord(withdrawal));
      });
  }
}

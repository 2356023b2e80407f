import type { ListItem, V1Paths } from '@custody/sdk';
import { Option, type Command } from 'commander';
import { Context, positiveInt, type CliIo } from '../context';
import { formatRecord, formatTable } from '../output';

const STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

export function registerApprovals(program: Command, io: CliIo): void {
  const approvals = program
    .command('approvals')
    .description('Operations held by a policy until enough approvers decide');

  approvals
    .command('list')
    .description('List approvals, newest first')
    .addOption(new Option('--status <status>', 'only approvals in this status').choices(STATUSES))
    .option('--limit <n>', 'at most this many approvals', positiveInt, 50)
    .action(async (options: { status?: Status; limit: number }, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const found: ListItem<V1Paths, '/approvals'>[] = [];
      for await (const approval of client.list('/approvals', {
        params: {
          query: {
            ...{},
            limit: String(Math.min(options.limit, 100)),
            sort: '-createdAt',
            ...(options.status ? { status: options.status } : {}),
          },
        },
      })) {
        found.push(approval);
        if (found.length >= options.limit) break;
      }
      ctx.print(found, () =>
        formatTable(
          ['ID', 'STATUS', 'ACTIVITY', 'OPERATION', 'APPROVALS', 'CREATED'],
          found.map((approval) => [
            approval.id,
            approval.status,
            approval.activity,
            approval.operationId,
            `${approval.decisions.filter((d) => d.decision === 'approve').length}/${approval.quorum}`,
            approval.createdAt,
          ]),
        ),
      );
    });

  approvals
    .command('get')
    .description('Show one approval with its decisions so far')
    .argument('<approvalId>', "the approval's id")
    .action(async (approvalId: string, _options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const approval = await client.get('/approvals/{approval}', {
        params: { path: { approval: approvalId } },
      });
      ctx.print(approval, () => formatRecord(approval));
    });

  for (const decision of ['approve', 'reject'] as const) {
    approvals
      .command(decision)
      .description(`${decision === 'approve' ? 'Approve' : 'Reject'} a held operation`)
      .argument('<approvalId>', "the approval's id")
      .option('--reason <text>', 'why (kept with the decision)')
      .action(async (approvalId: string, options: { reason?: string }, command: Command) => {
        const ctx = Context.of(io, command);
        const client = await ctx.client();
        const made = await client.post('/approvals/{approval}/decisions', {
          params: { path: { approval: approvalId } },
          body: { decision, ...(options.reason ? { reason: options.reason } : {}) },
        });
        const result = { approvalId, decision, decisionId: made.id };
        ctx.print(result, () => formatRecord(result));
      });
  }
}

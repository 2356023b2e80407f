import { type ListItem, signApproval, type V1Paths } from '@custody/sdk';
import { Option, type Command } from 'commander';
import { Context, positiveInt, type CliIo } from '../context';
import { CliError } from '../errors';
import { formatRecord, formatTable } from '../output';
import { activeKeyOf, readKeyFile } from './approver-keys';

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

  approvals
    .command('approve')
    .description(
      'Approve a held operation; with --key, signed (required where a policy says approvers.signed)',
    )
    .argument('<approvalId>', "the approval's id")
    .option('--reason <text>', 'why (kept with the decision)')
    .option(
      '--key <file>',
      "your active approver key (PKCS#8 PEM or raw 32-byte seed): signs the approval's statement",
    )
    .action(
      async (approvalId: string, options: { reason?: string; key?: string }, command: Command) => {
        const ctx = Context.of(io, command);
        const key = options.key !== undefined ? readKeyFile(options.key) : undefined;
        const client = await ctx.client();
        let signature: { credentialId: string; signature: string } | undefined;
        if (key !== undefined) {
          const approval = await client.get('/approvals/{approval}', {
            params: { path: { approval: approvalId } },
          });
          const statement = approval.signing?.statement;
          // What is signed is what the API says runs: its approval, nothing else.
          if (!statement || statement.approvalId !== approval.id)
            throw new CliError('statement_missing', 'The API gave no statement to sign for it.');
          signature = {
            credentialId: await activeKeyOf(client, key),
            signature: signApproval(statement, key),
          };
          ctx.note(`signing: ${JSON.stringify(statement.operation)}`);
        }
        const made = await client.post('/approvals/{approval}/decisions', {
          params: { path: { approval: approvalId } },
          body: {
            decision: 'approve',
            ...(options.reason ? { reason: options.reason } : {}),
            ...(signature ? { signature } : {}),
          },
        });
        const result = {
          approvalId,
          decision: 'approve',
          decisionId: made.id,
          signed: !!signature,
        };
        ctx.print(result, () => formatRecord(result));
      },
    );

  approvals
    .command('reject')
    .description('Reject a held operation (needs no signature)')
    .argument('<approvalId>', "the approval's id")
    .option('--reason <text>', 'why (kept with the decision)')
    .action(async (approvalId: string, options: { reason?: string }, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const made = await client.post('/approvals/{approval}/decisions', {
        params: { path: { approval: approvalId } },
        body: { decision: 'reject', ...(options.reason ? { reason: options.reason } : {}) },
      });
      const result = { approvalId, decision: 'reject', decisionId: made.id };
      ctx.print(result, () => formatRecord(result));
    });
}

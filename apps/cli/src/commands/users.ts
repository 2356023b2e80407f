import type { Command } from 'commander';
import { Context, positiveInt, type CliIo } from '../context';
import { formatRecord, formatTable } from '../output';

interface UserLike {
  id: string;
  createdAt: string;
  email?: string;
  blocked?: boolean;
  individualPerson?: { name?: string; middleName?: string; surname?: string; email?: string };
  legalPerson?: { legalName?: string };
}

/** A person's full name, or a company's legal name. */
export function userName(user: UserLike): string {
  if (user.legalPerson?.legalName) return user.legalPerson.legalName;
  const person = user.individualPerson;
  if (!person) return '';
  return [person.name, person.middleName, person.surname].filter(Boolean).join(' ');
}

export function registerUsers(program: Command, io: CliIo): void {
  const users = program.command('users').description("The tenant's end users");

  users
    .command('list')
    .description('List users, newest first')
    .option('--limit <n>', 'at most this many users', positiveInt, 50)
    .action(async (options: { limit: number }, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const found: UserLike[] = [];
      for await (const user of client.list('/users', {
        params: { query: { limit: String(Math.min(options.limit, 100)), sort: '-createdAt' } },
      })) {
        found.push(user);
        if (found.length >= options.limit) break;
      }
      ctx.print(found, () =>
        formatTable(
          ['ID', 'NAME', 'EMAIL', 'BLOCKED', 'CREATED'],
          found.map((user) => [
            user.id,
            userName(user),
            user.email ?? user.individualPerson?.email,
            user.blocked ? 'yes' : 'no',
            user.createdAt,
          ]),
        ),
      );
    });

  users
    .command('get')
    .description('Show one user')
    .argument('<userId>', "the user's id")
    .action(async (userId: string, _options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const user = await client.get('/users/{user}', { params: { path: { user: userId } } });
      ctx.print(user, () => formatRecord(user));
    });
}

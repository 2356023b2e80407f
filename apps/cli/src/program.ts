import { Command, CommanderError } from 'commander';
import { registerApprovals } from './commands/approvals';
import { registerApproverKeys } from './commands/approver-keys';
import { registerAudit } from './commands/audit';
import { registerEvents } from './commands/events';
import { registerLogin } from './commands/login';
import { registerTransfer } from './commands/transfer';
import { registerUsers } from './commands/users';
import { registerWallets } from './commands/wallets';
import { registerWebhooks } from './commands/webhooks';
import { registerWithdrawals } from './commands/withdrawals';
import { DEFAULT_API_URL, type CliIo } from './context';
import { describeError } from './errors';

/** The `custody` program: every command, writing to `io`, throwing instead of exiting. */
export function buildProgram(io: CliIo): Command {
  const program = new Command();
  program
    .name('custody')
    .description('The custody API from the command line (built on @custody/sdk).')
    .option(
      '--api <url>',
      `the gateway's origin (default: $CUSTODY_API_URL, the profile's, or ${DEFAULT_API_URL})`,
    )
    .option('--json', 'print JSON for scripts (one JSON line per event for tail and listen)')
    .option(
      '--profile <name>',
      'the config profile to use (default: $CUSTODY_PROFILE or "default")',
    )
    // Settings the commands below inherit: errors are thrown to runCli, output goes to io.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: () => undefined,
    })
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .addHelpText(
      'after',
      `
Exit status: 0 on success; 1 on failure, with "error <code>: <detail>" on stderr (the API problem's code).
Config: the session is kept in $CUSTODY_CONFIG_DIR, $XDG_CONFIG_HOME/custody or ~/.config/custody (config.json, mode 0600).`,
    );

  registerLogin(program, io);
  registerUsers(program, io);
  registerWallets(program, io);
  registerWithdrawals(program, io);
  registerTransfer(program, io);
  registerApprovals(program, io);
  registerApproverKeys(program, io);
  registerEvents(program, io);
  registerWebhooks(program, io);
  registerAudit(program, io);
  return program;
}

/** Runs `custody <argv…>` (the arguments after the command's name) and answers the exit status. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help printed its text: exit 0; a command group without a subcommand printed its help.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      if (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync') {
        return error.exitCode || 1;
      }
    }
    for (const line of describeError(error)) io.stderr.write(`${line}\n`);
    if (error instanceof CommanderError) io.stderr.write('(add --help for usage)\n');
    return 1;
  }
}

import path from 'node:path';
import { startTraced } from '@custody/telemetry';

if (process.argv[2] === 'ceremony') {
  // The key ceremony (docs/operations/key-ceremony.md): a command, then exit; no service starts.
  void import('./ceremony/cli')
    .then(({ runCeremony }) =>
      runCeremony(process.argv.slice(3), path.join(__dirname, 'migrations')),
    )
    .catch((error: unknown) => {
      const { code, message } = error as { code?: string; message?: string };
      // commander printed its own help or usage error already.
      if (!code?.startsWith('commander.'))
        process.stderr.write(`ceremony: ${message ?? String(error)}\n`);
      process.exitCode = code === 'commander.helpDisplayed' || code === 'commander.help' ? 0 : 1;
    });
} else {
  // Tracing first (when the OTEL_* variables ask for it), then the app: its modules load only
  // now, after the http and pg instrumentations are in place (docs/tracing.md).
  startTraced('signing', () => import('./start'));
}

// The entry of the `custody` command (bin/custody.mjs runs it with tsx).
import type { CliIo } from './context';
import { runCli } from './program';

/** A second signal more than this long after the first stops at once. */
const SECOND_SIGNAL_MS = 1_000;

/** The process's side of the CLI: its streams, its environment and Ctrl-C. */
function processIo(): CliIo {
  let controller: AbortController | undefined;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    interrupted() {
      if (!controller) {
        const created = new AbortController();
        controller = created;
        let first = 0;
        // The first Ctrl-C (or SIGTERM) ends the feed gracefully; a later one exits now. (Ctrl-C
        // may come twice at once: from the terminal and forwarded by the launcher.)
        const stop = (): void => {
          if (!created.signal.aborted) {
            first = Date.now();
            created.abort();
          } else if (Date.now() - first > SECOND_SIGNAL_MS) {
            process.exit(130);
          }
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      }
      return controller.signal;
    },
  };
}

// A reader that went away (`custody events tail | head`): stop quietly, as other commands do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error unexpected_error: ${String(error)}\n`);
    process.exitCode = 1;
  },
);

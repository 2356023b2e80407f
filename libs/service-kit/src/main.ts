import type { Logger } from '@custody/logging';
import { shutdownTracing } from '@custody/telemetry';

export interface Stoppable {
  stop(): Promise<void>;
  shutdownTimeoutMs: number;
  logger: Logger;
}

/**
 * Process entry: starts the app, and on SIGTERM/SIGINT stops it gracefully (stop consuming,
 * finish in-flight work, close connections). A stop that overruns the timeout exits non-zero.
 */
export function runMain(start: () => Promise<Stoppable>): void {
  start().then(
    (running) => {
      let stopping = false;
      const shutdown = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        running.logger.info({ signal }, 'shutting down');
        const timer = setTimeout(() => {
          running.logger.error('graceful shutdown timed out');
          process.exit(1);
        }, running.shutdownTimeoutMs);
        timer.unref();
        // The spans still buffered go out before the process ends (tracing on; docs/tracing.md).
        running
          .stop()
          .then(
            () => {
              running.logger.info('stopped');
              return 0;
            },
            (error: unknown) => {
              running.logger.error({ err: error }, 'shutdown failed');
              return 1;
            },
          )
          .then(async (code) => {
            await shutdownTracing();
            process.exit(code);
          });
      };
      process.on('SIGTERM', shutdown);
      process.on('SIGINT', shutdown);
      process.on('unhandledRejection', (reason) => {
        running.logger.error({ err: reason }, 'unhandled promise rejection');
      });
    },
    (error: unknown) => {
      process.stderr.write(`Failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}

import type { Logger } from '@custody/logging';

export interface PeriodicOptions {
  /** What runs (logs name it). */
  what: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  logger: Logger;
  /** Run once at start too (a process started after an outage catches up at once). */
  atStart?: boolean;
}

/**
 * Runs work every `intervalMs` on a timer of the process: never a job kept in Redis, which a
 * check of Redis's own jobs could lose with them. One run at a time (a run longer than the
 * interval delays the next); a failed run is logged and the next tries again.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: PeriodicOptions) {}

  start(): void {
    if (this.options.atStart) void this.runNow();
    this.schedule();
  }

  /** One run now, or the one under way. */
  runNow(): Promise<void> {
    this.running ??= this.options
      .run()
      .then(
        () => undefined,
        (error: unknown) =>
          this.options.logger.warn(
            { err: error },
            `${this.options.what} failed; the next run retries`,
          ),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runNow().finally(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }
}

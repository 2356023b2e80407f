import type { Logger } from 'pino';
import type pg from 'pg';
import type { Counter } from 'prom-client';
import { type RetentionRule, sweep } from '@custody/persistence';

/**
 * Forgets rows past their windows (docs/decisions/retention.md): every `intervalMs`, each
 * rule a batch per statement until its batch comes back short. One sweep at a time; a failed
 * rule is logged and tried again on the next sweep.
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly options: {
      pool: pg.Pool;
      rules: RetentionRule[];
      batch: number;
      intervalMs: number;
      logger: Logger;
      deleted: Counter<'table'>;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweepAll().then(
        () => {
          this.running = undefined;
        },
        () => {
          this.running = undefined;
        },
      );
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** One sweep of every rule (the tests call it; the timer does in service). */
  async sweepAll(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const rule of this.options.rules) {
      try {
        deleted[rule.name] = await sweep(this.options.pool, rule, this.options.batch);
        if (deleted[rule.name]) this.options.deleted.inc({ table: rule.name }, deleted[rule.name]);
      } catch (err) {
        this.options.logger.warn({ err, table: rule.name }, 'retention sweep failed');
      }
    }
    return deleted;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

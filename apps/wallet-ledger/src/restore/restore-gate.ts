import { Errors } from '@custody/errors';
import type { RpcCallContext } from '@custody/messaging';
import type { ReadinessCheck } from '@custody/service-kit';
import { READS_DURING_RESTORE } from './restore.rules';

/**
 * Whether money may move: closed from the start until wallet-ledger knows its database is the one
 * it last ran on, or a restore of it is done (docs/operations/restore-runbook.md). While closed,
 * readiness fails naming why (`checks.restore`), every call but the reads is refused (503
 * `restore_in_progress`) and the chain adapter sends nothing.
 */
export class RestoreGate {
  private reason: string | undefined = 'starting: the database is not recognised yet';

  get isOpen(): boolean {
    return this.reason === undefined;
  }

  open(): void {
    this.reason = undefined;
  }

  close(reason: string): void {
    this.reason = reason;
  }

  /** wallet-ledger's readiness check `restore`. */
  readonly readiness: ReadinessCheck = {
    name: 'restore',
    check: async () => {
      if (this.reason !== undefined) throw new Error(this.reason);
    },
  };

  /** 503 `restore_in_progress` while closed. */
  assertOpen(): void {
    if (this.reason !== undefined)
      throw Errors.unavailable(
        `Money does not move until the database restore is done (${this.reason}).`,
        'restore_in_progress',
      );
  }

  /** The handler table with every method but the reads refused while the gate is closed. */
  guard<H extends object>(handlers: H): H {
    const guarded: Record<string, unknown> = {};
    for (const [method, handler] of Object.entries(handlers) as [
      string,
      (params: unknown, ctx: RpcCallContext) => Promise<unknown>,
    ][]) {
      guarded[method] = READS_DURING_RESTORE.has(method)
        ? handler
        : // Its marks (ownsIdempotency) copied: the server treats it as the handler it wraps.
          Object.assign(async (params: unknown, ctx: RpcCallContext) => {
            this.assertOpen();
            return handler(params, ctx);
          }, handler);
    }
    return guarded as H;
  }
}

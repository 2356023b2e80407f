import { Errors } from '@custody/errors';
import {
  type EventHandler,
  type EventHandlers,
  EventDeferred,
  type RpcCallContext,
} from '@custody/messaging';
import type { HeldForApprovals, ReadinessCheck } from '@custody/service-kit';
import { READS_DURING_RESTORE } from './restore.rules';

/**
 * Whether money may move: closed from the start until wallet-ledger knows its database is the one
 * it last ran on, or a restore of it is done (docs/operations/restore-runbook.md). While closed,
 * readiness fails naming why (`checks.restore`), every call but the reads is refused (503
 * `restore_in_progress`), the events that move money or sign wait (deferred, never lost), the
 * approval outcomes' sweep applies nothing, and the chain adapter sends nothing.
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

  /**
   * Event handlers that move money or sign, deferred while the gate is closed: the event comes
   * again later (EventDeferred), neither applied nor dead-lettered, and takes effect once it opens.
   */
  guardEvents<H extends EventHandlers>(handlers: H): H {
    const guarded: Record<string, EventHandler> = {};
    for (const [name, handler] of Object.entries(handlers) as [string, EventHandler][])
      guarded[name] = async (event, tx) => {
        if (this.reason !== undefined)
          throw new EventDeferred(`the restore gate is closed (${this.reason})`);
        return handler(event, tx);
      };
    return guarded as H;
  }

  /**
   * The approval outcomes' sweep (the same outcomes as the events): nothing waits to be swept
   * while the gate is closed, and an outcome it found before is not applied (503, retried).
   */
  guardHeld(held: HeldForApprovals): HeldForApprovals {
    return {
      waiting: held.waiting.map(
        (waiting) => async (db, after, limit) =>
          this.reason === undefined ? waiting(db, after, limit) : [],
      ),
      settle: async (tx, approval) => {
        this.assertOpen();
        return held.settle(tx, approval);
      },
    };
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

import { RPC_REFUSED_EVENT, type RpcRefusalRecord, type ServiceName } from '@custody/contracts';
import type { Logger } from '@custody/logging';
import { type Database, enqueueEvent } from '@custody/persistence';
import { fullReportBudget, type ReportBudget, spendReport } from './report-budget';

/** A refused request as reported: a refused proof (ProofRefusal) or a signer's refusal. */
export interface Refusal {
  method: string;
  caller: string | undefined;
  brokerUser: string | undefined;
  requestId: string;
  reason: string;
  failed: RpcRefusalRecord['failed'];
}

/**
 * The longest a name from the refused message is reported (its method, broker user, claimed
 * caller, request id): a rogue caller chooses them, and the audit log answers them
 * (GET /v1/audit-events, whose document states its fields' bounds).
 */
export const REFUSAL_NAME_MAX = 128;

const clip = (value: string) => value.slice(0, REFUSAL_NAME_MAX);

/**
 * Reports the RPC requests a service refused to identity's audit log, through the service's
 * outbox (RPC_REFUSED_EVENT). A rogue caller can send refusals as fast as the broker carries
 * them: past the report budget (report-budget.ts) they are only counted, and the next report says
 * how many were left out (the log line and the rpc_refused_total metric still see each one).
 */
/**
 * Unproven refusals (a bad or missing proof: anyone on the broker can send them, naming any
 * caller) and proven ones (a known caller refused for what it asked) spend separate budgets, so
 * that junk cannot use up the budget that would report a compromised service's refusal.
 */
type Kind = 'unproven' | 'proven';
const kindOf = (refusal: Refusal): Kind => (refusal.failed === 'proof' ? 'unproven' : 'proven');

/** How long after a refusal past the budget its count is written, if no report came since. */
const FLUSH_AFTER_MS = 1_000;

export class RefusalAudit {
  private readonly budgets: Record<Kind, ReportBudget | undefined> = {
    unproven: undefined,
    proven: undefined,
  };
  /** Per kind: refusals past the budget since its last report, and the latest of them. */
  private readonly held: Record<Kind, { count: number; last: Refusal } | undefined> = {
    unproven: undefined,
    proven: undefined,
  };
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly schema: string,
    private readonly service: ServiceName,
    private readonly logger: Logger,
  ) {}

  report(refusal: Refusal, now = Date.now()): void {
    const kind = kindOf(refusal);
    const spent = spendReport(this.budgets[kind] ?? fullReportBudget(now), now);
    this.budgets[kind] = spent.budget;
    if (!spent.allowed) {
      this.held[kind] = { count: (this.held[kind]?.count ?? 0) + 1, last: refusal };
      // A flood that stops is still counted within a second, not only at the next report.
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = undefined;
        void this.flush();
      }, FLUSH_AFTER_MS).unref();
      return;
    }
    const suppressed = this.held[kind]?.count ?? 0;
    this.held[kind] = undefined;
    this.write(refusal, suppressed);
  }

  /**
   * Writes the latest refusal left out of each kind, with the count of those before it (at most
   * one record per kind a second, outside the budget); the service calls it when it stops.
   */
  async flush(): Promise<void> {
    for (const kind of ['unproven', 'proven'] as const) {
      const held = this.held[kind];
      this.held[kind] = undefined;
      if (held) this.write(held.last, held.count - 1);
    }
    await Promise.all([...this.writes]);
  }

  private write(refusal: Refusal, suppressed: number): void {
    const record: RpcRefusalRecord = {
      service: this.service,
      method: clip(refusal.method),
      brokerUser: refusal.brokerUser === undefined ? null : clip(refusal.brokerUser),
      caller: refusal.caller === undefined ? null : clip(refusal.caller),
      requestId: clip(refusal.requestId),
      reason: refusal.reason,
      failed: refusal.failed,
      suppressed,
    };
    const written = enqueueEvent(this.db, this.schema, {
      name: RPC_REFUSED_EVENT,
      tenantId: null,
      data: record,
    })
      .then(() => undefined)
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'RPC refusal not recorded in the audit log'),
      );
    this.writes.add(written);
    void written.finally(() => this.writes.delete(written));
  }
}

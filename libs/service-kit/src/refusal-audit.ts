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
export class RefusalAudit {
  private budget: ReportBudget | undefined;
  private suppressed = 0;

  constructor(
    private readonly db: Database,
    private readonly schema: string,
    private readonly service: ServiceName,
    private readonly logger: Logger,
  ) {}

  report(refusal: Refusal, now = Date.now()): void {
    const spent = spendReport(this.budget ?? fullReportBudget(now), now);
    this.budget = spent.budget;
    if (!spent.allowed) {
      this.suppressed += 1;
      return;
    }
    const record: RpcRefusalRecord = {
      service: this.service,
      method: clip(refusal.method),
      brokerUser: refusal.brokerUser === undefined ? null : clip(refusal.brokerUser),
      caller: refusal.caller === undefined ? null : clip(refusal.caller),
      requestId: clip(refusal.requestId),
      reason: refusal.reason,
      failed: refusal.failed,
      suppressed: this.suppressed,
    };
    this.suppressed = 0;
    enqueueEvent(this.db, this.schema, {
      name: RPC_REFUSED_EVENT,
      tenantId: null,
      data: record,
    }).catch((error: unknown) =>
      this.logger.error({ err: error }, 'RPC refusal not recorded in the audit log'),
    );
  }
}

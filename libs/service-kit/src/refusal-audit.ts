import { RPC_REFUSED_EVENT, type RpcRefusalRecord, type ServiceName } from '@custody/contracts';
import type { Logger } from '@custody/logging';
import type { ProofRefusal } from '@custody/messaging';
import { type Database, enqueueEvent } from '@custody/persistence';

/** Refusals reported to the audit log per second at most; the others are counted. */
const REPORTS_PER_SECOND = 10;

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
 * them: past REPORTS_PER_SECOND in a second they are only counted, and the next report says how
 * many were left out (the log line and the rpc_refused_total metric still see each one).
 */
export class RefusalAudit {
  private second = 0;
  private reported = 0;
  private suppressed = 0;

  constructor(
    private readonly db: Database,
    private readonly schema: string,
    private readonly service: ServiceName,
    private readonly logger: Logger,
  ) {}

  report(refusal: ProofRefusal, now = Date.now()): void {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.reported = 0;
    }
    if (this.reported >= REPORTS_PER_SECOND) {
      this.suppressed += 1;
      return;
    }
    this.reported += 1;
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

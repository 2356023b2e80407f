import { SIGNING_RPC } from '@custody/contracts';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import * as repo from './approver-keys.repository';

/** How often revocations the signer missed are told again: the most its registry lags. */
export const REVOCATION_SWEEP_MS = 5_000;

/** Revocations told per sweep at most (the rest at the next one). */
const SWEEP_BATCH = 100;

/**
 * Tells the signer's registry of the approver credentials identity revoked
 * (docs/decisions/signing-decisions.md, "How one leaves"). A revocation is made in identity first,
 * in the transaction that causes it — a revoked key, a removed passkey, a passkey reset, a deleted
 * client — so the policy service stops counting it at once; the signer takes it from identity
 * alone because removing trust needs no endorsement. It is told once the transaction commits,
 * and a sweep tells it of any it missed (the signer out, a change applied by an event), so none
 * is lost. Telling twice is harmless: a revocation only removes.
 */
export class SignerRevocations {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
    private readonly logger: Logger,
  ) {}

  /** Tells the signer of one revocation; its failure is the caller's (an API call's answer). */
  async tellOne(id: string): Promise<void> {
    await this.rpc.call('signing', SIGNING_RPC.revokeApproverCredential, { id });
    await repo.markSignerRevoked(this.db, id);
  }

  /**
   * Tells the signer of these revocations (or of any untold, oldest first), each on its own: a
   * failure is logged and left to the next sweep. Answers how many the signer took.
   */
  async tell(ids?: readonly string[]): Promise<number> {
    const untold = await repo.untoldRevocations(this.db, SWEEP_BATCH, ids);
    let told = 0;
    for (const id of untold) {
      try {
        await this.tellOne(id);
        told++;
      } catch (error) {
        this.logger.warn(
          { err: error, credentialId: id },
          "an approver credential's revocation was not taken by the signer yet; the sweep tells it again",
        );
      }
    }
    return told;
  }

  start(intervalMs = REVOCATION_SWEEP_MS): void {
    this.timer = setInterval(() => {
      this.sweeping ??= this.tell()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'the sweep of approver revocations failed'),
        )
        .finally(() => {
          this.sweeping = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }
}

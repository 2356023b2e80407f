import { createHash, type KeyObject, sign } from 'node:crypto';
import type { AuditCheckpointData, AuditPublicKeyView } from '@custody/contracts';
import { decisionPrivateKey, decisionPublicKeyOf } from '@custody/intents';
import type { Logger } from '@custody/logging';
import { type Database, withTransaction } from '@custody/persistence';
import { AUDIT_PLATFORM_CHAIN, auditCheckpointMessage } from '@custody/sdk/audit';
import { chainHeadsAfter, insertCheckpoints, tryLockCheckpoints } from './audit.repository';

/** The key that signs the checkpoints: its id, private key and raw public key (base64url). */
export interface CheckpointKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: string;
  /** The development key, known to everyone: production refuses it. */
  development: boolean;
}

/** The development key's id and seed: known to everyone, refused in production. */
export const DEV_CHECKPOINT_KEY_ID = 'dev';
const devSeed = () => createHash('sha256').update('custody-dev-audit-checkpoint').digest();

/**
 * The checkpoint key of `AUDIT_CHECKPOINT_KEY` (`kid:base64url-seed`), or the development key
 * (libs/config refuses a production start without the variable, identity's compose one with the
 * development seed: docker/dev.env's).
 */
export function checkpointKey(config: {
  AUDIT_CHECKPOINT_KEY?: string | undefined;
}): CheckpointKey {
  const spec = config.AUDIT_CHECKPOINT_KEY;
  const at = spec?.indexOf(':') ?? -1;
  const [keyId, seed] =
    spec && at > 0
      ? [spec.slice(0, at), Buffer.from(spec.slice(at + 1), 'base64url')]
      : [DEV_CHECKPOINT_KEY_ID, devSeed()];
  return {
    keyId,
    privateKey: decisionPrivateKey(seed),
    publicKey: decisionPublicKeyOf(seed),
    development: seed.equals(devSeed()),
  };
}

export function publicKeysOf(key: CheckpointKey): AuditPublicKeyView[] {
  return [{ keyId: key.keyId, publicKey: key.publicKey }];
}

/** A chain's head, signed. */
export function signCheckpoint(
  key: CheckpointKey,
  head: { chain: string; seq: number; hash: string },
  createdAt: string,
): AuditCheckpointData {
  const unsigned = {
    chain: head.chain,
    tenantId: head.chain === AUDIT_PLATFORM_CHAIN ? null : head.chain,
    seq: head.seq,
    hash: head.hash,
    createdAt,
    keyId: key.keyId,
  };
  const signature = sign(
    null,
    Buffer.from(auditCheckpointMessage(unsigned), 'utf8'),
    key.privateKey,
  );
  return { ...{}, ...unsigned, signature: signature.toString('base64url') };
}

/** Chains looked at per transaction of a round. */
const CHAINS_PER_TRANSACTION = 500;

/**
 * Signs the head of every chain that moved since its last checkpoint and publishes it (event
 * `audit-checkpoint.is-created`, through identity's outbox: the tenant's chain to the tenant's feed and
 * webhooks, the platform's to the admins'), every AUDIT_CHECKPOINT_INTERVAL_MS. One replica runs
 * a round at a time (a lock it tries, and skips the round without).
 */
export class AuditCheckpoints {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Database,
    private readonly key: CheckpointKey,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  /** One round: the number of checkpoints published (0 when another replica holds the round). */
  async runOnce(): Promise<number> {
    let after: string | undefined;
    let published = 0;
    for (;;) {
      const round = await withTransaction(this.db, async (tx) => {
        if (!(await tryLockCheckpoints(tx))) return undefined;
        const heads = await chainHeadsAfter(tx, after, CHAINS_PER_TRANSACTION);
        const createdAt = new Date().toISOString();
        const checkpoints = heads
          .filter((head) => head.moved)
          .map((head) => signCheckpoint(this.key, head, createdAt));
        if (checkpoints.length > 0) await insertCheckpoints(tx, checkpoints);
        return { last: heads.at(-1)?.chain, chains: heads.length, published: checkpoints.length };
      });
      if (!round) return published;
      published += round.published;
      if (round.chains < CHAINS_PER_TRANSACTION) return published;
      after = round.last;
    }
  }

  start(): void {
    this.timer = setInterval(() => {
      // A round longer than the interval: the next tick waits for the next interval.
      if (this.running) return;
      this.running = this.runOnce()
        .then((published) => {
          if (published > 0) this.logger.debug({ published }, 'audit checkpoints published');
        })
        .catch((error: unknown) =>
          this.logger.error({ err: error }, 'audit checkpoint round failed'),
        )
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

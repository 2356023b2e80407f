import { z } from 'zod';
import type { AuthContext } from '@custody/contracts';
import {
  type Database,
  type IdempotencyKey,
  runIdempotent,
  storedIdempotentResult,
} from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import { requireAuth } from '@custody/tenancy';
import { newSigningSecret } from '../channels/standard-webhooks';
import * as repo from './secrets.repository';

const SCHEMA = 'notifier';

const OVERLAP_HOURS = 24;
const ACTIVE_CACHE_MS = 2_000;
/** A rotation's stored answer (no secret), as a replay reads it back. */
const rotated = z.object({ previousValidUntil: z.string() });

/** Each client's webhook signing secret: created on first read; a rotation keeps the old one signing for 24 h. */
export class SigningSecrets {
  constructor(
    private readonly db: Database,
    /** The box of webhook signing secrets: each sealed for its client's id. */
    private readonly box: PurposeBox,
  ) {
    this.find = repo.findSecretStatement(db);
  }

  // Read once per delivery: a prepared statement, and no insert (nor encryption) when it exists.
  private readonly find;
  private readonly activeCache = new Map<string, { secrets: string[]; until: number }>();
  private rotations = 0;

  private async ensure(clientId: string) {
    await repo.insertSecretIfAbsent(this.db, clientId, this.box.seal(newSigningSecret(), clientId));
    const row = await repo.findSecret(this.db, clientId);
    if (!row) throw new Error('signing secret vanished');
    return row;
  }

  /**
   * Seals anew, for their client, the secrets an earlier version sealed with the master key alone
   * (`v1`): at every start, so that none is left once every replica runs this version.
   */
  async resealLegacy(): Promise<number> {
    const rows = await repo.legacySealed(this.db);
    const anew = (sealed: string, clientId: string) =>
      this.box.seal(this.box.open(sealed, clientId), clientId);
    for (const row of rows) {
      await repo.resealSecret(this.db, row, {
        secretCiphertext: anew(row.secretCiphertext, row.clientId),
        ...(row.previousCiphertext
          ? { previousCiphertext: anew(row.previousCiphertext, row.clientId) }
          : {}),
      });
    }
    return rows.length;
  }

  async get(auth: AuthContext | undefined): Promise<{ secret: string }> {
    const row = await this.ensure(requireAuth(auth).tenantId);
    return { secret: this.box.open(row.secretCiphertext, row.clientId) };
  }

  /**
   * A new signing secret, the previous one valid for OVERLAP_HOURS more. With an Idempotency-Key
   * the stored answer holds no secret (only `previousValidUntil`): a replay answers the secret in
   * force, read when it is asked, never a copy kept in plain text.
   */
  async rotate(
    auth: AuthContext | undefined,
    idempotency?: IdempotencyKey,
  ): Promise<{ secret: string; previousValidUntil: string }> {
    const clientId = requireAuth(auth).tenantId;
    const replay = await storedIdempotentResult(this.db, SCHEMA, idempotency, rotated);
    if (replay) return { secret: (await this.get(auth)).secret, ...replay.result };
    this.rotations += 1;
    this.activeCache.delete(clientId);
    const current = await this.ensure(clientId);
    const secret = newSigningSecret();
    const kept = await runIdempotent(this.db, SCHEMA, idempotency, rotated, async (tx) => {
      const row = await repo.rotateSecret(
        tx,
        clientId,
        this.box.seal(secret, clientId),
        current.secretCiphertext,
        OVERLAP_HOURS,
      );
      return { previousValidUntil: row?.previousExpiresAt?.toISOString() ?? '' };
    });
    // Again after the update: a read that began before it committed is not kept either.
    this.rotations += 1;
    this.activeCache.delete(clientId);
    return { secret, previousValidUntil: kept.previousValidUntil };
  }

  /**
   * The secrets a delivery is signed with right now: the current one, and the previous during
   * overlap. Kept ACTIVE_CACHE_MS per client (read once per delivery otherwise): after a rotation
   * another replica may sign with the previous secret that long, which receivers accept for 24 h.
   */
  async active(clientId: string): Promise<string[]> {
    const cached = this.activeCache.get(clientId);
    if (cached && cached.until > Date.now()) return cached.secrets;
    const rotations = this.rotations;
    const secrets = await this.readActive(clientId);
    // A rotation here while we read: what we read may be older than it, so it is not kept.
    if (rotations === this.rotations) {
      if (this.activeCache.size >= 10_000) this.activeCache.clear();
      this.activeCache.set(clientId, { secrets, until: Date.now() + ACTIVE_CACHE_MS });
    }
    return secrets;
  }

  private async readActive(clientId: string): Promise<string[]> {
    const [found] = await this.find.execute({ clientId });
    const row = found ?? (await this.ensure(clientId));
    const secrets = [this.box.open(row.secretCiphertext, clientId)];
    if (
      row.previousCiphertext &&
      row.previousExpiresAt &&
      row.previousExpiresAt.getTime() > Date.now()
    ) {
      secrets.push(this.box.open(row.previousCiphertext, clientId));
    }
    return secrets;
  }
}

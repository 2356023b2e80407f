import type { Redis } from 'ioredis';
import { z } from 'zod';
import { CHALLENGE_TTL_MS, type ChallengePurpose } from './passkeys.rules';

const purposeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('registration'), clientId: z.string() }),
  z.object({
    kind: z.literal('sign-in'),
    apiClientId: z.string(),
    clientId: z.string().nullable(),
  }),
]);

/**
 * WebAuthn challenges, in Redis (identity's `auth:` keyspace) for CHALLENGE_TTL_MS: each kept
 * with what it was issued for (a sign-in's under the answer its client signs,
 * `signInChallenge`), and taken (GETDEL) when an answer comes, so it is used once whatever the
 * answer (a replay finds nothing) and by one replica only.
 */
export class WebAuthnChallenges {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(challenge: string): string {
    return `${this.prefix}:auth:webauthn-challenge:${challenge}`;
  }

  async keep(challenge: string, purpose: ChallengePurpose): Promise<void> {
    await this.redis.set(this.key(challenge), JSON.stringify(purpose), 'PX', CHALLENGE_TTL_MS);
  }

  /** What the challenge was issued for, once; undefined when unknown, expired or used. */
  async take(challenge: string): Promise<ChallengePurpose | undefined> {
    const raw = await this.redis.getdel(this.key(challenge));
    if (raw === null) return undefined;
    try {
      const parsed = purposeSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}

import type { Redis } from 'ioredis';
import { AUTH_STATE_KEYS } from '@custody/contracts';
import type { Database } from '@custody/persistence';
import { clientTokenVersions, unexpiredRevokedTokens } from './auth-state.repository';

export const DELETED = 'deleted';

/**
 * What the gateway checks on every request, kept in Redis: each client's token version and the
 * revoked access tokens still unexpired. PostgreSQL stays the record; `seed` rebuilds Redis from
 * it (Redis keeps nothing on disk here), and the gateway refuses tokens while it is not seeded.
 */
export class AuthState {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    return `${this.prefix}:${name}`;
  }

  async setClientVersion(clientId: string, version: number | typeof DELETED): Promise<void> {
    await this.redis.set(this.key(AUTH_STATE_KEYS.clientVersion(clientId)), String(version));
  }

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    const ttlMs = expiresAt.getTime() - Date.now();
    if (ttlMs > 0)
      await this.redis.set(this.key(AUTH_STATE_KEYS.revokedToken(jti)), '1', 'PX', ttlMs);
  }

  async seed(db: Database): Promise<void> {
    const pipeline = this.redis.multi();
    for (const client of await clientTokenVersions(db)) {
      pipeline.set(
        this.key(AUTH_STATE_KEYS.clientVersion(client.id)),
        client.deletedAt ? DELETED : String(client.version),
      );
    }
    for (const token of await unexpiredRevokedTokens(db)) {
      pipeline.set(
        this.key(AUTH_STATE_KEYS.revokedToken(token.jti)),
        '1',
        'PX',
        Math.max(1, token.expiresAt.getTime() - Date.now()),
      );
    }
    pipeline.set(this.key(AUTH_STATE_KEYS.seeded), new Date().toISOString());
    await pipeline.exec();
  }
}

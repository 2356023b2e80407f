import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Redis } from 'ioredis';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AUTH_STATE_KEYS,
  IDENTITY_RPC,
  ISSUER_TOKEN_AUDIENCE,
  type AccessTokenClaims,
  type AuthContext,
  type IssuerTokenClaims,
  type KeyPurpose,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type StateCheck, TokenStateChecks } from './token-state';

/** Why a bearer token was refused; `expired` and `revoked` matter to the whitelist reads (403). */
export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'revoked';

export class TokenRejected extends Error {
  constructor(readonly problem: TokenProblem) {
    super(`token ${problem}`);
  }
}

/**
 * An unknown kid refreshes the key set at most this often: a rotated key is accepted within it,
 * and tokens with made-up kids cost identity one read per interval, not one per request.
 */
const JWKS_REFRESH_MS = 5_000;
/** The key set is read again at least this often, whatever tokens arrive. */
const JWKS_MAX_AGE_MS = 60_000;

/** What the caller wants counted with a valid token: its rate-limit window. */
export interface CountedRequest {
  /** The window's Redis key, from the client's id. */
  windowKey: (clientId: string) => string;
  limit: number;
  windowMs: number;
}

/** The window after this request was counted (absent when the limit is off). */
export interface CountedWindow {
  count: number;
  ttlMs: number;
}

/** Verified tokens kept (oldest dropped first): about 2 MB at most. */
const VERIFIED_CACHE_SIZE = 10_000;

/** The two kinds of access token identity signs: each with its own keys and audience. */
interface TokenKind {
  purpose: KeyPurpose;
  audience: string;
  requiredClaims: string[];
}
const V1_TOKEN: TokenKind = {
  purpose: 'access',
  audience: ACCESS_TOKEN_AUDIENCE,
  requiredClaims: ['sub', 'jti', 'exp', 'ten', 'aud_c', 'ver'],
};
const ISSUER_TOKEN: TokenKind = {
  purpose: 'issuer',
  audience: ISSUER_TOKEN_AUDIENCE,
  requiredClaims: ['sub', 'jti', 'exp', 'ten', 'ver'],
};

/**
 * Verifies access tokens locally (EdDSA signature, issuer, audience, expiry) with the public keys
 * identity publishes over RPC, then checks Redis for revocation and the client's token version
 * and counts the request in the client's rate-limit window: one Redis command per request, or
 * one for all the requests that arrived during the previous command (under load); none to
 * identity.
 */
export class TokenVerifier {
  /** The published keys by what they sign: a key of one purpose never verifies the other. */
  private jwks: Record<KeyPurpose, ReturnType<typeof createLocalJWKSet>> | undefined;
  private jwksFetchedAt = 0;
  private jwksFingerprint = '';
  private jwksLoading: Promise<void> | undefined;
  private seeding: Promise<void> | undefined;
  /**
   * Payloads of tokens whose signature, issuer and audience were verified, by audience and token,
   * until their `exp`: an EdDSA verification was a tenth of the gateway's CPU per request.
   * Revocation and the client's token version are still read from Redis on every request; the
   * cache is emptied whenever the key set is reloaded, so a withdrawn key stops working too.
   */
  private readonly verified = new Map<string, { payload: Record<string, unknown>; exp: number }>();
  /** Bumped at each key set reload: a check begun before a reload is not cached after it. */
  private keySetVersion = 0;
  private readonly stateChecks: TokenStateChecks;

  constructor(
    private readonly rpc: RpcClient,
    redis: Redis,
    private readonly keyPrefix: string,
  ) {
    this.stateChecks = new TokenStateChecks(redis, this.key(AUTH_STATE_KEYS.seeded));
  }

  private key(name: string): string {
    return `${this.keyPrefix}:${name}`;
  }

  private loadJwks(): Promise<void> {
    this.jwksLoading ??= this.rpc
      .call('identity', IDENTITY_RPC.jwks, {}, { idempotent: true })
      .then((view) => {
        this.jwksFetchedAt = Date.now();
        const fingerprint = view.keys
          .map((k) => `${k.purpose ?? 'access'}:${k.kid ?? ''}`)
          .sort()
          .join(' ');
        // The same keys as before: nothing verified needs verifying again.
        if (this.jwks && fingerprint === this.jwksFingerprint) return;
        const of = (purpose: KeyPurpose) =>
          createLocalJWKSet({ keys: view.keys.filter((k) => (k.purpose ?? 'access') === purpose) });
        this.jwks = { access: of('access'), issuer: of('issuer') };
        this.jwksFingerprint = fingerprint;
        this.verified.clear();
        this.keySetVersion += 1;
      })
      .finally(() => {
        this.jwksLoading = undefined;
      });
    return this.jwksLoading;
  }

  /**
   * A v1 access token (audience `custody-api:v1`), checked against revocations too; the request
   * is counted in the client's rate-limit window (`counted`) in the same command.
   */
  async verify(
    token: string,
    counted: CountedRequest,
  ): Promise<{ auth: AuthContext; window?: CountedWindow }> {
    const payload = await this.verifiedPayload(token, V1_TOKEN);
    const claims = payload as unknown as AccessTokenClaims & { sub: string; jti: string };
    const window = await this.checkState(claims.sub, claims.jti, claims.ver, counted);
    return {
      auth: {
        clientId: claims.sub,
        tenantId: claims.ten,
        audience: claims.aud_c,
        // An auditor reads its tenant unless its token says the platform (fail closed).
        ...(claims.aud_c === 'auditor'
          ? { auditScope: claims.asc === 'platform' ? ('platform' as const) : ('tenant' as const) }
          : {}),
        apiClientId: claims.azp,
        ...(claims.pid !== undefined ? { personId: claims.pid } : {}),
        ...(claims.uid !== undefined ? { userId: claims.uid } : {}),
        ...(claims.scp !== undefined ? { scopes: claims.scp } : {}),
        // Any value but absence restricts (fail closed).
        ...(claims.enr !== undefined ? { enrollmentOnly: true as const } : {}),
      },
      ...(window ? { window } : {}),
    };
  }

  /**
   * An issuer (v2) access token (audience `custody-issuer:v2`). It lives 15 minutes; the issuer
   * service refuses it once the issuer's secret was rotated (its `ver` is then older).
   */
  async verifyIssuer(token: string): Promise<AuthContext> {
    const payload = await this.verifiedPayload(token, ISSUER_TOKEN);
    const claims = payload as unknown as IssuerTokenClaims & { sub: string };
    if (typeof claims.ten !== 'string' || !Number.isInteger(claims.ver))
      throw new TokenRejected('invalid');
    return {
      clientId: `issuer:${claims.sub}`,
      tenantId: claims.ten,
      audience: 'issuer',
      issuer: { id: claims.sub, version: claims.ver },
    };
  }

  private async verifiedPayload(token: string, kind: TokenKind): Promise<Record<string, unknown>> {
    // Read again every JWKS_MAX_AGE_MS: a key identity stopped publishing (retired past its
    // tokens' life, or withdrawn after a leak) stops verifying here too.
    if (!this.jwks || Date.now() - this.jwksFetchedAt > JWKS_MAX_AGE_MS) await this.loadJwks();
    try {
      return await this.verifySignature(token, kind);
    } catch (error) {
      // A key we do not know yet (rotation): refresh the key set once in a while and retry.
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (Date.now() - this.jwksFetchedAt > JWKS_REFRESH_MS) {
        await this.loadJwks();
        try {
          return await this.verifySignature(token, kind);
        } catch (again) {
          if (!(again instanceof joseErrors.JWKSNoMatchingKey)) throw again;
        }
      }
      // No key of this kind of token has its kid: a token of the other kind, or a forgery.
      throw new TokenRejected('invalid');
    }
  }

  private async verifySignature(token: string, kind: TokenKind): Promise<Record<string, unknown>> {
    const jwks = this.jwks?.[kind.purpose];
    if (!jwks) throw new TokenRejected('invalid');
    const cacheKey = `${kind.audience} ${token}`;
    const cached = this.verified.get(cacheKey);
    if (cached) {
      if (cached.exp * 1000 > Date.now()) return cached.payload;
      this.verified.delete(cacheKey);
      throw new TokenRejected('expired');
    }
    const keySetVersion = this.keySetVersion;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: kind.audience,
        algorithms: ['EdDSA'],
        requiredClaims: kind.requiredClaims,
      });
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      // requiredClaims includes exp: jose refuses a token without one.
      if (keySetVersion === this.keySetVersion)
        this.verified.set(cacheKey, { payload, exp: payload.exp as number });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenRejected('expired');
      if (error instanceof joseErrors.JWKSNoMatchingKey) throw error;
      throw new TokenRejected('invalid');
    }
  }

  private async checkState(
    clientId: string,
    jti: string,
    version: number,
    counted: CountedRequest,
  ): Promise<CountedWindow | undefined> {
    const check: StateCheck = {
      versionKey: this.key(AUTH_STATE_KEYS.clientVersion(clientId)),
      revokedKey: this.key(AUTH_STATE_KEYS.revokedToken(jti)),
      windowKey: counted.windowKey(clientId),
      tokenVersion: String(version),
      limit: Math.max(0, counted.limit),
      windowMs: counted.windowMs,
    };
    let answer = await this.stateChecks.check(check);
    if (!answer.seeded) {
      // Redis lost its contents (restart): have identity rebuild them before trusting a miss.
      this.seeding ??= this.rpc
        .call('identity', IDENTITY_RPC.seedAuthState, {}, { idempotent: true })
        .then(() => undefined)
        .finally(() => {
          this.seeding = undefined;
        });
      await this.seeding;
      answer = await this.stateChecks.check(check);
      if (!answer.seeded)
        throw Errors.unavailable('Authentication state is unavailable.', 'auth_unavailable');
    }
    // Revoked, or a deleted client, a changed password, audience or scopes (every older token).
    if (!answer.valid) throw new TokenRejected('revoked');
    return check.limit > 0 ? { count: answer.count, ttlMs: answer.ttlMs } : undefined;
  }
}

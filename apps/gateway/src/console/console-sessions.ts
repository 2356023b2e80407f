import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  IDENTITY_RPC,
  type ApiClientCredentials,
  type PasskeyAuthenticationResponse,
  type PasskeyRequestOptions,
  type TokenRequest,
  type TokenView,
} from '@custody/contracts';
import { AppError, Errors, isAppError } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type ConsoleWho,
  csrfRejected,
  csrfTokenMatches,
  needsRefresh,
  sessionKey,
  sessionRequired,
  whoOf,
} from './console-session.rules';

/** What the gateway keeps of a console session, in Redis: the tokens never leave it. */
const storedSchema = z.object({
  accessToken: z.string(),
  /** Epoch ms. */
  accessIssuedAt: z.number(),
  accessExpiresAt: z.number(),
  refreshToken: z.string(),
  csrfToken: z.string(),
  who: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    tenantId: z.string(),
    scopes: z.array(z.string()).nullable(),
    enrollmentOnly: z.literal(true).optional(),
  }),
  /** Epoch ms: the session's end, whatever its tokens. */
  endsAt: z.number(),
});
type Stored = z.infer<typeof storedSchema>;

export interface ConsoleSession {
  /** The Redis key. */
  key: string;
  stored: Stored;
}

/** What the browser gets of its session: no token. */
export interface ConsoleSessionView {
  who: ConsoleWho;
  /** Sent back in X-CSRF-Token with every state-changing request. */
  csrfToken: string;
  endsAt: string;
}

export interface ConsoleSessionsOptions {
  rpc: RpcClient;
  redis: Redis;
  keyPrefix: string;
  /** The api client the console signs in through; undefined: console sign-in is off (503). */
  apiClient: ApiClientCredentials | undefined;
  /** A session's longest life. */
  lifetimeMs: number;
}

/** How long one replica may hold a session's refresh before another may try. */
const REFRESH_CLAIM_MS = 30_000;
/** How long a request waits for another replica's refresh of its session. */
const REFRESH_WAIT_MS = 10_000;
const REFRESH_POLL_MS = 50;

const newToken = () => randomBytes(32).toString('base64url');

/**
 * The console's sessions (docs/decisions/operator-console.md): the gateway signs in with the
 * console's api client, which only it knows, and keeps the tokens in Redis under a random
 * session id that the browser holds in an HttpOnly cookie. It refreshes the access token when it
 * is about to expire, one refresh per session at a time across replicas (a refresh token works
 * once: a second use would revoke the whole login).
 */
export class ConsoleSessions {
  /** This process's refreshes in flight, by session key: requests at once share one. */
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(private readonly options: ConsoleSessionsOptions) {}

  private redisKey(id: string): string {
    return `${this.options.keyPrefix}:auth:console-session:${sessionKey(id)}`;
  }

  private credentials(): ApiClientCredentials {
    if (!this.options.apiClient)
      throw new AppError(
        503,
        'console_not_configured',
        'Console sign-in is not configured on this server (CONSOLE_API_CLIENT_ID and CONSOLE_API_CLIENT_SECRET).',
      );
    return this.options.apiClient;
  }

  /** The password grant with the console's api client; answers the new session's id and view. */
  signIn(email: string, password: string): Promise<{ id: string; view: ConsoleSessionView }> {
    return this.open({ grant_type: 'password', username: email, password });
  }

  /** A sign-in challenge for a passkey, through the console's api client. */
  passkeyOptions(): Promise<PasskeyRequestOptions> {
    return this.options.rpc.call('identity', IDENTITY_RPC.passkeySignInOptions, {
      credentials: this.credentials(),
    });
  }

  /** The webauthn grant with the console's api client: a passkey's assertion over its challenge. */
  signInWithPasskey(
    assertion: PasskeyAuthenticationResponse,
  ): Promise<{ id: string; view: ConsoleSessionView }> {
    return this.open({ grant_type: 'urn:custody:webauthn', response: assertion });
  }

  private async open(request: TokenRequest): Promise<{ id: string; view: ConsoleSessionView }> {
    const tokens = await this.options.rpc.call('identity', IDENTITY_RPC.issueToken, {
      credentials: this.credentials(),
      request,
    });
    const id = newToken();
    const now = Date.now();
    const stored: Stored = {
      ...{},
      ...this.tokensOf(tokens, now),
      csrfToken: newToken(),
      endsAt: now + this.options.lifetimeMs,
    };
    await this.options.redis.set(
      this.redisKey(id),
      JSON.stringify(stored),
      'PX',
      this.options.lifetimeMs,
    );
    return { id, view: viewOf(stored) };
  }

  /** The session of this id, if it is still on. */
  async find(id: string | undefined): Promise<ConsoleSession | undefined> {
    if (id === undefined) return undefined;
    const key = this.redisKey(id);
    const stored = await this.read(key);
    return stored ? { key, stored } : undefined;
  }

  view(session: ConsoleSession): ConsoleSessionView {
    return viewOf(session.stored);
  }

  /** 403 `csrf_rejected` unless `sent` is the session's CSRF token. */
  checkCsrf(session: ConsoleSession, sent: string | undefined): void {
    if (!csrfTokenMatches(sent, session.stored.csrfToken))
      throw csrfRejected(
        sent === undefined ? 'no CSRF token was sent' : "the CSRF token is not the session's",
      );
  }

  /**
   * A valid access token of the session, refreshed first when it is about to expire. A refused
   * refresh (the refresh token expired or revoked, the client's password changed) ends the
   * session: 401 `session_required`.
   */
  async accessToken(session: ConsoleSession): Promise<string> {
    const { stored, key } = session;
    if (!needsRefresh(tokenTimes(stored), Date.now())) return stored.accessToken;
    const inFlight = this.refreshing.get(key);
    if (inFlight) return inFlight;
    const refresh = this.refresh(session).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, refresh);
    return refresh;
  }

  /** Revokes the session's refresh token (and its login) and access token, then forgets it. */
  async signOut(session: ConsoleSession): Promise<void> {
    const credentials = this.credentials();
    const revoke = (token: string) =>
      this.options.rpc.call('identity', IDENTITY_RPC.revokeToken, { credentials, token });
    try {
      await Promise.all([revoke(session.stored.refreshToken), revoke(session.stored.accessToken)]);
    } finally {
      await this.options.redis.del(session.key);
    }
  }

  private async read(key: string): Promise<Stored | undefined> {
    const raw = await this.options.redis.get(key);
    if (raw === null) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return undefined;
    }
    const parsed = storedSchema.safeParse(json);
    return parsed.success && parsed.data.endsAt > Date.now() ? parsed.data : undefined;
  }

  private tokensOf(tokens: TokenView, now: number) {
    return {
      accessToken: tokens.access_token,
      accessIssuedAt: now,
      accessExpiresAt: now + Number(tokens.expires_in) * 1000,
      refreshToken: tokens.refresh_token,
      who: whoOf(tokens),
    };
  }

  private async refresh(session: ConsoleSession): Promise<string> {
    const { redis } = this.options;
    const claim = `${session.key}:refreshing`;
    if ((await redis.set(claim, '1', 'PX', REFRESH_CLAIM_MS, 'NX')) !== 'OK')
      return this.refreshedElsewhere(session);
    try {
      let tokens: TokenView;
      try {
        tokens = await this.options.rpc.call('identity', IDENTITY_RPC.issueToken, {
          credentials: this.credentials(),
          request: { grant_type: 'refresh_token', refresh_token: session.stored.refreshToken },
        });
      } catch (error) {
        // Identity refused the refresh token or the login: the session is over. Anything else
        // (identity unreachable) leaves it, to be tried again.
        if (isAppError(error) && (error.status === 401 || error.status === 403)) {
          await redis.del(session.key);
          throw sessionRequired();
        }
        throw error;
      }
      const next: Stored = { ...{}, ...session.stored, ...this.tokensOf(tokens, Date.now()) };
      const ttl = next.endsAt - Date.now();
      // Only while the session is still there: a sign-out meanwhile stays a sign-out.
      const kept =
        ttl > 0 && (await redis.set(session.key, JSON.stringify(next), 'PX', ttl, 'XX')) === 'OK';
      if (!kept) {
        await this.options.rpc
          .call('identity', IDENTITY_RPC.revokeToken, {
            credentials: this.credentials(),
            token: tokens.refresh_token,
          })
          .catch(() => undefined);
        throw sessionRequired();
      }
      return next.accessToken;
    } finally {
      await redis.del(claim);
    }
  }

  /**
   * Another replica refreshes this session: its old access token while it still works, else the
   * new one once stored.
   */
  private async refreshedElsewhere(session: ConsoleSession): Promise<string> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    for (;;) {
      const stored = await this.read(session.key);
      if (!stored) throw sessionRequired();
      if (stored.accessToken !== session.stored.accessToken) return stored.accessToken;
      if (stored.accessExpiresAt > Date.now() + 1_000) return stored.accessToken;
      if (Date.now() > deadline) throw Errors.unavailable('The session is being refreshed; retry.');
      await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
    }
  }
}

function tokenTimes(stored: Stored) {
  return { issuedAt: stored.accessIssuedAt, expiresAt: stored.accessExpiresAt };
}

function viewOf(stored: Stored): ConsoleSessionView {
  return {
    who: stored.who,
    csrfToken: stored.csrfToken,
    endsAt: new Date(stored.endsAt).toISOString(),
  };
}

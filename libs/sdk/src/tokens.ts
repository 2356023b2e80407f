import { CustodyError } from './errors.js';
import type { operations } from './generated/v1.js';

/** Where the SDK's middleware gets the bearer token of each request. */
export interface TokenSource {
  /** A valid access token, renewed first when it is about to expire; undefined when there is none. */
  accessToken(): Promise<string | undefined>;
  /**
   * The API refused `rejected` as expired (401 `token_expired`): get a new token. False when no
   * new one can be had. Requests that were refused together share one renewal.
   */
  renew?(rejected: string): Promise<boolean>;
}

/** An access token and the moment it stops working (epoch ms). */
export interface IssuedToken {
  token: string;
  expiresAt: number;
}

export interface ManagedTokenOptions {
  /** Renew this long before expiry (default: a fifth of the token's life, at most 60 s). */
  refreshMarginMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * One access token kept fresh: renewed through `obtain` once it is within the margin of its
 * expiry, by one call however many requests ask at once (a refresh token is single-use).
 */
export class ManagedToken implements TokenSource {
  private current: (IssuedToken & { renewAt: number }) | undefined;
  private inFlight: Promise<IssuedToken> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly obtain: () => Promise<IssuedToken>,
    private readonly options: ManagedTokenOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Keeps a token obtained elsewhere (a login). */
  set(issued: IssuedToken): void {
    const lifetime = Math.max(0, issued.expiresAt - this.now());
    const margin = Math.min(
      this.options.refreshMarginMs ?? Math.min(60_000, lifetime / 5),
      lifetime / 2,
    );
    this.current = { ...{}, ...issued, renewAt: issued.expiresAt - margin };
  }

  clear(): void {
    this.current = undefined;
  }

  get token(): IssuedToken | undefined {
    return this.current
      ? { token: this.current.token, expiresAt: this.current.expiresAt }
      : undefined;
  }

  async accessToken(): Promise<string | undefined> {
    const current = this.current;
    if (current && this.now() < current.renewAt) return current.token;
    try {
      return (await this.renewNow()).token;
    } catch (error) {
      // A renewal that failed while the token still works: use it, and try again next time.
      if (current && this.now() < current.expiresAt) return current.token;
      throw error;
    }
  }

  async renew(rejected: string): Promise<boolean> {
    if (this.current && this.current.token !== rejected && this.now() < this.current.renewAt)
      return true;
    try {
      await this.renewNow();
      return true;
    } catch {
      return false;
    }
  }

  /** Renews now (one call for every concurrent caller) and keeps the result. */
  renewNow(): Promise<IssuedToken> {
    this.inFlight ??= this.obtain()
      .then((issued) => {
        this.set(issued);
        return issued;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}

/** The answer of `POST /v1/tokens`. */
export type TokenResponse =
  operations['createToken']['responses'][201]['content']['application/json'];
/** The body of `POST /v1/tokens`. */
export type TokenRequest = NonNullable<
  operations['createToken']['requestBody']
>['content']['application/json'];

export interface PasswordCredentials {
  /** The client's e-mail (the grant's `username`). */
  email: string;
  password: string;
  /** Bind the tokens to one end user of the tenant. */
  userId?: string;
}

export interface ClientTokensOptions extends ManagedTokenOptions {
  /** Sends a token request (`POST /v1/tokens` with the api client's Basic credentials). */
  grant: (request: TokenRequest) => Promise<TokenResponse>;
  /** Called with every token answer: keep `refresh_token` to resume after a restart. */
  onTokens?: (tokens: TokenResponse) => void;
  /**
   * Keep the password of `login` in memory, to log in again when the refresh token is refused
   * (revoked, expired, reused). Default true.
   */
  rememberPassword?: boolean;
}

/**
 * The v1 tokens of one client: the password grant, the refresh-token grant before the access
 * token expires (and when the API says it did), the refresh token rotated on every use.
 */
export class ClientTokens implements TokenSource {
  private readonly managed: ManagedToken;
  private readonly now: () => number;
  private refreshToken: string | undefined;
  private credentials: PasswordCredentials | undefined;
  private userId: string | undefined;
  private lastResponse: TokenResponse | undefined;

  constructor(private readonly options: ClientTokensOptions) {
    this.now = options.now ?? Date.now;
    this.managed = new ManagedToken(() => this.renewal(), options);
  }

  /** The password grant. */
  async login(credentials: PasswordCredentials): Promise<TokenResponse> {
    const response = await this.options.grant({
      ...{},
      grant_type: 'password',
      username: credentials.email,
      password: credentials.password,
      ...(credentials.userId ? { userId: credentials.userId } : {}),
    });
    if (this.options.rememberPassword !== false) this.credentials = credentials;
    this.userId = credentials.userId;
    return this.keep(response);
  }

  /** The refresh-token grant with a refresh token kept from an earlier session. */
  async fromRefreshToken(refreshToken: string, userId?: string): Promise<TokenResponse> {
    this.refreshToken = refreshToken;
    this.userId = userId;
    this.credentials = undefined;
    await this.managed.renewNow();
    return this.lastResponse as TokenResponse;
  }

  /** The last token answer (its `client`, `refresh_token`, …), if logged in. */
  get session(): TokenResponse | undefined {
    return this.lastResponse;
  }

  /** The refresh token to keep, and forgets everything here (revoke it with the API first). */
  clear(): string | undefined {
    const refreshToken = this.refreshToken;
    this.managed.clear();
    this.refreshToken = undefined;
    this.credentials = undefined;
    this.lastResponse = undefined;
    return refreshToken;
  }

  accessToken(): Promise<string | undefined> {
    if (!this.managed.token && !this.refreshToken && !this.credentials)
      return Promise.resolve(undefined);
    return this.managed.accessToken();
  }

  renew(rejected: string): Promise<boolean> {
    return this.managed.renew(rejected);
  }

  private keep(response: TokenResponse): TokenResponse {
    this.lastResponse = response;
    this.refreshToken = response.refresh_token;
    this.managed.set({
      token: response.access_token,
      expiresAt: this.now() + Number(response.expires_in) * 1000,
    });
    this.options.onTokens?.(response);
    return response;
  }

  /** A new access token: the refresh grant, else (refused, or none) the password grant again. */
  private async renewal(): Promise<IssuedToken> {
    let failure: unknown;
    if (this.refreshToken) {
      try {
        const response = await this.options.grant({
          ...{},
          grant_type: 'refresh_token',
          refresh_token: this.refreshToken,
          ...(this.userId ? { userId: this.userId } : {}),
        });
        this.keep(response);
        return this.managed.token as IssuedToken;
      } catch (error) {
        // Refused for good (400/401/403): a password can still start a new family.
        const refused = error instanceof CustodyError && error.status >= 400 && error.status < 500;
        if (!refused || !this.credentials) throw error;
        failure = error;
      }
    }
    if (!this.credentials) {
      throw (
        failure ??
        new CustodyError({
          status: 0,
          code: 'not_authenticated',
          message: 'Log in first (login or fromRefreshToken).',
        })
      );
    }
    await this.login(this.credentials);
    return this.managed.token as IssuedToken;
  }
}

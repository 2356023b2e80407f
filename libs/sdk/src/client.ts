import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { CustodyError, unwrap, type FetchResult } from './errors.js';
import type { FeedEvent, FollowOptions } from './events.js';
import type { paths } from './generated/v1.js';
import { linkUrl } from './link.js';
import {
  bearerAuthMiddleware,
  idempotencyMiddleware,
  networkErrorMiddleware,
} from './middleware.js';
import { retryingFetch, retryWhenNotRun, sleep, type RetryOptions } from './retry.js';
import {
  ClientTokens,
  type PasswordCredentials,
  type TokenRequest,
  type TokenResponse,
  type TokenSource,
} from './tokens.js';
import type { DataMethod, GetInit, InitParam, ListItem, ListPath } from './types.js';

/** The api client (the app): sent as HTTP Basic on the token endpoint. */
export interface ApiClientCredentials {
  id: string;
  secret: string;
}

export interface CustodyClientOptions {
  /** The gateway's origin, e.g. `https://api.example.com`; the client adds `/v1`. */
  baseUrl: string;
  /** The api client's id and secret: `POST /v1/tokens` needs them (login and refresh). */
  apiClient?: ApiClientCredentials;
  /** Another source of access tokens, instead of `login`/`fromRefreshToken`. */
  tokens?: TokenSource;
  /** Retries on network errors, 5xx and 409 `idempotency_in_progress`. */
  retry?: RetryOptions;
  /** Refresh this long before the access token expires (default: a fifth of its life, ≤ 60 s). */
  refreshMarginMs?: number;
  /** Called with every token answer (keep `refresh_token` to resume after a restart). */
  onTokens?: (tokens: TokenResponse) => void;
  /** Keep the login password in memory to log in again when a refresh is refused (default true). */
  rememberPassword?: boolean;
  /** The wait between polls of an empty event feed (default 2,000 ms). */
  pollIntervalMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The transport under the retries (default `globalThis.fetch`). */
  fetch?: (request: Request) => Promise<Response>;
  /** The clock (tests). */
  now?: () => number;
}

/** An iteration over every item of a list, page after page, that can be stopped. */
export type ItemIterator<T> = AsyncIterableIterator<T>;

/** The event feed being followed; `cursor` is where a new feed would resume. */
export interface EventFeed extends AsyncGenerator<FeedEvent, void, undefined> {
  /** The cursor after the last page whose events were all yielded. */
  readonly cursor: string | undefined;
}

export interface CustodyClient {
  /** The openapi-fetch client of `/v1` (typed from the OpenAPI document), with the middleware. */
  readonly raw: Client<paths>;
  /** The client's tokens. */
  readonly tokens: ClientTokens;
  /** The password grant (with the api client's credentials). */
  login(credentials: PasswordCredentials): Promise<TokenResponse>;
  /** Resumes a session from a refresh token kept earlier (the refresh-token grant). */
  fromRefreshToken(refreshToken: string, userId?: string): Promise<TokenResponse>;
  /** Revokes the refresh token (RFC 7009) and forgets the session. */
  logout(): Promise<void>;
  /** GET, answering the data of a 2xx answer; anything else throws `CustodyError`. */
  get: DataMethod<paths, 'get'>;
  post: DataMethod<paths, 'post'>;
  put: DataMethod<paths, 'put'>;
  patch: DataMethod<paths, 'patch'>;
  delete: DataMethod<paths, 'delete'>;
  /** Every item of a list, following the `Link` rel="next" of each page. */
  list<P extends ListPath<paths>>(
    path: P,
    ...init: InitParam<GetInit<paths, P>>
  ): ItemIterator<ListItem<paths, P>>;
  readonly events: {
    /** Follows the event feed: every event after `after`, then new ones as they come. */
    follow(options?: FollowOptions): EventFeed;
  };
}

/** Any GET by absolute URL (the next page of a list), through the same middleware. */
interface LinkPaths {
  '': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: {
        200: { headers: { [name: string]: unknown }; content: { 'application/json': unknown } };
        default: {
          headers: { [name: string]: unknown };
          content: { 'application/problem+json': unknown };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

type LooseMethod = (url: string, init?: object) => Promise<FetchResult<unknown>>;

function basicAuth(credentials: ApiClientCredentials): string {
  const bytes = new TextEncoder().encode(`${credentials.id}:${credentials.secret}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/**
 * A client of the custody API v1: openapi-fetch over the generated types, with bearer tokens
 * (password and refresh grants, refreshed before they expire), an Idempotency-Key on every POST
 * kept across its retries, retries with backoff, `CustodyError`, lists and the event feed.
 */
export function createCustodyClient(options: CustodyClientOptions): CustodyClient {
  const origin = options.baseUrl.replace(/\/+$/, '');
  const apiBase = `${origin}/v1`;
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const fetch = retryingFetch(options.retry, undefined, transport);
  const clientOptions = {
    baseUrl: apiBase,
    fetch,
    ...(options.headers ? { headers: options.headers } : {}),
  };

  // The token endpoint: Basic credentials, no bearer. A refresh token is single-use, so the
  // refresh grant is retried only when it surely did not run.
  const grants = createClient<paths>(clientOptions);
  grants.use(networkErrorMiddleware());
  const refreshFetch = retryingFetch(options.retry, retryWhenNotRun, transport);
  const appCredentials = (): string => {
    if (!options.apiClient) {
      throw new CustodyError({
        status: 0,
        code: 'api_client_required',
        message: 'The token endpoint needs the api client: pass `apiClient: { id, secret }`.',
      });
    }
    return basicAuth(options.apiClient);
  };
  const grant = async (body: TokenRequest): Promise<TokenResponse> =>
    unwrap(
      await grants.POST('/tokens', {
        body,
        headers: { Authorization: appCredentials() },
        ...(body.grant_type === 'refresh_token' ? { fetch: refreshFetch } : {}),
      }),
    );

  const tokens = new ClientTokens({
    grant,
    ...(options.onTokens ? { onTokens: options.onTokens } : {}),
    ...(options.rememberPassword !== undefined
      ? { rememberPassword: options.rememberPassword }
      : {}),
    ...(options.refreshMarginMs !== undefined ? { refreshMarginMs: options.refreshMarginMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const source: TokenSource = options.tokens ?? tokens;
  const middleware: Middleware[] = [
    networkErrorMiddleware(),
    idempotencyMiddleware(),
    bearerAuthMiddleware((schemaPath) => (schemaPath.startsWith('/tokens') ? undefined : source)),
  ];

  const raw = createClient<paths>(clientOptions);
  raw.use(...middleware);
  const byLink = createClient<LinkPaths>(clientOptions);
  byLink.use(...middleware);

  const data =
    (method: LooseMethod) =>
    async (url: string, init?: object): Promise<unknown> =>
      unwrap(await method(url, init));
  const loose = raw as unknown as Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', LooseMethod>;

  /** The next page's URL, refused when it leaves the API's origin (the bearer token stays home). */
  const nextPage = (response: Response): URL | undefined => {
    const next = linkUrl(response.headers.get('link'), 'next', response.url || apiBase);
    if (next && next.origin !== new URL(apiBase).origin) {
      throw new CustodyError({
        status: 0,
        code: 'foreign_link',
        message: `The next page is on another origin (${next.origin}); not followed.`,
      });
    }
    return next;
  };

  async function* listItems(path: string, init?: object): AsyncGenerator<unknown> {
    let result = await loose.GET(path, init);
    for (;;) {
      const items = unwrap(result);
      if (!Array.isArray(items)) {
        throw new CustodyError({
          status: result.response.status,
          code: 'not_a_list',
          message: `${path} did not answer a JSON array.`,
        });
      }
      yield* items;
      const next = nextPage(result.response);
      if (!next || items.length === 0) return;
      const search = next.search.replace(/^\?/, '');
      result = await byLink.GET('', {
        baseUrl: `${next.origin}${next.pathname}`,
        querySerializer: () => search,
      });
    }
  }

  function follow(followOptions: FollowOptions = {}): EventFeed {
    const signal = followOptions.signal;
    const pollIntervalMs = followOptions.pollIntervalMs ?? options.pollIntervalMs ?? 2_000;
    const types = followOptions.types?.length ? followOptions.types.join(',') : undefined;
    const state = { cursor: followOptions.after };
    async function* run(): AsyncGenerator<FeedEvent> {
      try {
        while (!signal?.aborted) {
          const query = {
            ...{},
            ...(state.cursor !== undefined ? { after: state.cursor } : {}),
            ...(types !== undefined ? { types } : {}),
            ...(followOptions.limit !== undefined ? { limit: String(followOptions.limit) } : {}),
          };
          const result = await raw.GET('/events', {
            params: { query },
            ...(signal ? { signal } : {}),
          });
          const items: FeedEvent[] = unwrap(result);
          // The next page's cursor; the same one again when nothing new was recorded yet.
          const next = nextPage(result.response)?.searchParams.get('after') ?? state.cursor;
          yield* items;
          state.cursor = next;
          if (items.length === 0) await sleep(pollIntervalMs, signal);
        }
      } catch (error) {
        if (signal?.aborted) return;
        throw error;
      }
    }
    const iterator = run();
    return Object.defineProperty(iterator, 'cursor', {
      get: () => state.cursor,
      enumerable: true,
    }) as unknown as EventFeed;
  }

  return {
    raw,
    tokens,
    login: (credentials) => tokens.login(credentials),
    fromRefreshToken: (refreshToken, userId) => tokens.fromRefreshToken(refreshToken, userId),
    async logout() {
      const refreshToken = tokens.session?.refresh_token;
      if (refreshToken) {
        unwrap(
          await grants.POST('/tokens/revoke', {
            body: { token: refreshToken },
            headers: { Authorization: appCredentials() },
          }),
        );
      }
      tokens.clear();
    },
    get: data(loose.GET) as unknown as DataMethod<paths, 'get'>,
    post: data(loose.POST) as unknown as DataMethod<paths, 'post'>,
    put: data(loose.PUT) as unknown as DataMethod<paths, 'put'>,
    patch: data(loose.PATCH) as unknown as DataMethod<paths, 'patch'>,
    delete: data(loose.DELETE) as unknown as DataMethod<paths, 'delete'>,
    list: ((path: string, init?: object) => listItems(path, init)) as CustodyClient['list'],
    events: { follow },
  };
}

import createClient, { type Client } from 'openapi-fetch';
import { CustodyError, unwrap, type FetchResult } from './errors.js';
import type { paths as V2Paths } from './generated/v2.js';
import {
  bearerAuthMiddleware,
  idempotencyMiddleware,
  networkErrorMiddleware,
} from './middleware.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import { type IssuedToken, ManagedToken, type TokenSource } from './tokens.js';
import type { DataMethod, GetInit, InitParam, JsonOf, PathsWith } from './types.js';

export type { V2Paths };

/** The issuer's credentials, as `POST /v2/issuers` (or a rotation) gave them. */
export interface IssuerCredentials {
  id: string;
  secret: string;
}

export interface IssuerClientOptions {
  /** The gateway's origin, e.g. `https://api.example.com`; the client adds `/v2`. */
  baseUrl: string;
  /** The issuer's id and secret: its token (15 minutes) is obtained and renewed with them. */
  issuer?: IssuerCredentials;
  /**
   * An admin's v1 tokens (`createCustodyClient(…).tokens` after an admin login), for the
   * provisioning operations: create and list issuers, rotate a secret.
   */
  admin?: TokenSource;
  retry?: RetryOptions;
  /** Renew the issuer token this long before it expires (default: a fifth of its life, ≤ 60 s). */
  refreshMarginMs?: number;
  headers?: Record<string, string>;
  fetch?: (request: Request) => Promise<Response>;
  now?: () => number;
}

/** The v2 lists: GET paths answering `{ data: T[], meta: { page, pageCount, … } }`. */
export type IssuerListPath = {
  [P in PathsWith<V2Paths, 'get'>]: V2Paths[P] extends { get: { responses: { 200: infer R } } }
    ? JsonOf<R> extends { data: readonly unknown[]; meta: { pageCount: number } }
      ? P
      : never
    : never;
}[PathsWith<V2Paths, 'get'>];

export type IssuerListItem<P> = P extends keyof V2Paths
  ? V2Paths[P] extends { get: { responses: { 200: infer R } } }
    ? JsonOf<R> extends { data: readonly (infer I)[] }
      ? I
      : never
    : never
  : never;

export interface IssuerClient {
  /** The openapi-fetch client of `/v2`, typed from the v2 document, with the middleware. */
  readonly raw: Client<V2Paths>;
  /** The issuer's token, kept fresh (undefined without `issuer` credentials). */
  readonly tokens: ManagedToken | undefined;
  /** Authenticates now (`POST /v2/issuers/auth`) and answers the access token. */
  authenticate(): Promise<string>;
  get: DataMethod<V2Paths, 'get'>;
  post: DataMethod<V2Paths, 'post'>;
  /** Every item of a v2 list, page after page (`page` 1…`meta.pageCount`). */
  list<P extends IssuerListPath>(
    path: P,
    ...init: InitParam<GetInit<V2Paths, P>>
  ): AsyncIterableIterator<IssuerListItem<P>>;
}

/** The operations that take an admin's v1 token; `/issuers/auth` takes none, the rest the issuer's. */
const ADMIN_PATHS: ReadonlySet<keyof V2Paths> = new Set<keyof V2Paths>([
  '/issuers',
  '/issuers/{clientIssuerId}/rotate-secret',
]);
const ISSUER_TOKEN_MINUTES = 15;

/** The `exp` of a JWT (epoch ms), read without verifying it (the API does that). */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

type LooseMethod = (url: string, init?: object) => Promise<FetchResult<unknown>>;

/**
 * A client of the issuer API (v2): its own token flow (issuer id and secret → a 15-minute
 * token, renewed before it expires and on 401 `token_expired`), the same retries, Idempotency-Key
 * and `CustodyError` as the v1 client.
 */
export function createIssuerClient(options: IssuerClientOptions): IssuerClient {
  const baseUrl = `${options.baseUrl.replace(/\/+$/, '')}/v2`;
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const clientOptions = {
    baseUrl,
    fetch: retryingFetch(options.retry, undefined, transport),
    ...(options.headers ? { headers: options.headers } : {}),
  };
  const now = options.now ?? Date.now;

  const auth = createClient<V2Paths>(clientOptions);
  auth.use(networkErrorMiddleware());
  const credentials = options.issuer;
  const obtain = async (): Promise<IssuedToken> => {
    if (!credentials) {
      throw new CustodyError({
        status: 0,
        code: 'issuer_credentials_required',
        message: 'Pass `issuer: { id, secret }` to call the issuer operations.',
      });
    }
    const { accessToken } = unwrap(
      await auth.POST('/issuers/auth', {
        body: { id: credentials.id, secret: credentials.secret },
      }),
    );
    return {
      token: accessToken,
      expiresAt: jwtExpiry(accessToken) ?? now() + ISSUER_TOKEN_MINUTES * 60_000,
    };
  };
  const tokens = credentials
    ? new ManagedToken(obtain, {
        ...(options.refreshMarginMs !== undefined
          ? { refreshMarginMs: options.refreshMarginMs }
          : {}),
        now,
      })
    : undefined;

  const raw = createClient<V2Paths>(clientOptions);
  raw.use(
    networkErrorMiddleware(),
    idempotencyMiddleware(),
    bearerAuthMiddleware((schemaPath) => {
      if (schemaPath === '/issuers/auth') return undefined;
      return ADMIN_PATHS.has(schemaPath as keyof V2Paths) ? options.admin : tokens;
    }),
  );
  const loose = raw as unknown as Record<'GET' | 'POST', LooseMethod>;
  const data =
    (method: LooseMethod) =>
    async (url: string, init?: object): Promise<unknown> =>
      unwrap(await method(url, init));

  async function* pages(path: string, init?: { params?: { query?: object } }) {
    const query = { ...{}, ...(init?.params?.query ?? {}) } as Record<string, unknown>;
    let page = Number(query['page'] ?? 1);
    for (;;) {
      const body = unwrap(
        await loose.GET(path, {
          ...{},
          ...init,
          params: { ...{}, ...init?.params, query: { ...{}, ...query, page: String(page) } },
        }),
      ) as { data: unknown[]; meta: { pageCount: number } };
      yield* body.data;
      if (body.data.length === 0 || page >= body.meta.pageCount) return;
      page += 1;
    }
  }

  return {
    raw,
    tokens,
    async authenticate() {
      if (!tokens) return (await obtain()).token;
      return (await tokens.renewNow()).token;
    },
    get: data(loose.GET) as unknown as DataMethod<V2Paths, 'get'>,
    post: data(loose.POST) as unknown as DataMethod<V2Paths, 'post'>,
    list: ((path: string, init?: { params?: { query?: object } }) =>
      pages(path, init)) as IssuerClient['list'],
  };
}

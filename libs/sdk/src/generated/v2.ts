// Generated from the gateway's v2 OpenAPI document by openapi-typescript.
// Do not edit: run `node --import tsx tools/sdk/generate.ts` (libs/sdk/README.md).

export interface paths {
  '/issuers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List issuers (admin; extension)
     * @description Lists the issuers (admin only; extension), without their secrets. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listIssuers'];
    put?: never;
    /**
     * Provision an issuer with a custodial signing key (admin; extension)
     * @description Provisions an issuer (admin only; extension): the signing service derives its custodial EVM key, and the answer shows the issuer's id, key address and secret, the only time the secret is shown. Takes an Idempotency-Key handled with the issuer's creation: a retry replays the issuer without its secret (it is stored only as a hash), never a second issuer. No errors of its own beyond the common ones.
     */
    post: operations['createIssuer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace an issuer's secret; older tokens stop working (admin; extension)
     * @description Replaces an issuer's secret (admin only; extension) and shows the new one once; the old secret and every issuer token issued under it stop working at once (401 `token_revoked`). Takes an Idempotency-Key handled with the rotation: a retry replays the issuer without the secret rather than rotating again. Errors: 404 `not_found` for an unknown issuer.
     */
    post: operations['rotateIssuerSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/auth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issuer id and secret → an issuer access token (JWT, 15 minutes)
     * @description Exchanges an issuer's id and secret for an issuer access token (an EdDSA JWT valid 15 minutes) that the other version 2 operations take on the issuer's own paths. It changes nothing; every call issues a new token, and Idempotency-Key is not used. Errors: 401 `invalid_credentials` (an unknown id or a wrong secret answer the same); 429 per IP, as every attempt counts.
     */
    post: operations['authenticateIssuer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/issues': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the issuer's issues (extension)
     * @description Lists the calling issuer's issues (extension), a page at a time (`take`, `page`). Changes nothing and is safe to repeat. Errors: 403 `issuer_forbidden` (another issuer's path); 401 `token_revoked` or `token_invalid` as for every issuer operation.
     */
    get: operations['listIssues'];
    put?: never;
    /**
     * Create an issue (extension)
     * @description Creates an issue of the calling issuer (extension), to which activities and holders belong. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 403 `issuer_forbidden` (another issuer's path); 401 `token_revoked` (the issuer's secret was rotated) or `token_invalid` (the issuer no longer exists).
     */
    post: operations['createIssue'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/issues/{clientIssueId}/activities/message': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish a message activity to the holders of an issue
     * @description Publishes a message activity (a name, description and information link) to an issue: it is recorded `APPROVED`, unread, and announced by `issuer-activity.is-created` to the tenant's receivers. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` for an unknown issue of the issuer; 403 `issuer_forbidden` (another issuer's path).
     */
    post: operations['createMessageActivity'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/issues/{clientIssueId}/activities/request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish a request activity: EIP-712 data signed with the issuer's key
     * @description Publishes a request activity: its EIP-712 typed data (`dataStructured`) is signed with the issuer's custodial key, and the activity is recorded `APPROVED` with the signature and announced by `issuer-activity.is-created`. The `issuer-activity` policies of the issuer's tenant and of the platform decide first, with the amount the data grants where it names one (a permit's or voucher's `value`/`amount`, in its token's units; unlimited or outside the catalog, every amount rule matches): 403 `policy_blocked` when one refuses it (nothing recorded or signed), or it is recorded `PENDING_APPROVAL` unsigned and answered with `status` and `approvalId`, then signed and announced at its approval's quorum (`REJECTED` and never signed on a rejection or expiry). The signer signs only with the policy service's decision for exactly this data. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` for an unknown issue of the issuer; 400 `validation_failed` (no `dataStructured`) or `invalid_typed_data`; 403 `policy_blocked` (with `policyIds`), `issuer_forbidden` or a refused decision (`decision_refused`).
     */
    post: operations['createRequestActivity'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/issues/{clientIssueId}/activities/{clientIssueActivityId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an activity; the first read marks it `readed`
     * @description Reads one activity of an issue, with its signed typed data for a request activity (null while a policy holds it: `PENDING_APPROVAL` with its `approvalId`). The first read marks it `readed` (the answer shows it read); later reads change nothing. Errors: 404 `not_found` for an unknown activity or issue; 403 `issuer_forbidden`.
     */
    get: operations['getActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/issues/{clientIssueId}/activities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an issue's activities
     * @description Lists an issue's activities; filter by `name`, `readed` and `type`, sort by `sortColumn` and `sortOrder`, page with `take` and `page`. Changes nothing (listing does not mark them read); safe to repeat. Errors: 404 `not_found` for an unknown issue of the issuer; 403 `issuer_forbidden`.
     */
    get: operations['listActivities'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/issuers/{clientIssuerId}/issues/{clientIssueId}/holders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an issue's holders (extension)
     * @description Lists an issue's holders (extension), a page at a time. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown issue of the issuer; 403 `issuer_forbidden`.
     */
    get: operations['listHolders'];
    put?: never;
    /**
     * Add a holder (an EVM address) to an issue
     * @description Adds a holder, a name and an EVM address (stored checksummed), to an issue and answers it. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Without a key, a retry answers 409 `holder_exists`. Errors: 404 `not_found` for an unknown issue of the issuer; 400 `validation_failed` (not an EVM address); 409 `holder_exists` (the address holds the issue already, in any letter case); 403 `issuer_forbidden`.
     */
    post: operations['createHolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description RFC 9457 problem details */
    Problem: {
      /**
       * Format: uri
       * @description `https://docs.custody.dev/problems/` and the code, with `-` for `_`
       */
      type: string;
      /** @enum {string} */
      title:
        | 'Bad Request'
        | 'Unauthorized'
        | 'Forbidden'
        | 'Not Found'
        | 'Method Not Allowed'
        | 'Conflict'
        | 'Content Too Large'
        | 'Unsupported Media Type'
        | 'Unprocessable Content'
        | 'Too Many Requests'
        | 'Request Header Fields Too Large'
        | 'Internal Server Error'
        | 'Bad Gateway'
        | 'Service Unavailable'
        | 'Gateway Timeout'
        | 'Error';
      /** Format: int32 */
      status: number;
      detail: string;
      /**
       * @description Stable snake_case error code: one of the "Error codes" of `info.description`
       * @example validation_failed
       */
      code: string;
      /** @description The request path */
      instance?: string;
      errors?: {
        path: string;
        message: string;
      }[];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description The current window: requests allowed, requests left and seconds until it ends. Sent on every response to a counted request (not when the limit is configured off, nor when a token is refused before counting). */
    RateLimit: string;
    /** @description The quota: requests per 60-second window (`w=60`). */
    'RateLimit-Policy': string;
    /** @description Seconds until the window ends and requests are accepted again. */
    'Retry-After': number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listIssuers: {
    parameters: {
      query?: {
        page?: string;
        /** @description Records per page, 1–100 (10) */
        take?: string;
        /** @description Field to sort by (createdAt) */
        sortColumn?: 'createdAt' | 'updatedAt' | 'name';
        /** @description ASC or DESC (DESC) */
        sortOrder?: 'ASC' | 'DESC';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of issuers */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              /** @description EVM address of the issuer's custodial signing key */
              address: string;
            }[];
            meta: {
              /** Format: int64 */
              page: number;
              /** Format: int64 */
              take: number;
              /** Format: int64 */
              itemCount: number;
              /** Format: int64 */
              pageCount: number;
            };
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createIssuer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Created, with its secret */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string;
            /** @description EVM address of the issuer's custodial signing key */
            address: string;
            /** @description Shown only in the answer that made it; absent from an Idempotency-Key replay of that answer (stored as a hash only: a lost secret is rotated) */
            secret?: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  rotateIssuerSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new secret */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string;
            /** @description EVM address of the issuer's custodial signing key */
            address: string;
            /** @description Shown only in the answer that made it; absent from an Idempotency-Key replay of that answer (stored as a hash only: a lost secret is rotated) */
            secret?: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  authenticateIssuer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          id: string;
          secret: string;
        };
      };
    };
    responses: {
      /** @description Send it as `Authorization: Bearer <accessToken>` on the issuer paths */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            accessToken: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listIssues: {
    parameters: {
      query?: {
        page?: string;
        /** @description Records per page, 1–100 (10) */
        take?: string;
        /** @description Field to sort by (createdAt) */
        sortColumn?: 'createdAt' | 'updatedAt' | 'name';
        /** @description ASC or DESC (DESC) */
        sortOrder?: 'ASC' | 'DESC';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of issues */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              description: string | null;
            }[];
            meta: {
              /** Format: int64 */
              page: number;
              /** Format: int64 */
              take: number;
              /** Format: int64 */
              itemCount: number;
              /** Format: int64 */
              pageCount: number;
            };
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string;
            description: string | null;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createMessageActivity: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
        clientIssueId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description: string;
          /**
           * Format: uri
           * @description Where holders read more (http or https URL)
           */
          infoUrl: string;
        };
      };
    };
    responses: {
      /** @description Created */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * @description Extension, a REQUEST a policy held only: `PENDING_APPROVAL`
             * @enum {string}
             */
            status?: 'APPROVED' | 'PENDING_APPROVAL' | 'REJECTED' | 'FAILED';
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createRequestActivity: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
        clientIssueId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description?: string;
          /**
           * Format: uri
           * @description Where holders read more (http or https URL)
           */
          infoUrl?: string;
          /** @description EIP-712 `{domain, types, value}`; `value.primaryType` may name the root */
          dataStructured: {
            domain: {
              name?: string;
              version?: string;
              chainId?: string | number;
              verifyingContract?: string;
              salt?: string;
            };
            types: {
              [key: string]: {
                name: string;
                type: string;
              }[];
            };
            value: {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    responses: {
      /** @description Created and signed, or held for approval (`PENDING_APPROVAL`, `approvalId`) */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * @description Extension, a REQUEST a policy held only: `PENDING_APPROVAL`
             * @enum {string}
             */
            status?: 'APPROVED' | 'PENDING_APPROVAL' | 'REJECTED' | 'FAILED';
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getActivity: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
        clientIssueId: string;
        clientIssueActivityId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The activity */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            clientIssueId: string;
            /** @enum {string} */
            type: 'MESSAGE' | 'REQUEST';
            name: string;
            description: string | null;
            infoUrl: string | null;
            /**
             * @description `APPROVED` (the contract's); a REQUEST a policy held (extension): `PENDING_APPROVAL` until its approval is decided, then `APPROVED` and signed, `REJECTED` (rejected, expired or cancelled: never signed) or `FAILED` (approved, but the signature was refused: see `failureReason`)
             * @enum {string}
             */
            status: 'APPROVED' | 'PENDING_APPROVAL' | 'REJECTED' | 'FAILED';
            /** @description Whether the activity was read by id already */
            readed: boolean;
            /** @description REQUEST: the signed data */
            dataStructured: {
              domain: {
                name?: string;
                version?: string;
                chainId?: string | number;
                verifyingContract?: string;
                salt?: string;
              };
              types: {
                [key: string]: {
                  name: string;
                  type: string;
                }[];
              };
              value: {
                [key: string]: unknown;
              };
            } | null;
            /** @description REQUEST: EIP-712 signature by the issuer's key (null until signed) */
            signedTypedData: string | null;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why a held REQUEST was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, or the refusal that failed it) */
            failureReason?: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listActivities: {
    parameters: {
      query?: {
        page?: string;
        /** @description Records per page, 1–100 (10) */
        take?: string;
        /** @description Field to sort by (createdAt) */
        sortColumn?: 'createdAt' | 'updatedAt' | 'name' | 'type' | 'readed';
        /** @description ASC or DESC (DESC) */
        sortOrder?: 'ASC' | 'DESC';
        /** @description Part of the name (any letter case) */
        name?: string;
        readed?: 'true' | 'false';
        type?: 'MESSAGE' | 'REQUEST';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
        clientIssueId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of activities */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              clientIssueId: string;
              name: string;
              /** @enum {string} */
              type: 'MESSAGE' | 'REQUEST';
              readed: boolean;
            }[];
            meta: {
              /** Format: int64 */
              page: number;
              /** Format: int64 */
              take: number;
              /** Format: int64 */
              itemCount: number;
              /** Format: int64 */
              pageCount: number;
            };
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listHolders: {
    parameters: {
      query?: {
        page?: string;
        /** @description Records per page, 1–100 (10) */
        take?: string;
        /** @description Field to sort by (createdAt) */
        sortColumn?: 'createdAt' | 'updatedAt' | 'name';
        /** @description ASC or DESC (DESC) */
        sortOrder?: 'ASC' | 'DESC';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
        clientIssueId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of holders */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              clientIssueId: string;
              name: string;
              /** @description EIP-55 checksummed */
              address: string;
            }[];
            meta: {
              /** Format: int64 */
              page: number;
              /** Format: int64 */
              take: number;
              /** Format: int64 */
              itemCount: number;
              /** Format: int64 */
              pageCount: number;
            };
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createHolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        clientIssuerId: string;
        clientIssueId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @description An EVM address */
          address: string;
        };
      };
    };
    responses: {
      /** @description The holder */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            clientIssueId: string;
            name: string;
            /** @description EIP-55 checksummed */
            address: string;
          };
        };
      };
      /** @description Invalid input (`validation_failed`, `malformed_json`, …) */
      400: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Missing or invalid credentials */
      401: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not allowed */
      403: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Not found, or not visible to the caller */
      404: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Conflict */
      409: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Unexpected error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
}

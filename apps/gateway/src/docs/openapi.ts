import type { ApiVersion, RouteDef, RouteRequest } from '@custody/http';
import { buildOpenApi } from '@custody/api-docs';

/**
 * What every operation shares, so that each operation's description names only what is its
 * own: the problem answers and the errors any operation can give, and the Idempotency-Key.
 */
const CONVENTIONS = [
  '## Errors',
  '',
  'Every error is an RFC 9457 problem (`application/problem+json`) with a stable `code` to branch on, listed under "Error codes" below; `validation_failed` adds `errors`, one per field. ' +
    "Any operation can answer, besides the errors its description names: 400 `validation_failed`, `malformed_json` or `invalid_cursor` (a list's `after`); " +
    '401 `unauthorized`, `token_invalid`, `token_expired` or `token_revoked` (the whitelist reads answer 403 for an expired or revoked token, as the contract has it); ' +
    '403 `forbidden` (an admin operation without the admin audience), `insufficient_scope` (its `x-scope`) or `user_token_forbidden` (a token bound to an end user outside the operations marked `x-user-tokens`); ' +
    '413 `payload_too_large`, 415 `unsupported_media_type`, 429 `rate_limited` (with `Retry-After`), 500 `internal_error`, ' +
    '503 `auth_unavailable`, `broker_unavailable` or `service_unavailable`, and 504 `upstream_timeout`.',
  '',
  '## Retries',
  '',
  'Every POST that takes a bearer token honours an `Idempotency-Key` (1 to 255 visible ASCII characters, per client, kept 24 h): the same key with the same method, path and body replays the first answer (a 4xx included, a 5xx not), another request under the key is 409 `idempotency_conflict`, and a twin still running after 10 s is 409 `idempotency_in_progress`. ' +
    'Money movements store the key in their own transaction, so they apply exactly once even across a crash. ' +
    'PATCH and DELETE take no key; reads change nothing and are safe to repeat. ' +
    'After a 503 or 504 a command may or may not have run: retry it with the same key.',
].join('\n');

const DESCRIPTIONS: Record<ApiVersion, { title: string; description: string }> = {
  v1: {
    title: 'Custody API',
    description: [
      'Digital-asset custody for fintechs: clients and tokens, end users with KYC data, wallets, ' +
        'money movement, signing, market data and notifications.',
      '',
      CONVENTIONS,
    ].join('\n'),
  },
  v2: {
    title: 'Issuer API',
    description: [
      'Token issuers: authentication, issues, activities and holders.',
      '',
      CONVENTIONS,
    ].join('\n'),
  },
};

/** Both versions' documents, built once at start from the route table. */
export function openApiDocuments(
  routes: readonly (RouteDef<RouteRequest> & { description?: string })[],
  baseUrl: string,
) {
  const build = (version: ApiVersion) =>
    buildOpenApi({ version, ...DESCRIPTIONS[version], serverUrl: `${baseUrl}/${version}`, routes });
  return { v1: build('v1'), v2: build('v2') };
}

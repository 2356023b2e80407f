// Everything the SDK offers that runs in browsers as well as in Node (no Node module imported):
// the entry of the `browser` export condition, and what the operator console bundles.
export {
  createCustodyClient,
  type ApiClientCredentials,
  type CustodyClient,
  type CustodyClientOptions,
  type EventFeed,
  type ItemIterator,
} from './client.js';
export {
  createIssuerClient,
  jwtExpiry,
  type IssuerClient,
  type IssuerClientOptions,
  type IssuerCredentials,
  type IssuerListItem,
  type IssuerListPath,
  type V2Paths,
} from './issuer.js';
export {
  CustodyError,
  isProblem,
  unwrap,
  type CustodyErrorOptions,
  type FetchResult,
  type Problem,
  type ProblemFieldError,
} from './errors.js';
export type { FeedEvent, FollowOptions } from './events.js';
export { parseLinkHeader, linkUrl, type WebLink } from './link.js';
export {
  bearerAuthMiddleware,
  idempotencyMiddleware,
  networkErrorMiddleware,
  newIdempotencyKey,
} from './middleware.js';
export { DEFAULT_RETRY, retryingFetch, type RetryOptions } from './retry.js';
export {
  ClientTokens,
  ManagedToken,
  type IssuedToken,
  type PasswordCredentials,
  type TokenRequest,
  type TokenResponse,
  type TokenSource,
} from './tokens.js';
export type { DataMethod, ListItem, ListPath } from './types.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type WebhookHeaders,
  type WebhookSecret,
} from './webhooks.js';
export type { paths as V1Paths, components as V1Components } from './generated/v1.js';
// Approvals as signatures: the statements' canonical JSON, approving with a passkey, and the
// challenge a passkey signs to sign in (never an approval's).
export {
  APPROVER_ENDORSEMENT_PURPOSE,
  APPROVER_KEY_PURPOSE,
  approvalChallenge,
  approvalStatementJson,
  approverEndorsementChallenge,
  approverEndorsementJson,
  approverKeyFingerprint,
  approverRegistrationChallenge,
  approverRegistrationJson,
  canonicalJson,
  passkeySignature,
  SIGN_IN_CHALLENGE_PREFIX,
  signInChallenge,
  type ApprovalStatement,
  type ApproverRegistration,
  type PasskeyAssertion,
} from './approval-statements.js';
export { passkeyAssertionVerifies } from './passkey-assertion.js';

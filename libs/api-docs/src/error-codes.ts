/**
 * Every `code` an error answer of the API can carry, once, with the HTTP statuses it comes with
 * and what it means (docs/errors.md). Both OpenAPI documents list it in their `info.description`
 * (`errorCodesMarkdown`), which the reference page (/docs) renders; docs/errors.md holds the same
 * table. error-codes.spec.ts scans the source (`Errors.<factory>(…)`, `new AppError(…)`) and fails
 * on a code used there and missing here, on a code here that nothing answers any more, and on a
 * status that differs.
 *
 * Ordered by status, then code. "Between services" marks a code of the RPC layer: a client sees it
 * only when a deployment is out of step (a service refused another's call).
 */
export interface ErrorCodeEntry {
  code: string;
  /** The HTTP statuses it is answered with. */
  statuses: readonly number[];
  /** What it means and why it is answered, in one or two sentences (no `|`). */
  meaning: string;
}

export const ERROR_CODES: readonly ErrorCodeEntry[] = [
  {
    code: 'action_not_applicable',
    statuses: [400],
    meaning:
      'A `policy-change` policy must require approval: blocking every change would lock the policies for good.',
  },
  {
    code: 'amount_too_large',
    statuses: [400],
    meaning:
      'A buy whose fiat amount buys more of the asset than a chain account can hold (2^256 − 1 base units).',
  },
  {
    code: 'amount_too_small',
    statuses: [400],
    meaning: "A buy whose fiat amount buys less than the asset's smallest unit.",
  },
  {
    code: 'approval_signature_required',
    statuses: [400],
    meaning:
      "An approve without `signature` where a policy that held the operation counts only signed approvals (`approvers.signed`): sign the approval's `signing.statement` with an approver key or passkey.",
  },
  {
    code: 'approver_key_invalid',
    statuses: [400],
    meaning:
      'An approver key registration that names the wrong thing: an `ed25519` key without a raw 32-byte Ed25519 `publicKey` (base64url), a `webauthn` one without `passkeyId`, or both.',
  },
  {
    code: 'approver_not_eligible',
    statuses: [400],
    meaning:
      'A policy names an approver that is not a live client of the tenant with the scope `approvals:decide` (or no scopes).',
  },
  {
    code: 'approvers_not_allowed',
    statuses: [400],
    meaning: 'A blocking policy names approvers: only a `require_approval` policy has them.',
  },
  {
    code: 'approvers_required',
    statuses: [400],
    meaning: 'A `require_approval` policy names no approvers.',
  },
  {
    code: 'asset_disabled',
    statuses: [400],
    meaning:
      'Buying or selling this asset is switched off (`GET /v1/assets/{asset}/available` tells beforehand).',
  },
  {
    code: 'asset_mismatch',
    statuses: [400],
    meaning: "The ledger refused a purchase's settlement: the wallet does not hold its asset.",
  },
  {
    code: 'asset_not_in_wallet',
    statuses: [400],
    meaning:
      'The transaction to sign moves an asset the signing wallet does not hold (another catalog token, or the network coin from a token wallet).',
  },
  {
    code: 'asset_required',
    statuses: [400],
    meaning: 'A velocity rule with `maxAmount` names no `assetId`.',
  },
  {
    code: 'auditor_audience_invalid',
    statuses: [400],
    meaning:
      'A client would be an auditor and something else: an auditor reads only, `auditor` alone.',
  },
  {
    code: 'bad_request',
    statuses: [400],
    meaning:
      'The request could not be read (a client error of the HTTP layer, such as a malformed %-escape in the path, may carry its own 4xx status); also a purchase rejected without a recorded reason.',
  },
  {
    code: 'insufficient_balance',
    statuses: [400],
    meaning:
      "The wallet's available balance (its balance less open holds) does not cover the amount, with its fee reserve where one applies; nothing was moved or held.",
  },
  {
    code: 'invalid_approver_credential',
    statuses: [400],
    meaning:
      "Between services: the signer's registry was sent something that is not an approver credential.",
  },
  {
    code: 'invalid_cursor',
    statuses: [400],
    meaning:
      'The `after` cursor is not one this list (or the event feed) gave under this sort: start again without it.',
  },
  {
    code: 'invalid_operations',
    statuses: [400],
    meaning:
      'Between services: a policy evaluation of no operations, too many, or operations without legs.',
  },
  {
    code: 'invalid_request',
    statuses: [400],
    meaning:
      'A `refresh_token` grant asks for another `userId` than the refreshed token was bound to.',
  },
  {
    code: 'invalid_rpc_request',
    statuses: [400],
    meaning: 'Between services: an RPC message that is not JSON or names no method.',
  },
  {
    code: 'invalid_transaction',
    statuses: [400],
    meaning:
      'The transaction to sign cannot be read or signed: not a serialized EVM transaction, already signed, for another chain, or a field that is not a number or an address (Qubic: a bad identity or amount).',
  },
  {
    code: 'invalid_typed_data',
    statuses: [400],
    meaning:
      'The typed data cannot be encoded as EIP-712: an unknown primary type, or a value that does not fit its type.',
  },
  {
    code: 'malformed_json',
    statuses: [400],
    meaning: 'The request body is not valid JSON.',
  },
  {
    code: 'malformed_request',
    statuses: [400],
    meaning: 'The HTTP request itself could not be parsed.',
  },
  {
    code: 'member_audience_invalid',
    statuses: [400],
    meaning:
      "A tenant member would get the admin audience: members act in their tenant's general audience.",
  },
  {
    code: 'nonce_too_far',
    statuses: [400],
    meaning:
      "A signed transaction's nonce is 16 or more past the address's transactions on chain (send the transactions signed before), or above the highest the service records.",
  },
  {
    code: 'passkey_registration_invalid',
    statuses: [400],
    meaning:
      "A passkey's registration that does not verify: another origin or relying party, no user verification, a bad attestation.",
  },
  {
    code: 'passkey_requirement_invalid',
    statuses: [400],
    meaning:
      "`passkeyRequired` on a client that is not a tenant (a member, an admin or an auditor): it is a tenant's setting for its members.",
  },
  {
    code: 'person_type_mismatch',
    statuses: [400],
    meaning:
      'The user is the other kind of person (an individual changed as a legal person, or the reverse).',
  },
  {
    code: 'quorum_unreachable',
    statuses: [400],
    meaning: "A policy's quorum is larger than the number of its eligible approvers.",
  },
  {
    code: 'replay_too_large',
    statuses: [400],
    meaning: 'More than 10,000 events in the replayed time range: replay a shorter one.',
  },
  {
    code: 'request_aborted',
    statuses: [400],
    meaning: 'The client closed the connection before its request body arrived.',
  },
  {
    code: 'rule_not_applicable',
    statuses: [400],
    meaning:
      "The policy's rule can never apply to its activity: a destination rule where nothing leaves for an outside address, an amount rule for what moves no amount (a message; typed data unless the policy allows token authorizations), `allowTokenAuthorizations` on another activity than `sign-typed-data`, or a `policy-change` policy whose rule is not `always` or that has filters.",
  },
  {
    code: 'senders_span_tenants',
    statuses: [400],
    meaning: "An admin's transfer has senders in several tenants: send one transfer per tenant.",
  },
  {
    code: 'tenant_not_found',
    statuses: [400],
    meaning:
      "A new client's `tenantId` is not an existing general client that is not a member itself.",
  },
  {
    code: 'token_authorization_refused',
    statuses: [400],
    meaning:
      'The typed data authorizes a token transfer (verified by a catalog token, Permit2 or a configured authorizing contract, or a spender or `to` address with an amount): it would move tokens off the ledger, so it is signed only where a `sign-typed-data` policy allows token authorizations; otherwise use sign-tx or a withdrawal.',
  },
  {
    code: 'token_call_unsupported',
    statuses: [400],
    meaning:
      'A transaction to a catalog token calls another function than transfer, transferFrom, approve, increaseAllowance or decreaseAllowance.',
  },
  {
    code: 'too_many_operations',
    statuses: [400],
    meaning: 'Between services: a release of more evaluated operations than one call takes.',
  },
  {
    code: 'unknown_asset',
    statuses: [400],
    meaning: "A new wallet's `assetId` is not in the asset catalog.",
  },
  {
    code: 'unknown_user',
    statuses: [400],
    meaning: "A password grant's `userId` is not a user of the client's tenant.",
  },
  {
    code: 'unsupported_asset',
    statuses: [400],
    meaning:
      "The asset's chain has no wallets or signer (EVM and Qubic have), or the payload needs a wallet of another chain (a message or typed data on a Qubic wallet, `qubicTxJson` on an EVM one).",
  },
  {
    code: 'unsupported_transaction_type',
    statuses: [400],
    meaning:
      'An EVM transaction of a type above 2: only legacy, access-list and EIP-1559 transactions are signed.',
  },
  {
    code: 'url_not_allowed',
    statuses: [400],
    meaning: "A receiver's `url` or `slack` address resolves to a private or local address.",
  },
  {
    code: 'validation_failed',
    statuses: [400],
    meaning:
      "The request does not match the operation's schema or a rule of the service; `errors` names each field (`path`, `message`).",
  },
  {
    code: 'value_and_token_call',
    statuses: [400],
    meaning: 'A transaction that both pays the network coin and calls a catalog token.',
  },
  {
    code: 'velocity_limit_required',
    statuses: [400],
    meaning: 'A velocity rule sets none of `maxAmount`, `maxFiatAmount` and `maxCount`.',
  },
  {
    code: 'webauthn_challenge_invalid',
    statuses: [400],
    meaning:
      'A WebAuthn answer over a challenge that is unknown, expired, used already (a replay) or issued for another client or api client: ask for a new challenge.',
  },
  {
    code: 'invalid_client',
    statuses: [401],
    meaning: "The api client's id and secret (HTTP Basic) are missing, malformed or wrong.",
  },
  {
    code: 'invalid_credentials',
    statuses: [401],
    meaning: "The issuer's id or secret is wrong (an unknown id gets the same answer).",
  },
  {
    code: 'invalid_grant',
    statuses: [401],
    meaning:
      "The e-mail and password, or the refresh token, are not valid (a refresh token unknown, expired, another api client's, or its client deleted).",
  },
  {
    code: 'passkey_assertion_invalid',
    statuses: [401],
    meaning:
      "A passkey's assertion that does not verify: its signature, origin, relying party, user verification or counter (a cloned authenticator's).",
  },
  {
    code: 'refresh_token_reused',
    statuses: [401],
    meaning:
      'A refresh token that was already exchanged came back, as a stolen or replayed one would: every token of its login is revoked; log in again.',
  },
  {
    code: 'rpc_proof_invalid',
    statuses: [401],
    meaning: 'Between services: an RPC request without a valid proof of its sender.',
  },
  {
    code: 'session_required',
    statuses: [401],
    meaning:
      'The operator console (/console/session, /console/api) has no session: none was opened, it was signed out, or it ended (its refresh token refused). Sign in again.',
  },
  {
    code: 'token_expired',
    statuses: [401, 403],
    meaning:
      'The access token has expired (403 on the whitelist reads, as the contract has it): get a new one.',
  },
  {
    code: 'token_invalid',
    statuses: [401],
    meaning:
      'The access token is not valid: a bad signature, issuer or audience (a v1 token on v2, or the reverse), or its issuer no longer exists.',
  },
  {
    code: 'token_revoked',
    statuses: [401, 403],
    meaning:
      "The access token was revoked (POST /v1/tokens/revoke; its client's password, audience or scopes changed, or the client deleted; v2: the issuer's secret rotated); 403 on the whitelist reads.",
  },
  {
    code: 'unauthorized',
    statuses: [401],
    meaning: 'No credentials: the `Authorization` header is missing or not a bearer token.',
  },
  {
    code: 'approval_signature_invalid',
    statuses: [403],
    meaning:
      "The approve's signature is not one of the caller's active approver credentials' signature of this approval's statement: another approval's or operation's (a replay), another client's key, a revoked or pending one, a passkey's assertion of another origin or relying party or without user verification. Nothing is counted.",
  },
  {
    code: 'approval_signatures_invalid',
    statuses: [403],
    meaning:
      "The signer refused: fewer approvers' signatures (Ed25519 keys' or passkeys' assertions) verify by its own registry than the approval's signed quorum (forged, of another operation or approval, or by credentials it does not hold).",
  },
  {
    code: 'approver_forbidden',
    statuses: [403],
    meaning:
      'The caller is not an approver of this approval (no policy that holds it names it, or it may not decide).',
  },
  {
    code: 'approver_proof_invalid',
    statuses: [403],
    meaning:
      "`proof` is not the credential's signature of its registration digest (the caller does not show it holds the key; a passkey's: an assertion over another challenge, origin or relying party, or without user verification).",
  },
  {
    code: 'audience_not_allowed',
    statuses: [403],
    meaning:
      'A client of the admin audience logged in through an api client of the general audience: only an admin api client issues admin tokens.',
  },
  {
    code: 'auditor_read_only',
    statuses: [403],
    meaning:
      'An auditor token asked for a change: auditors read only (every service refuses it too).',
  },
  {
    code: 'caller_not_allowed',
    statuses: [403],
    meaning: 'Between services: a service called a method it is not declared to call.',
  },
  {
    code: 'csrf_rejected',
    statuses: [403],
    meaning:
      "A state-changing request of the operator console sent from another site (`Origin`, `Sec-Fetch-Site`), or without its session's CSRF token in `X-CSRF-Token`. Nothing changed.",
  },
  {
    code: 'decision_expired',
    statuses: [403],
    meaning:
      'The signer refused: the policy decision is past its time, or claims a longer life than any decision has.',
  },
  {
    code: 'decision_invalid',
    statuses: [403],
    meaning: 'The signer refused: the decision is not a JWS of a trusted policy key.',
  },
  {
    code: 'decision_mismatch',
    statuses: [403],
    meaning:
      "The signer refused: the decision names another key owner, tenant or payload than the signature's.",
  },
  {
    code: 'decision_over_fee_cap',
    statuses: [403],
    meaning: "The signer refused: the transaction's fees are above the decision's caps.",
  },
  {
    code: 'decision_refused',
    statuses: [403],
    meaning:
      'The policy service gave no decision for a signature: the operation was not admitted, its approval has no quorum, or the payload is not the one admitted.',
  },
  {
    code: 'decision_required',
    statuses: [403],
    meaning: 'The signer refused: no policy decision came with the signature.',
  },
  {
    code: 'decision_used',
    statuses: [403],
    meaning: 'The signer refused: the decision was used before.',
  },
  {
    code: 'endorsement_invalid',
    statuses: [403],
    meaning:
      "The endorsement's key is not the caller's active key of this tenant, or its signature of the pending key's registration digest does not verify.",
  },
  {
    code: 'endorsements_insufficient',
    statuses: [403],
    meaning:
      "Between services: the signer's registry refused a key that too few of the tenant's registered keys endorsed (identity keeps it pending).",
  },
  {
    code: 'field_forbidden',
    statuses: [403],
    meaning:
      'A token bound to the user itself tried to change what compliance decides: status, PEP, sanctions, the identity document, owners and administrators, `externalReference`.',
  },
  {
    code: 'forbidden',
    statuses: [403],
    meaning: 'An admin operation, called with a token of another audience.',
  },
  {
    code: 'insufficient_scope',
    statuses: [403],
    meaning: "The token's scopes do not include the operation's (its `x-scope`).",
  },
  {
    code: 'issuer_forbidden',
    statuses: [403],
    meaning: "An issuer token used on another issuer's path.",
  },
  {
    code: 'key_not_allowed',
    statuses: [403],
    meaning:
      "The signer refused: the calling service may not use this key (a wallet's for an issuer, or an issuer's for a wallet).",
  },
  {
    code: 'passkey_enrollment_required',
    statuses: [403],
    meaning:
      'A login that may only register a passkey (passkeys are required of its client, which has none yet) called another route: register one, then sign in with it.',
  },
  {
    code: 'passkey_required',
    statuses: [403],
    meaning:
      "A password (or a refresh of a password's login) for a client that must sign in with its passkey: an admin in production, or a member of a tenant that requires passkeys, once it has one.",
  },
  {
    code: 'policy_blocked',
    statuses: [403],
    meaning:
      'A policy refuses the operation (`policyIds` names the blocking policies); nothing was held or changed.',
  },
  {
    code: 'policy_read_only',
    statuses: [403],
    meaning:
      "A tenant tried to change a platform policy (an admin's), or an admin a tenant's policy.",
  },
  {
    code: 'release_refused',
    statuses: [403],
    meaning:
      "Between services: the policy service released nothing, as an operation asked is another service's, or a signed decision was given for it (it may have run).",
  },
  {
    code: 'self_approval_forbidden',
    statuses: [403],
    meaning:
      'The client that started the operation, or another client of the same person (`personId`), tried to decide on its approval.',
  },
  {
    code: 'user_blocked',
    statuses: [403],
    meaning:
      'The user is blocked: it cannot send, withdraw, sign, trade or open wallets (it still receives and reads).',
  },
  {
    code: 'user_forbidden',
    statuses: [403],
    meaning: "A token bound to one user reached another user's records, or tried to create a user.",
  },
  {
    code: 'user_has_wallets',
    statuses: [403],
    meaning: 'The user still has wallets: delete them first.',
  },
  {
    code: 'user_token_forbidden',
    statuses: [403],
    meaning:
      "A token bound to an end user called an operation outside that user's records (those it may call are marked `x-user-tokens`).",
  },
  {
    code: 'wallet_not_empty',
    statuses: [403],
    meaning:
      'The wallet still holds funds, has an open hold (a pending withdrawal) or a deposit awaiting confirmation.',
  },
  {
    code: 'wildcard_forbidden',
    statuses: [403],
    meaning: '`*` as the user or wallet of a list is for the admin audience only.',
  },
  {
    code: 'console_not_built',
    statuses: [404],
    meaning: 'The operator console (/console) was not built on this server (`npm run build`).',
  },
  {
    code: 'key_not_found',
    statuses: [404],
    meaning: 'Between services: the signing service has no key of this owner and chain.',
  },
  {
    code: 'not_found',
    statuses: [404],
    meaning:
      "The resource does not exist or the caller may not see it (another tenant's or user's, deleted, or an id that cannot exist); the detail names what.",
  },
  {
    code: 'route_not_found',
    statuses: [404],
    meaning: 'No operation has this method and path.',
  },
  {
    code: 'already_decided',
    statuses: [409],
    meaning:
      'The client, or another client of the same person (`personId`), has decided on this approval already.',
  },
  {
    code: 'approval_exists',
    statuses: [409],
    meaning: 'Between services: the operation has an approval already.',
  },
  {
    code: 'approval_finished',
    statuses: [409],
    meaning: 'The approval is no longer pending (approved, rejected, expired or cancelled).',
  },
  {
    code: 'approval_frozen',
    statuses: [409],
    meaning:
      'A restore of the database froze this approval: it was pending at the restored point and may have been decided before, so no one decides it again (docs/operations/restore-runbook.md).',
  },
  {
    code: 'approval_not_needed',
    statuses: [409],
    meaning:
      "The requirements this client decides for have their quorum already; the approval waits for others' decisions.",
  },
  {
    code: 'approver_key_exists',
    statuses: [409],
    meaning:
      'The approver key is registered already (by another client, or revoked: a revoked key is not registered again).',
  },
  {
    code: 'approver_key_not_pending',
    statuses: [409],
    meaning: 'The approver key is active or revoked already: it takes no more endorsements.',
  },
  {
    code: 'approver_key_revoked',
    statuses: [409],
    meaning: "Between services: the signer's registry holds this key revoked.",
  },
  {
    code: 'chain_adapter_off',
    statuses: [409],
    meaning: 'No chain adapter runs for this network: withdrawals are reported by an admin.',
  },
  {
    code: 'chain_managed',
    statuses: [409],
    meaning:
      'The chain adapter is sending this withdrawal and reports its outcome itself: an admin cannot move it.',
  },
  {
    code: 'client_change_pending',
    statuses: [409],
    meaning:
      "A held change of this client (its password, audience or scopes) waits for its approval: it applies, or is rejected or expires, before the client's credentials can change again.",
  },
  {
    code: 'client_has_members',
    statuses: [409],
    meaning:
      'The client has live tenant members: delete them first; a tenant with members cannot become an admin either.',
  },
  {
    code: 'conflict',
    statuses: [409],
    meaning: 'The record exists already: a client with this e-mail, an api client with this id.',
  },
  {
    code: 'duplicate_income',
    statuses: [409],
    meaning: 'This deposit (asset, blockchain transaction id, wallet) was reported already.',
  },
  {
    code: 'fee_cap_reached',
    statuses: [409],
    meaning:
      "No replacement 10 % above the last transaction's fees fits under the fee cap the withdrawal's decision bound.",
  },
  {
    code: 'fee_unaffordable',
    statuses: [409],
    meaning: "The wallet's available balance cannot cover the higher fee of a replacement.",
  },
  {
    code: 'hold_not_open',
    statuses: [409],
    meaning: "The hold that a withdrawal's fee reserve would extend is no longer open.",
  },
  {
    code: 'holder_exists',
    statuses: [409],
    meaning: 'The address is a holder of the issue already (in any letter case).',
  },
  {
    code: 'idempotency_conflict',
    statuses: [409],
    meaning:
      'The Idempotency-Key was used in the last 24 h with another request (another method, path or body).',
  },
  {
    code: 'idempotency_in_progress',
    statuses: [409],
    meaning:
      'A request with this Idempotency-Key is still running after a 10 s wait: retry later with the same key.',
  },
  {
    code: 'illegal_transition',
    statuses: [409],
    meaning:
      'The status change is not allowed from the current status (a withdrawal: prepared → broadcast → confirmed, prepared or broadcast → failed, prepared → cancelled; an income: pending → confirmed or failed).',
  },
  {
    code: 'nonce_gap',
    statuses: [409],
    meaning:
      "A signed transaction's nonce skips nonces of an address the service also sends withdrawals from: its withdrawals would wait behind the gap. The detail names the nonce to sign.",
  },
  {
    code: 'nonce_taken',
    statuses: [409],
    meaning:
      "The transaction's nonce is taken by a withdrawal that the service sends from this address.",
  },
  {
    code: 'passkey_exists',
    statuses: [409],
    meaning: 'The passkey is registered already (its credential id is taken).',
  },
  {
    code: 'passkey_last_required',
    statuses: [409],
    meaning:
      "Removing the last passkey of a client that must use one: register another first (a lost one is recovered by an admin's held `passkeysReset`).",
  },
  {
    code: 'policy_changed',
    statuses: [409],
    meaning:
      'The policy was changed or deleted between the read and the write of this change: read it again and retry.',
  },
  {
    code: 'receiver_limit',
    statuses: [409],
    meaning: 'The client has as many receivers as it may have: delete one first.',
  },
  {
    code: 'rpc_replayed',
    statuses: [409],
    meaning: 'Between services: an RPC request that was received before.',
  },
  {
    code: 'transaction_already_booked',
    statuses: [409],
    meaning:
      "An admin's report names a blockchain transaction another withdrawal is already booked on (sent or settled).",
  },
  {
    code: 'transaction_already_signed',
    statuses: [409],
    meaning: 'The same transaction was signed before and holds its amount already.',
  },
  {
    code: 'treasury_insufficient',
    statuses: [409],
    meaning:
      "A buy would take the asset's treasury past the most the house may owe in it (`PUT /v1/admin/treasury/{assetId}`); nothing was booked.",
  },
  {
    code: 'user_exists',
    statuses: [409],
    meaning: 'The tenant has a user with this `idNumber` or `email` already.',
  },
  {
    code: 'wallet_deleted',
    statuses: [409],
    meaning:
      "A wallet was deleted meanwhile: a transfer leg's, a purchase's, or the wallet an income would credit.",
  },
  {
    code: 'wallet_exists',
    statuses: [409],
    meaning: 'The user has a wallet of this asset already (one per user and asset).',
  },
  {
    code: 'whitelist_exists',
    statuses: [409],
    meaning: "The address is on the wallet's whitelist already.",
  },
  {
    code: 'withdrawal_not_replaceable',
    statuses: [409],
    meaning:
      'Only a withdrawal the chain adapter broadcast and that is not mined yet can be sped up or cancelled.',
  },
  {
    code: 'payload_too_large',
    statuses: [413],
    meaning: 'The request body is larger than the gateway accepts.',
  },
  {
    code: 'unsupported_media_type',
    statuses: [415],
    meaning:
      'A request body that is not `application/json`, or in an encoding that is not supported.',
  },
  {
    code: 'account_locked',
    statuses: [429],
    meaning:
      'Too many wrong passwords for this e-mail, from any IP: password sign-in is refused, whatever the password, until the lock ends (`Retry-After`, and `retryAfter` in seconds).',
  },
  {
    code: 'rate_limited',
    statuses: [429],
    meaning:
      "Too many requests in the one-minute window (per client; per IP for the token endpoints and the issuer's login): `Retry-After` says when to retry.",
  },
  {
    code: 'headers_too_large',
    statuses: [431],
    meaning: 'The request line and headers are too large.',
  },
  {
    code: 'internal_error',
    statuses: [500],
    meaning:
      'An unexpected error; nothing internal is shown (the `X-Request-Id` finds it in the logs).',
  },
  {
    code: 'rpc_reply_too_large',
    statuses: [500],
    meaning: "A service's answer is larger than it may send at once: ask for smaller pages.",
  },
  {
    code: 'unknown_method',
    statuses: [501],
    meaning: 'Between services: a method the called service does not serve (versions out of step).',
  },
  {
    code: 'auth_unavailable',
    statuses: [503],
    meaning: 'Tokens cannot be checked now: Redis does not answer, or too many checks wait.',
  },
  {
    code: 'broker_unavailable',
    statuses: [503],
    meaning: 'The message broker is not reachable: the request was not sent to its service.',
  },
  {
    code: 'console_not_configured',
    statuses: [503],
    meaning:
      'The operator console cannot sign in: the gateway has no console api client (`CONSOLE_API_CLIENT_ID`, `CONSOLE_API_CLIENT_SECRET`).',
  },
  {
    code: 'database_unavailable',
    statuses: [503],
    meaning:
      'A service cannot check the request against those it took (its database does not answer), so it did not run it.',
  },
  {
    code: 'key_store_unavailable',
    statuses: [503],
    meaning:
      "Signing keys cannot be used now (the signing service's PKCS#11 token, its PIN or its key is missing): nothing was signed; its readiness says why.",
  },
  {
    code: 'outcome_unknown',
    statuses: [503],
    meaning:
      'A transfer may have been applied: look it up, or retry with the same Idempotency-Key, before sending it again.',
  },
  {
    code: 'rate_unavailable',
    statuses: [503],
    meaning:
      'No current rate for the asset (a purchase), or no exchange quote at all (`GET /v1/assets/{assetId}/rates/exchange`).',
  },
  {
    code: 'restore_in_progress',
    statuses: [503],
    meaning:
      'wallet-ledger moves no money until a restore of its database is done (the chain matched with the books, the reconciliation and the ledger check clean); reads still answer.',
  },
  {
    code: 'retry_required',
    statuses: [503],
    meaning:
      'The service restarted while it handled the command: retry it with the same Idempotency-Key.',
  },
  {
    code: 'service_unavailable',
    statuses: [503],
    meaning: 'The backend service is not running.',
  },
  {
    code: 'timeout',
    statuses: [503],
    meaning:
      'The command was not started in time (its caller had stopped waiting), so nothing was applied; with an Idempotency-Key, retry with the same key.',
  },
  {
    code: 'upstream_timeout',
    statuses: [504],
    meaning:
      'A backend service did not answer in time; a command may still have run: retry it with the same Idempotency-Key.',
  },
];

/** The catalog as a Markdown table: `| Code | Status | Meaning |`, one row per code. */
export function errorCodesTable(entries: readonly ErrorCodeEntry[] = ERROR_CODES): string {
  return [
    '| Code | Status | Meaning |',
    '| --- | --- | --- |',
    ...entries.map((e) => `| \`${e.code}\` | ${e.statuses.join(', ')} | ${e.meaning} |`),
  ].join('\n');
}

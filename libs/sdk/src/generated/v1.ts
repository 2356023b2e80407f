// Generated from the gateway's v1 OpenAPI document by openapi-typescript.
// Do not edit: run `node --import tsx tools/sdk/generate.ts` (libs/sdk/README.md).

export interface paths {
  '/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue an access and refresh token (password, refresh_token, webauthn grants)
     * @description Exchanges the api client's credentials (HTTP Basic) and a grant for an access token (an EdDSA JWT valid `expires_in` seconds) and a refresh token: `password` with the client's e-mail and password, `refresh_token` with the last refresh token, `urn:custody:webauthn` with a passkey's assertion over the sign-in derivation of a challenge of `POST /v1/tokens/webauthn-challenge`, or `urn:custody:enrollment-code` with a one-time enrollment code; with `userId` the access token reaches only that end user's records. Where passkeys are required (admins in production, members of a tenant that requires them), a password signs in a client without a passkey only to register one (the token reaches the passkey routes alone), and is refused once it has one; an enrollment code signs in the same way, once. It stores the new refresh token (hashed) and marks a refreshed one used: a refresh token works once, and one that comes back revokes every token of its login (401 `refresh_token_reused`). It is not idempotent and ignores Idempotency-Key: every call issues new tokens. Errors: 401 `invalid_client` (the api client's id or secret), `invalid_grant` (the e-mail and password, an unknown, expired or another api client's refresh token, an unknown passkey or another client's than the challenge named, a used or unknown enrollment code) or `passkey_assertion_invalid` (the assertion's signature, origin, user verification or counter); 400 `unknown_user` (`userId` is not a user of the client's tenant), `invalid_request` (a refresh asking for another `userId`) or `webauthn_challenge_invalid` (an unknown, expired, used or another api client's challenge: a replay); 403 `audience_not_allowed` (an admin client through an api client of the general audience) or `passkey_required` (a password, or a refresh of a password's login, for a client that must use its passkey); 429 per IP, or `account_locked` after repeated wrong passwords for the e-mail (whichever IPs they came from), with Retry-After: refused whatever the password until then.
     */
    post: operations['createToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens/webauthn-challenge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A challenge to sign in with a passkey (extension)
     * @description Answers the options of a WebAuthn sign-in (`navigator.credentials.get`, or `startAuthentication` of `@simplewebauthn/browser`) for the calling api client (HTTP Basic): a challenge kept five minutes for one `POST /v1/tokens` with grant `urn:custody:webauthn` through the same api client, user verification required. With `username`, only that client’s passkeys may answer (they are listed in `allowCredentials`); without, any discoverable passkey. An unknown e-mail gets a challenge no passkey answers, alike. The passkey signs not this challenge but its sign-in derivation, the SHA-256 of `custody/sign-in/v1:` followed by the challenge's bytes, base64url (the SDK's `signInChallenge`), which no approval's challenge can be; an assertion over the challenge as given is refused (400 `webauthn_challenge_invalid`). Every call makes a new challenge (not idempotent; Idempotency-Key is not used); it counts in the per-IP window of `/v1/tokens`. Errors: 401 `invalid_client` (the api client's id or secret); 429 per IP.
     */
    post: operations['createWebAuthnChallenge'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tokens/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke an access token or a refresh token (RFC 7009; extension)
     * @description Revokes an access token until it expires, or a refresh token with every token refreshed from the same login (RFC 7009), when the calling api client issued it. It answers `revoked: true` whether or not the token was known, so it tells nothing about it; the gateway refuses a revoked access token from the next request (401 `token_revoked`). Naturally idempotent: revoking again changes nothing more (Idempotency-Key is not used). Errors: 401 `invalid_client` for wrong api client credentials; 429 per IP.
     */
    post: operations['revokeToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List clients
     * @description Lists every client (admin only), a page at a time in the order `sort` asks; passwords and scopes are never shown. Changes nothing and is safe to repeat. An empty page is `[]`; no errors of its own beyond the common ones.
     */
    get: operations['listClients'];
    put?: never;
    /**
     * Create a client (an account that logs in)
     * @description Creates a client (admin only): an account that logs in with its e-mail and password through POST /v1/tokens, of the `general` audience unless `admin` is given, limited to `scopes` when they are given (none: everything its audience allows). With `tenantId` it becomes a member of that tenant and acts on the tenant's users, wallets and operations within its own scopes; `personId` names the person who holds the login (set at creation only): two clients of one person count as one approver, and a person never approves what they started. `auditor` (alone) makes a client that reads and changes nothing: audit, policies, approvals, users (personal fields masked), wallets and movements; with `tenantId` of that tenant, without it of every tenant (it then signs in through an admin api client, as admins do). A member's creation is held when a `policy-change` policy governs its tenant (a new admin's, when one governs the platform): 202 with the id the client will have and the `approvalId`; the tenant's approvers (for a platform policy, other admins) decide, and the client exists once the approval has its quorum (`client.is-created`), or never if it is rejected, expires or its e-mail was taken meanwhile. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 409 `conflict` when a client has this e-mail; 400 `tenant_not_found` (`tenantId` is not a general client that is no member itself) , `member_audience_invalid` (a member cannot be an admin) or `auditor_audience_invalid` (`auditor` with another audience).
     */
    post: operations['createClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients/{client}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a client (admins: any; a client: itself)
     * @description Reads one client: an admin reads any, any other client only itself. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown or deleted client, and for another client than the caller (so that ids are not revealed).
     */
    get: operations['getClient'];
    put?: never;
    post?: never;
    /**
     * Delete a client (soft; its tokens stop working at once)
     * @description Deletes a client (admin only): soft, the record is kept, and every token of the client stops working at once. A tenant goes only once its members have gone. Repeating it answers 404: the client is gone. Errors: 404 `not_found`; 409 `client_has_members` while the tenant has live members.
     */
    delete: operations['deleteClient'];
    options?: never;
    head?: never;
    /**
     * Change a client; a new password, audience or scopes revokes its tokens
     * @description Changes a client's name, e-mail, password, audience or scopes, a tenant's passkey requirement (`passkeyRequired`), or removes the client's passkeys (`passkeysReset`, the recovery of a lost one; admin only). A new password, audience or scope set revokes every token issued to the client before it: its refresh tokens at once, its access tokens on their next request (401 `token_revoked`). A new password, audience or scope set, a passkey reset or a passkey requirement turned off is held when a `policy-change` policy governs the client's tenant (an admin's, or one made an admin: the platform's): 202 with the client as it still is and the `approvalId`; it applies at the quorum (`client.is-updated`). A new name or e-mail alone is never held. PATCH takes no Idempotency-Key; the same change again leaves the same record, though it revokes the tokens again. Errors: 404 `not_found`; 409 `conflict` (another client has the e-mail), `client_has_members` (a tenant with members cannot become an admin or an auditor) or `client_change_pending` (a held change of this client waits for approval already); 400 `member_audience_invalid` (a tenant member cannot become an admin), `auditor_audience_invalid` (`auditor` with another audience) or `passkey_requirement_invalid` (`passkeyRequired` on a client that is not a tenant).
     */
    patch: operations['updateClient'];
    trace?: never;
  };
  '/api-clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List api clients
     * @description Lists the api clients with their secrets (admin only). Changes nothing and is safe to repeat. An empty page is `[]`, never the contract's 404.
     */
    get: operations['listApiClients'];
    put?: never;
    /**
     * Create an api client (extension); the secret is generated unless given
     * @description Creates an api client (admin only; extension): the application credentials that POST /v1/tokens takes as HTTP Basic, with the lifetimes of the tokens it issues (3,600 s access and 30 days refresh unless given) and its audience (`general` unless `admin`; only an admin api client issues admin tokens). Its id (`app_…`) and secret are generated unless given; the answer shows the secret, as every read does. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 409 `conflict` when an api client has this id.
     */
    post: operations['createApiClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api-clients/{apiClient}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an api client
     * @description Reads one api client with its secret (admin only). Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown or deleted api client.
     */
    get: operations['getApiClient'];
    put?: never;
    post?: never;
    /**
     * Delete an api client (extension; soft)
     * @description Deletes an api client (admin only; extension): soft, and POST /v1/tokens refuses its credentials from then on (`invalid_client`), so its refresh tokens can no longer be used; access tokens it issued run until they expire. Repeating it answers 404: the api client is gone. Errors: 404 `not_found`.
     */
    delete: operations['deleteApiClient'];
    options?: never;
    head?: never;
    /**
     * Change an api client (extension)
     * @description Changes an api client's name, description, secret, audience or token lifetimes (admin only; extension). A new secret or lifetime applies to the next POST /v1/tokens; tokens issued before keep theirs. PATCH takes no Idempotency-Key; the same change again leaves the same record. Errors: 404 `not_found`.
     */
    patch: operations['updateApiClient'];
    trace?: never;
  };
  '/enums/id-type': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Identity document types
     * @description Lists the identity document types (`id`, `name`) that `idType` takes; filter by `id`, and by `name` (any part, in any letter case). A fixed reference list: changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listEnumIdType'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/enums/cnae': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * CNAE-2009 classes (Spanish classification of economic activities; Fuente: INE)
     * @description Lists the CNAE-2009 classes (`code`, `group`, `name`) that a legal person's `CNAE` takes; filter by `code`, `group`, and by `name` (any part, in any letter case). A fixed reference list: changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listEnumCnae'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/enums/company-type': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Company types (legal forms) of legal persons; `id` is the `companyType` code
     * @description Lists the company types (legal forms) whose `id` a legal person's `companyType` takes; filter by `id`, and by `name` (any part, in any letter case). A reference list (replaceable by configuration): changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listEnumCompanyType'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/enums/purpose-business-relationship': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Purposes of the business relationship; `id` is the `purposeBusinessRelationship` code
     * @description Lists the purposes of the business relationship whose `id` a legal person's `purposeBusinessRelationship` takes; filter by `id`, and by `name` (any part, in any letter case). A reference list (replaceable by configuration): changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listEnumPurposeBusinessRelationship'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/individual-person': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Onboard an individual person
     * @description Onboards an end user who is an individual person, in the caller's tenant, with its KYC data: `generalConditions` and the fields the service is configured to require (INDIVIDUAL_REQUIRED_FIELDS). It stores the user, publishes `user.is-created` and answers only its id. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 409 `user_exists` when the tenant has a user with this `idNumber` or `email`; the contract's 404 (files not found) does not occur, as onboarding takes no files.
     */
    post: operations['createIndividualPerson'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/legal-person': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Onboard a legal person (company)
     * @description Onboards an end user who is a legal person (a company), in the caller's tenant, with its KYC data: its registration, places, owners (at most 4 above 25 percent), administrators, representative and expected activity. It stores the user, publishes `user.is-created` and answers only its id. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 409 `user_exists` when the tenant has a user with this `idNumber` or `email`; the contract's 404 (files not found) does not occur, as onboarding takes no files.
     */
    post: operations['createLegalPerson'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List users: an admin's of every tenant; a client's (extension) of its own tenant
     * @description Lists users: an admin's token lists every tenant's, any other client's its own tenant's (extension); filter by `email`, `idNumber`, `externalReference` and creation dates. Changes nothing and is safe to repeat. An empty page is `[]`; a token bound to an end user is refused (403 `user_token_forbidden`).
     */
    get: operations['listUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a user
     * @description Reads a user with its KYC summary and its `blocked` flag: one of the caller's tenant (an admin: any tenant's); a token bound to an end user reads only that user. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown, deleted or other tenant's user; 403 `user_forbidden` for another user than the token's.
     */
    get: operations['getUser'];
    put?: never;
    post?: never;
    /**
     * Delete a user (soft; the record is kept for compliance)
     * @description Deletes a user: soft, the record stays for compliance and reads answer 404 from then on; `device` and `ip` go into the `user.is-deleted` event. A user with wallets is not deleted (the contract's rule; wallet-ledger is asked). DELETE takes no Idempotency-Key; repeating it answers 404, as the user is gone. Errors: 404 `not_found`; 403 `user_has_wallets` until its wallets are deleted.
     */
    delete: operations['deleteUser'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/individual-person': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change an individual person; `status` active|blocked sets `blocked`
     * @description Changes an individual person's KYC data: the fields sent replace theirs, and `status` (`blocked` or `active`) sets the user's `blocked` flag; it publishes `user.is-updated`. A block stops the user's money on the very next request (transfers, withdrawals, signatures, purchases and new wallets answer 403 `user_blocked`), because wallet-ledger's copy is blocked before the change commits; an unblock reaches it by event. PATCH takes no Idempotency-Key; the same change again leaves the same record. Errors: 404 `not_found`; 400 `person_type_mismatch` (the user is a legal person); 409 `user_exists` (another user has the new `idNumber` or `email`); 403 `field_forbidden` (a token bound to the user changing its status, PEP or sanctions flags, identity document or `externalReference`) or `user_forbidden` (another user than the token's).
     */
    patch: operations['updateIndividualPerson'];
    trace?: never;
  };
  '/users/{user}/legal-person': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a legal person; place objects keep their required members
     * @description Changes a legal person's data: the fields sent replace theirs (a place object is replaced whole, so it carries its required members), and `status` (`blocked` or `active`) sets the user's `blocked` flag; it publishes `user.is-updated`. A block stops the user's money on the very next request (transfers, withdrawals, signatures, purchases and new wallets answer 403 `user_blocked`); an unblock reaches wallet-ledger by event. PATCH takes no Idempotency-Key; the same change again leaves the same record. Errors: 404 `not_found`; 400 `person_type_mismatch` (the user is an individual); 409 `user_exists` (another user has the new `idNumber` or `email`); 403 `field_forbidden` (a token bound to the user changing its status, identity numbers, owners, administrators or representative) or `user_forbidden` (another user than the token's).
     */
    patch: operations['updateLegalPerson'];
    trace?: never;
  };
  '/users/{user}/wallets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a user's wallets (`*` as user: every user, admin only)
     * @description Lists a user's wallets with their balances and addresses (`*` as the user: every user's, admin only); filter by `assetId`, `assetSymbol`, `externalReference` and creation dates. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a user the caller cannot see; 403 `wildcard_forbidden` (`*` without the admin audience) or `user_forbidden` (another user than the token's).
     */
    get: operations['listWallets'];
    put?: never;
    /**
     * Open a wallet of one asset for a user (one per user and asset)
     * @description Opens a wallet of one asset for a user, in the user's tenant: the signing service derives its key and address, and the ledger opens its account at zero; it publishes `wallet.is-created` and answers its id. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Without a key, a retry answers 409 `wallet_exists`. Errors: 404 `not_found` (the user is unknown or not visible); 403 `user_blocked`; 400 `unknown_asset` (not in the catalog) or `unsupported_asset` (no wallets on its chain: EVM and Qubic have them); 409 `wallet_exists` (one wallet per user and asset).
     */
    post: operations['createWallet'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a wallet with its balances and address
     * @description Reads a wallet: its asset, `balance`, `availableBalance` (the balance less open holds such as pending withdrawals), address and user. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown, deleted or not visible wallet, or one of another user; 403 `user_forbidden` for another user than the token's.
     */
    get: operations['getWallet'];
    put?: never;
    post?: never;
    /**
     * Delete an empty wallet (soft); 403 while it holds funds
     * @description Deletes a wallet: soft, and only an empty one, with no open hold (a pending withdrawal) and no deposit waiting for confirmation; `device` and `ip` go into the `wallet.is-deleted` event. A deleted wallet receives nothing more: transfers to it and incomes into it are refused. DELETE takes no Idempotency-Key; repeating it answers 404, as the wallet is gone. Errors: 404 `not_found`; 403 `wallet_not_empty` (the contract's positive balance, an open hold or a pending deposit) or `user_forbidden`.
     */
    delete: operations['deleteWallet'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/sign-tx': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's sign-tx records
     * @description Lists a wallet's sign-tx records (`*` for user or wallet: admin only); filter by `externalReference`. Each shows its status (`sent` with its signature, or `pending_approval`, `approved`, `rejected`, `failed`) and what was asked. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listSignedTransactions'];
    put?: never;
    /**
     * Sign a transaction (EVM `tx`/`txJson`, or Qubic `qubicTxJson`)
     * @description Signs a transaction with the wallet's key: an EVM transaction, serialized (`tx`) or as fields (`txJson`), or a Qubic one (`qubicTxJson`); it answers the record's id, whose read shows the signed transaction. The tenant's policies decide on exactly what it moves: 403 `policy_blocked`, or the record is kept `pending_approval` (still 200) and signed at the approval's quorum; the signer signs only with the policy service's signed decision for exactly this transaction (docs/decisions/signing-decisions.md). What the signed transaction takes from the wallet (its value and fee reserve) is held as a `broadcast` withdrawal, so the funds cannot be spent twice. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` (the wallet); 403 `user_blocked`, `user_forbidden` or a signer's refusal (`decision_*`); 400 `insufficient_balance`, `invalid_transaction`, `unsupported_transaction_type`, `token_call_unsupported`, `value_and_token_call`, `asset_not_in_wallet`, `unsupported_asset` or `nonce_too_far` (16 signed transactions already wait unsent past the chain's count); 409 `nonce_taken`, `nonce_gap` (the nonce skips some of an address the service also sends withdrawals from: the detail names the one to sign) or `transaction_already_signed`; 503 `restore_in_progress` (the books are behind the chain: a restore is open) or `service_unavailable` (the chain node does not answer).
     */
    post: operations['createSignedTransaction'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/sign-tx/{txId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one sign-tx record
     * @description Reads one sign-tx record of a wallet: what was asked, its status and, once `sent`, its signature. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown record (or one of another kind) or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getSignedTransaction'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/sign-message': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's sign-message records
     * @description Lists a wallet's sign-message records (`*` for user or wallet: admin only); filter by `externalReference`. Each shows its status (`sent` with its signature, or `pending_approval`, `approved`, `rejected`, `failed`) and what was asked. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listSignedMessages'];
    put?: never;
    /**
     * Sign a message (EIP-191)
     * @description Signs a message (EIP-191) with the wallet's EVM key and answers the record's id, whose read shows the signature. The tenant's policies decide on it: 403 `policy_blocked`, or the record is kept `pending_approval` (still 200) and signed at the approval's quorum; the signer signs only with the policy service's signed decision for exactly this message (docs/decisions/signing-decisions.md). It moves no funds. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` (the wallet); 403 `user_blocked`, `user_forbidden` or a signer's refusal (`decision_*`); 400 `unsupported_asset` (not an EVM wallet).
     */
    post: operations['createSignedMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/sign-message/{signedMsgId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one sign-message record
     * @description Reads one sign-message record of a wallet: what was asked, its status and, once `sent`, its signature. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown record (or one of another kind) or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getSignedMessage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/sign-typed-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's sign-typed-data records
     * @description Lists a wallet's sign-typed-data records (`*` for user or wallet: admin only); filter by `externalReference`. Each shows its status (`sent` with its signature, or `pending_approval`, `approved`, `rejected`, `failed`) and what was asked. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listSignedTypedDatas'];
    put?: never;
    /**
     * Sign typed data (EIP-712; `value.primaryType` names the root type)
     * @description Signs EIP-712 typed data with the wallet's EVM key (`value.primaryType` names the root type) and answers the record's id, whose read shows the signature. The tenant's policies decide on it: 403 `policy_blocked`, or the record is kept `pending_approval` (still 200) and signed at the approval's quorum; the signer signs only with the policy service's signed decision for exactly this data (docs/decisions/signing-decisions.md). Typed data that authorizes a token transfer (a permit), recognized by what it does (verified by a catalog token, Permit2 or a configured authorizing contract, or with a `spender` or `to` address and an amount anywhere in its primary type), is refused unless a `sign-typed-data` policy with `allowTokenAuthorizations` applies; then the policies weigh each grant as its token, amount and spender (an unlimited amount, or a token outside the catalog, matches every amount rule). Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` (the wallet); 403 `user_blocked`, `user_forbidden` or a signer's refusal (`decision_*`); 400 `token_authorization_refused` (a token authorization no policy allows: it would move tokens off the ledger), `invalid_typed_data` or `unsupported_asset` (not an EVM wallet).
     */
    post: operations['createSignedTypedData'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/sign-typed-data/{signedTypedDataId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one sign-typed-data record
     * @description Reads one sign-typed-data record of a wallet: what was asked, its status and, once `sent`, its signature. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown record (or one of another kind) or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getSignedTypedData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/whitelists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's whitelist records
     * @description Lists a wallet's whitelist records with their travel-rule status (`*` for user or wallet: admin only). Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`, and 403 `token_expired` or `token_revoked` for an expired or revoked token, as the contract has it for this read.
     */
    get: operations['listWhitelists'];
    put?: never;
    /**
     * Whitelist a counterparty address for a wallet (extension); starts pending
     * @description Adds a counterparty address to a wallet's whitelist (the travel rule; extension), `pending` until an admin reviews it; a policy with the rule `destination_not_whitelisted` counts only `verified` addresses as whitelisted. The address must be one of the wallet's chain; `casp` is required for a `CASP` counterparty. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` (user or wallet); 400 `validation_failed` (an address of another chain); 409 `whitelist_exists` (the address is on the list already).
     */
    post: operations['createWhitelist'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/whitelists/{whitelist}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a whitelist record
     * @description Reads one whitelist record of a wallet. Changes nothing and is safe to repeat. Errors: 404 `not_found`; 403 `user_forbidden`, and 403 `token_expired` or `token_revoked` for an expired or revoked token, as the contract has it for this read.
     */
    get: operations['getWhitelist'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Set the travel-rule status after review (admin; extension)
     * @description Sets a whitelist record's travel-rule status after compliance's review (admin only; extension): `verified` lets a whitelist policy send to the address, `rejected` or `pending` does not. PATCH takes no Idempotency-Key; setting the same status again leaves the same record. Errors: 404 `not_found` for an unknown record.
     */
    patch: operations['updateWhitelist'];
    trace?: never;
  };
  '/transfers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List transfers
     * @description Lists the tenant's transfers with their legs (an admin: every tenant's); a token bound to an end user lists only the transfers its user sent or received. Changes nothing and is safe to repeat. An empty page is `[]`, never the contract's 404.
     */
    get: operations['listTransfers'];
    put?: never;
    /**
     * Move funds between custody wallets: every leg applies, or none
     * @description Moves funds between custody wallets of one asset: every leg applies, or none, each leg a journal entry of the ledger; it answers the transfer `approved`, with `transfer.is-created`. The tenant's policies decide first: 403 `policy_blocked` when one refuses it (nothing moves), or the transfer is answered `pending_approval` with its `approvalId`, its funds on hold until the approval's quorum books it (or a rejection releases them). Money movement with an Idempotency-Key: applied exactly once even across a crash, and a retry replays the first answer. Errors: 400 `insufficient_balance` (a leg's available balance falls short; nothing moves), `validation_failed` (a wallet that is not the named user's, another asset, one wallet as both sender and receiver, too many decimals) or `senders_span_tenants` (an admin's transfer across tenants); 404 `not_found` (an unknown sender); 403 `user_blocked` or `user_forbidden`; 409 `wallet_deleted`; 503 `timeout` or `outcome_unknown` (retry with the same key).
     */
    post: operations['createTransfer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/transfers/{transfer}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a transfer
     * @description Reads a transfer with its legs, its status (`approved`, or `pending_approval`, `rejected`, `failed` when a policy held it) and `approvalId`. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown transfer, another tenant's, or one a user-bound token's user is not part of.
     */
    get: operations['getTransfer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/incomes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report a deposit to a custody wallet (admin; manual chain adapter)
     * @description Reports a deposit to a custody wallet (admin only; the manual chain adapter, for assets no chain adapter follows): it is recorded `pending`, with `income.is-created`, and credits nothing until it is confirmed. While it is pending the wallet cannot be deleted. Money movement with an Idempotency-Key: recorded exactly once even across a crash; without a key a retry answers 409 `duplicate_income`. Errors: 404 `not_found` (an unknown or deleted wallet); 400 `validation_failed` (more decimals than the asset has); 409 `duplicate_income` (this asset, blockchain transaction id and wallet were reported already).
     */
    post: operations['reportIncome'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/incomes/{income}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Confirm (credit) or fail a pending deposit (admin)
     * @description Settles a pending deposit (admin only): `confirmed` credits the wallet once (external → wallet, with its ledger movement), `failed` never credits it. PATCH takes no Idempotency-Key, and a settled income moves no more: setting it again answers 409 `illegal_transition`, so nothing is credited twice. Errors: 404 `not_found`; 409 `illegal_transition` (it is not pending) or `wallet_deleted` (its wallet was deleted).
     */
    patch: operations['updateIncome'];
    trace?: never;
  };
  '/admin/incomes/{income}/reorg-resolution': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reverse or release a deposit a reorg took off the chain (admin)
     * @description Resolves a confirmed deposit that the chain adapter later found reorged off the chain (`reorged: true`; the wallet holds what it still had of the credit). `reversed` takes the held part of the credit back (wallet → external, a `deposit` movement `out` with subtype `reversal`); what the wallet spent before the reorg was seen stays a reconciliation delta, the house’s loss. `released` lets the deposit stand and frees the hold (its transaction was mined again, or the house accepts the loss). Announced with `income.is-resolved`. Money movement with an Idempotency-Key: applied exactly once; without one a second call answers 409. Errors: 404 `not_found`; 409 `illegal_transition` (the deposit was not reorged, or was resolved already).
     */
    post: operations['resolveIncomeReorg'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/incomes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's deposits (`*` for user and wallet: admin only)
     * @description Lists a wallet's deposits with their status (`*` for user and wallet: admin only); filter by `status` and creation dates. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listIncomes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/incomes/{income}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a deposit
     * @description Reads one deposit of a wallet. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown deposit or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getIncome'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's ledger movements (`*` for user and wallet: admin only)
     * @description Lists a wallet's ledger movements (transfers, withdrawals, deposits, purchases and sales), each with the wallet's balance after it (`*` for user and wallet: admin only); filter by `txLog` (the operation's id), asset, `movement`, `movementSubtype`, `status` and creation dates. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/transactions/{transaction}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one ledger movement
     * @description Reads one ledger movement of a wallet, with the rate a purchase or sale used. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown movement or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getTransaction'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/withdrawals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's withdrawals (`*` for user and wallet: admin only)
     * @description Lists a wallet's withdrawals (`*` for user and wallet: admin only); filter by `status`, `externalReference` and creation dates. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listWithdrawals'];
    put?: never;
    /**
     * Withdraw to an outside address; holds the amount (absent: the whole available balance)
     * @description Withdraws from a custody wallet to an outside address: it holds the amount (absent: the whole available balance), so the available balance drops while the balance stays until the withdrawal is confirmed, and answers its id, with `withdrawal.is-created`. The tenant's policies decide first: 403 `policy_blocked` when one refuses it (nothing is held), or it is created `pending_approval` (still 201) until its approval's quorum makes it `prepared`, or a rejection cancels it and releases the hold. A `prepared` withdrawal is sent by the chain adapter, whose signature the signer makes only with the policy service's decision for exactly that transaction, or moved on by an admin. Money movement with an Idempotency-Key: held exactly once even across a crash, and a retry replays the first answer. Errors: 400 `insufficient_balance` (the contract's not enough balance) or `validation_failed` (another asset than the wallet's, an address of another chain, too many decimals); 404 `not_found`; 403 `user_blocked` or `user_forbidden`.
     */
    post: operations['createWithdrawal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/withdrawals/{withdrawal}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a withdrawal
     * @description Reads a withdrawal: amount, fee, receiver, status (`pending_approval`, `prepared`, `broadcast`, `confirmed`, `failed`, `cancelled`), its chain transaction and ledger movements once settled. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown withdrawal or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getWithdrawal'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/withdrawals/{withdrawal}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Move a withdrawal through prepared → broadcast → confirmed, or to failed/cancelled (admin)
     * @description Moves a withdrawal that no chain adapter sends (admin only, the manual adapter): `broadcast` with its `blockchainTransactionId`, `confirmed` posts the debit (the receiver gets the amount less the network `fee`, which goes to the fees account; a client's signed transaction (sign-tx) paid its `fee` on top of its amount, from its fee reserve, and the rest of the reserve returns), `failed` or `cancelled` release the hold; each publishes `withdrawal.is-updated`. Money movement: it applies once, and as PATCH takes no Idempotency-Key, repeating a move answers 409 `illegal_transition` rather than booking twice. Errors: 400 `validation_failed` (a signed transaction's `fee` above its fee reserve); 404 `not_found`; 409 `illegal_transition` (allowed: prepared → broadcast → confirmed, prepared or broadcast → failed, prepared → cancelled), `chain_managed` (the chain adapter sends it and reports its outcome) or `transaction_already_booked` (another withdrawal is booked on that `blockchainTransactionId`).
     */
    patch: operations['updateWithdrawal'];
    trace?: never;
  };
  '/admin/withdrawals/{withdrawal}/speed-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Speed up a broadcast withdrawal: its transaction replaced with higher fees (admin)
     * @description Replaces the transaction of a withdrawal the chain adapter broadcast and that is not mined yet with the same payment at the same nonce and fees at least 12.5 % higher, within the fee cap its policy decision bound. The new transaction is listed in the withdrawal's `attempts` and announced with `withdrawal.is-updated` and `withdrawal.is-replaced` (which names the transaction it replaces); whichever attempt is mined settles the withdrawal and books its fee, once. A native withdrawal's hold grows to cover the higher fee. Not idempotent: each call sends another replacement (each needs 10 % more than the last). Errors: 404 `not_found`; 409 `withdrawal_not_replaceable` (not broadcast by the adapter, or settled), `fee_cap_reached` (no 10 % step fits under the cap), `fee_unaffordable` (the wallet cannot cover the higher fee), `chain_adapter_off` (no chain adapter sends its asset: an admin reports its withdrawals).
     */
    post: operations['speedUpWithdrawal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/withdrawals/{withdrawal}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a broadcast withdrawal: a zero-value replacement to its own address (admin)
     * @description Replaces the transaction of a withdrawal the chain adapter broadcast and that is not mined yet with a zero-value transfer of the address to itself at the same nonce and higher fees: once mined, the withdrawal is `failed`, the amount stays in the wallet and the fee of the cancel is paid (by the wallet for the native coin, by the house for a token). The new transaction is listed in the withdrawal's `attempts` and announced with `withdrawal.is-updated` and `withdrawal.is-replaced` (which names the transaction it replaces); whichever attempt is mined settles the withdrawal and books its fee, once. A native withdrawal's hold grows to cover the higher fee. Not idempotent: each call sends another replacement (each needs 10 % more than the last). Errors: 404 `not_found`; 409 `withdrawal_not_replaceable` (not broadcast by the adapter, or settled), `fee_cap_reached` (no 10 % step fits under the cap), `fee_unaffordable` (the wallet cannot cover the higher fee), `chain_adapter_off` (no chain adapter sends its asset: an admin reports its withdrawals).
     */
    post: operations['cancelWithdrawal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/ledger/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Advance the ledger invariant check by one bounded step (admin)
     * @description Advances the ledger's invariant check by one bounded step and answers the run's progress and the violations found so far (at most 100 rows per check): every asset sums to zero, every account equals its postings, every entry balances, no wallet is negative, and available equals balance less open holds (admin only). It writes only the check's own progress (a new run starts when the last one completed) and takes no lock a money movement waits for; one call runs at a time. Safe to repeat: each call goes on where the last one stopped.
     */
    get: operations['checkLedger'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/chain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The chain adapter's state: network, head, scan cursor, gas station (admin)
     * @description Answers the chain adapter's state (admin only): `manual` without an EVM node, `starting`, or `evm` with its network, chain id, confirmations, head block, deposit scan cursor, token contracts and gas station address and balance. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['getChainStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/treasury': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Each asset's treasury balance and the most the house may owe in it (admin)
     * @description Lists, for every asset of the catalog, its treasury balance (the system account purchases take crypto from and sales return it to: negative while the house owes crypto it sold) and `maxShort`, the most the house may owe in it (null: no bound). Changes nothing and is safe to repeat. Errors: 401, 403 (not an admin).
     */
    get: operations['listTreasury'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/treasury/{asset}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set (or lift) the most the house may owe in an asset (admin)
     * @description Sets `maxShort`, the most the house may owe in the asset: a buy that would take its treasury below −maxShort is refused with 409 `treasury_insufficient` and nothing is booked (a compromised trading service cannot make the house owe more either: wallet-ledger checks it). `null` lifts the bound. A treasury already past a new bound stays as it is; only further buys are refused. Audited as every admin change; idempotent (the same value again changes nothing, and holds nothing). When a platform `policy-change` policy governs the platform's changes, the change is held: 202 with the treasury as it still is and the `approvalId`; other admins approve it (never its initiator) and it applies at the quorum. Errors: 404 `not_found` (no such asset); 400 `validation_failed` (more decimals than the asset has).
     */
    put: operations['setTreasuryLimit'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/reconciliation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The last reconciliation of the books against the chain (admin)
     * @description Answers the last reconciliation run of the EVM adapter (admin only): the block it read the chain at (the deepest the adapter counts as confirmed), when, whether it was `clean` or `broken`, how many custody addresses it found off, and per asset the sums of the wallets' liabilities, the treasury, the booked movements, those in flight, the on-chain balances, the difference and the house's own coin. `none` before the first run (or without a chain adapter). The addresses found off are paged at `GET /v1/admin/reconciliation/deltas`. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['getReconciliation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/reconciliation/deltas': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The custody addresses the last reconciliation found off (admin)
     * @description Lists the custody addresses whose balance at the last run's block is not what the books say (admin only): each with its asset, wallet, what its deposits and withdrawals in the ledger leave there (`booked`), the movements in flight, its on-chain balance and the exact difference; empty when the last run was clean or there was none. Filter by `assetId`; sort by `address` (default), `assetId` or `createdAt`. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listReconciliationDeltas'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the asset catalog, each with its current rate and market data
     * @description Lists the asset catalog, each asset with its current rate and market data; filter by `name` and `symbol`. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listAssets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{asset}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an asset (by id or symbol) with its current rate and market data
     * @description Reads one asset, by id or symbol, with its current rate and market data. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an asset not in the catalog.
     */
    get: operations['getAsset'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{asset}/available': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the asset can be bought or sold now, and why not
     * @description Tells whether a purchase of the asset (`action` BUY or SELL) would be accepted now, and why not: `disabled` (trading it is switched off) or `rate_unavailable` (no rate fresh enough). Changes nothing and is safe to repeat. Errors: 404 `not_found` for an asset not in the catalog.
     */
    get: operations['getAssetAvailability'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{asset}/market-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Market data snapshots of an asset (`*`: every asset) in a lastUpdated window
     * @description Lists an asset's market data snapshots (volume, price changes, supply) whose `lastUpdated` lies between `lastUpdatedAfter` and `lastUpdatedBefore`, both required; `*` as the asset lists every asset's. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an asset not in the catalog; 400 `validation_failed` for an unknown `assetSymbol` or a missing window.
     */
    get: operations['listMarketData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{asset}/market-data/{marketDataId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one market data snapshot
     * @description Reads one market data snapshot of an asset (`*`: of any asset). Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown snapshot, or one of another asset.
     */
    get: operations['getMarketData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{assetId}/rates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Rate history of an asset (`interval`: only the last 1h–24h or 1d–365d)
     * @description Lists an asset's rate history (fiat price per unit, provider `type`), optionally only the last `interval` (1h to 24h, or 1d to 365d) and one provider type. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an asset not in the catalog; 400 `validation_failed` for an interval out of range or an unknown `assetSymbol`.
     */
    get: operations['listRates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{assetId}/rates/exchange': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The exchange's quote for buying or selling the asset now
     * @description Answers the exchange's live quote for buying or selling the asset (`side`), fetched from the exchange provider and stored in the rate history; when the exchange does not answer, the last stored quote of that side (its `stale` flag tells its age). Safe to repeat; each call that reaches the exchange adds its quote to the history. Errors: 404 `not_found` for an asset not in the catalog; 503 `rate_unavailable` when the exchange does not answer and no quote was ever stored.
     */
    get: operations['getExchangeRate'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assets/{assetId}/rates/{rate}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one rate; its asset carries the current rate and market data
     * @description Reads one rate of an asset; its `asset` carries the asset's current rate and market data. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown rate or asset.
     */
    get: operations['getRate'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/purchases': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's purchases (`*` for user and wallet: admin only)
     * @description Lists a wallet's purchases and sales (`*` for user and wallet: admin only); filter by `assetId`, `externalReference` and creation dates. Changes nothing and is safe to repeat. Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.
     */
    get: operations['listPurchases'];
    put?: never;
    /**
     * Buy (amount in fiat) or sell (amount in crypto) the wallet’s asset at the current rate
     * @description Buys (`amount` in fiat) or sells (`amount` in the asset) the wallet's asset at its current rate, less the configured fee, and settles it on the ledger against the treasury at once; it answers the purchase's id once it is `approved`, with `purchase.is-created`. The tenant's `purchase` policies (and `any`) decide first on its crypto amount and its fiat value at the quoted rate: 403 `policy_blocked` when one refuses it (nothing is recorded or booked), or it is recorded `pending_approval` and answered 201 with `status` and `approvalId`, nothing booked until its approval's quorum settles it at the quoted price (a rejection, expiry or cancellation ends it `rejected`, nothing booked). A purchase the ledger refuses is recorded `rejected` and answers the ledger's error. Money movement with an Idempotency-Key: settled exactly once even across a crash, and a retry replays the first answer (or finishes a purchase left pending). Errors: 400 `insufficient_balance` (a sell above the available balance), `asset_disabled`, `amount_too_small`, `amount_too_large`, `asset_mismatch` or `validation_failed` (another `fiatCurrency` than the configured one, too many decimals); 403 `policy_blocked` (with `policyIds`), `user_blocked` or `user_forbidden`; 404 `not_found` (the wallet); 409 `wallet_deleted` or `idempotency_conflict`; 503 `rate_unavailable` (no rate fresh enough).
     */
    post: operations['createPurchase'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/purchases/{purchase}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a purchase
     * @description Reads one purchase: operation, amounts, fee, the rate it used and its status (`pending`, `pending_approval` with its `approvalId`, `approved` or `rejected` with its `failure`). Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown purchase or a wallet the caller cannot see; 403 `user_forbidden`.
     */
    get: operations['getPurchase'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The notification types, each with your tenant's receivers (an admin's too)
     * @description Lists the notification types (one per event, such as `withdrawal.is-created`), each with the receivers the caller's tenant subscribed to it. Changes nothing and is safe to repeat. An empty page is `[]`, never the contract's 404.
     */
    get: operations['listNotificationTypes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/signing-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your webhook signing secret (Standard Webhooks `whsec_…`; created on first read)
     * @description Answers the tenant's webhook signing secret (Standard Webhooks, `whsec_…`), with which every delivery to its `url` receivers is signed. The first read creates it; later reads answer the same secret, so it is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['getWebhookSigningSecret'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/signing-secret/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the signing secret; the old one keeps signing alongside for 24 h
     * @description Replaces the tenant's webhook signing secret with a new one and answers it; deliveries are signed with both the new and the previous secret until `previousValidUntil` (24 h), so receivers can switch without missing one. Each call makes a new secret; with an Idempotency-Key a retry rotates nothing again and answers the secret in force with the first answer's `previousValidUntil` (the stored answer keeps no secret). No errors of its own beyond the common ones.
     */
    post: operations['rotateWebhookSigningSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delivery log of your receivers (extension)
     * @description Lists the delivery log of the tenant's receivers (extension): each delivery's event, channel, status (`pending`, `delivered`, `failed`, `dead`, `skipped`) and attempts so far; filter by `event`, `receiverId` and `status`. Changes nothing and is safe to repeat. No errors of its own: another tenant's receiver matches nothing.
     */
    get: operations['listDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again (extension)
     * @description Queues one delivery of the tenant's again, whatever its outcome so far (extension); its attempts keep counting. Each call queues it again; with an Idempotency-Key a retry replays the first answer instead. Errors: 404 `not_found` for an unknown delivery or another tenant's.
     */
    post: operations['redeliver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/{notificationId}/receivers/{receiverId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A receiver's deliveries, each with its attempts (extension)
     * @description Lists one receiver's deliveries, each with its attempts (time, HTTP status, error, duration; extension); filter by `status`. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown receiver or another tenant's.
     */
    get: operations['listReceiverDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/{notificationId}/receivers/{receiverId}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver every event of the type since a time again (extension)
     * @description Delivers to one receiver again every event of its type recorded since `since` (until `until`, or now), in the feed's order (extension): a new delivery where it had none, the old one queued again where it ended; one still in flight is left to finish. It answers 202 with the deliveries queued (`replayed`) and left (`skipped`); a retry queues again what has ended by then, unless an Idempotency-Key replays the first answer. Errors: 404 `not_found` (the receiver); 400 `validation_failed` (`until` not after `since`) or `replay_too_large` (more than 10,000 events: replay a shorter time).
     */
    post: operations['replayReceiver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/{notificationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscribe a receiver to a notification type
     * @description Subscribes a receiver to a notification type: an e-mail address, a Slack webhook, a phone number for SMS and/or a `url` that gets a signed HTTP POST of each event of the type in the caller's tenant. A `url` or Slack address must resolve to a public address when it is given. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 404 `not_found` (the notification type); 400 `validation_failed` (a host that does not resolve) or `url_not_allowed` (a private or local address); 409 `receiver_limit` (the tenant has as many receivers as it may have).
     */
    post: operations['createReceiver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/{notificationId}/receivers/{receiverId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Unsubscribe a receiver
     * @description Unsubscribes a receiver: soft, and no event is delivered to it from then on. DELETE takes no Idempotency-Key; repeating it answers 404, as the receiver is gone. Errors: 404 `not_found` for an unknown or deleted receiver, or another tenant's.
     */
    delete: operations['deleteReceiver'];
    options?: never;
    head?: never;
    /**
     * Change a receiver (re-enables a disabled one)
     * @description Changes a receiver's channels; it also re-enables a receiver that deliveries had disabled after failing too long. PATCH takes no Idempotency-Key; the same change again leaves the same receiver. Errors: 404 `not_found` (an unknown or deleted receiver, or another tenant's); 400 `validation_failed` or `url_not_allowed` as when it was created.
     */
    patch: operations['updateReceiver'];
    trace?: never;
  };
  '/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The event feed: every event of the caller's tenant, in order (extension)
     * @description Reads the event feed (extension): every event of the caller's tenant (an admin: of every tenant) in a stable order, a page after the `after` cursor (none: the oldest kept), optionally only some `types`; the `Link` header gives the next page, so a client that missed webhooks can catch up. Changes nothing and is safe to repeat from any cursor the feed gave. Errors: 400 `validation_failed` or `invalid_cursor` (a cursor this feed did not give).
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/events/{event}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One event of the feed (extension)
     * @description Reads one event of the feed, as its deliveries carried it (extension). Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown event, another tenant's, or one past its retention.
     */
    get: operations['getEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/policies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the policies that apply: the tenant's and the platform's
     * @description Lists the policies that apply to the caller: its tenant's and the platform's (an admin: every policy); filter by `activity` and `enabled`. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listPolicies'];
    put?: never;
    /**
     * Create a policy (a tenant's; an admin's applies to every tenant)
     * @description Creates a policy of the caller's tenant (an admin's: a platform policy, applied to every tenant): for an activity (withdrawal, transfer, a kind of signature, `purchase`, `issuer-activity` — an issuer's REQUEST activities, governed by its tenant's and the platform's policies —, `policy-change` or `any`: every operation on a wallet, purchases included), a rule (`always`, an amount, a fiat amount, a velocity window, or a destination not whitelisted) and an action, `block` (403 `policy_blocked`) or `require_approval` by its approvers' quorum. When a `policy-change` policy governs the tenant's policies, the creation is held: 202 with the `approvalId`, and the policy exists once the approval has its quorum. A `sign-typed-data` policy with `allowTokenAuthorizations` lets token authorizations (permits) be signed where it applies, which are refused otherwise; its rule may then weigh their amount or spender. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Errors: 400 `approvers_required`, `approvers_not_allowed`, `approver_not_eligible`, `quorum_unreachable`, `rule_not_applicable` (such as `destination_not_whitelisted` for a purchase or an issuer activity, which have no outside destination), `action_not_applicable`, `velocity_limit_required` or `asset_required` (a policy that could never work as written).
     */
    post: operations['createPolicy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/policies/{policy}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a policy
     * @description Reads one policy of the caller's tenant, or a platform policy. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown or deleted policy, or another tenant's.
     */
    get: operations['getPolicy'];
    put?: never;
    post?: never;
    /**
     * Delete a policy (a platform policy: admins only)
     * @description Deletes a policy (soft): it no longer applies from then on; a tenant deletes its own policies, an admin the platform's. When a `policy-change` policy governs them, the deletion is held: 202 with the `approvalId`, applied at the quorum. DELETE takes no Idempotency-Key; repeating it answers 404 once the policy is gone. Errors: 404 `not_found`; 403 `policy_read_only` or `policy_blocked`; 409 `policy_changed` (changed or deleted meanwhile).
     */
    delete: operations['deletePolicy'];
    options?: never;
    head?: never;
    /**
     * Change a policy (a platform policy: admins only)
     * @description Changes a policy: the fields sent replace theirs (`filters: null` removes the filters) and the result is checked as a whole; a tenant changes its own policies, an admin the platform's. When a `policy-change` policy governs them, the change is held: 202 with the policy as it still is and the `approvalId`, and it applies at the quorum if the policy has not changed meanwhile. PATCH takes no Idempotency-Key; the same change again leaves the same policy. Errors: 404 `not_found`; 403 `policy_read_only` (a platform policy for a tenant, or a tenant's for an admin) or `policy_blocked`; 409 `policy_changed` (changed or deleted meanwhile: read it again); 400 as on creation.
     */
    patch: operations['updatePolicy'];
    trace?: never;
  };
  '/approvals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the tenant's approvals (admins: every tenant's)
     * @description Lists the approvals of the caller's tenant (an admin: of every tenant): the operations policies held (withdrawals, transfers, signatures, purchases, issuer activities, policy changes), what each would do, the policies that held it, the quorums and the decisions so far; filter by `status` and activity. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listApprovals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/approvals/{approval}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an approval with its decisions so far
     * @description Reads one approval with the operation it holds, its requirements and the decisions so far. Changes nothing and is safe to repeat. Errors: 404 `not_found` for an unknown approval or another tenant's.
     */
    get: operations['getApproval'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/approvals/{approval}/decisions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve or reject a held operation (not one the caller started)
     * @description Records the caller's decision on a pending approval: `approve` counts toward each requirement the caller is an approver of, `reject` ends it at once. When the quorum is reached (or on a rejection) the approval settles and the held operation follows: a withdrawal becomes `prepared` or is cancelled, a transfer is booked or its hold released, a signature or an issuer's REQUEST activity is signed (with the policy service's decision naming it) or rejected, a purchase is settled or rejected, a policy change is applied or dropped. Not idempotent: a second decision of the same client answers 409 `already_decided` (with an Idempotency-Key, a retry replays the first answer). Where a holding policy says `approvers.signed`, an approve counts only with `signature`: an approver credential of the caller (`POST /v1/clients/me/approver-keys`) signs the digest of the approval's `signing.statement` — an Ed25519 key (the SDK's `signApproval`), or a passkey answering a WebAuthn request with the digest as challenge (the SDK's `approvalChallenge` and `passkeySignature`); the signature is kept with the decision and carried to the signer, which verifies it against its own registry. Errors: 404 `not_found`; 400 `approval_signature_required` (an approve without a signature where one is required); 403 `self_approval_forbidden` (the client that started the operation), `approver_forbidden` (not one of its approvers) or `approval_signature_invalid` (not the caller's active credential's signature of this approval's statement: another approval's or operation's, another client's key, a revoked or pending one, a passkey's assertion of another origin or relying party or without user verification); 409 `approval_finished` (no longer pending or past its expiry), `already_decided` or `approval_not_needed` (its requirements have their quorum). Nothing is counted when it is refused.
     */
    post: operations['decideApproval'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients/me/approver-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the caller's approver keys
     * @description Lists the caller's approver keys, oldest first, with their status (pending, active, revoked) and how many clients endorsed each. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listApproverKeys'];
    put?: never;
    /**
     * Register an approver key of the caller (an Ed25519 key or a passkey)
     * @description Registers a credential with which the caller signs its approvals (where a policy says `approvers.signed`, an approve counts only signed): an Ed25519 public key, or one of the caller's registered passkeys (`kind: webauthn`, `passkeyId`; it signs with a WebAuthn assertion, the person verified on the device). `proof` shows the caller holds the private key. The key is sent to the signer's own registry: the tenant's first key (an admin's: the platform's first) is admitted at once (trust on first use, at setup), any later one only once other keys of the tenant endorsed it (`POST /v1/approver-keys/{key}/endorsements`) — from min(2, the clients with keys) distinct clients — and is `pending` until then. Asked again with the same key while it is pending, it is offered to the signer again (no second key). Errors: 400 `approver_key_invalid` (`ed25519` without a raw Ed25519 `publicKey`, `webauthn` without `passkeyId`, or both given); 403 `approver_proof_invalid` (`proof` is not its signature of its registration digest: for a passkey, an assertion of another challenge, origin or relying party, or without user verification), `approver_forbidden` (an auditor); 404 `not_found` (`passkeyId` is not one of the caller’s passkeys); 409 `approver_key_exists` (the key is registered already, by another client or revoked).
     */
    post: operations['registerApproverKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients/me/approver-keys/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke one of the caller’s approver keys
     * @description Revokes one of the caller's approver keys, for good: the policy service no longer counts its signatures, and the signer's registry drops it (a revocation needs no endorsement: it only removes power). Approvals it signed that are not yet used lose its signature at the signer. Idempotent: revoking a revoked key answers it again (and tells the signer again). Errors: 404 `not_found` (an unknown key, or another client's).
     */
    delete: operations['revokeApproverKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/approver-keys/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an approver key of the caller's tenant (to endorse it)
     * @description Reads one approver key of the caller's tenant (an admin: of the admins), with its client, public key and status: what an endorser checks and signs (the endorsement digest is computed from its tenantId, clientId, kind and publicKey and the endorser's credential id). Changes nothing and is safe to repeat. Errors: 404 `not_found` (an unknown key, or another tenant's).
     */
    get: operations['getApproverKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/approver-keys/{key}/endorsements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Endorse a pending approver key of the tenant with one of the caller’s
     * @description Endorses a pending approver key of the caller's tenant (an admin: another admin's) with one of the caller's active keys: `signature` is that key's signature of the endorsement digest (the pending key's facts and the endorsing credential's id, under another purpose than a registration proof's: a proof never endorses; a passkey's: its assertion over it). The key is offered to the signer's registry with every endorsement so far, and becomes `active` once min(2, the clients with keys) distinct clients endorsed it (the key's own client may be one: a single-client tenant rotates its key so). Endorsing again with the same key changes nothing. Errors: 404 `not_found` (an unknown key, or another tenant's); 403 `endorsement_invalid` (`credentialId` is not the caller's active key of this tenant, or `signature` does not verify); 409 `approver_key_not_pending` (active or revoked already).
     */
    post: operations['endorseApproverKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients/me/passkeys/registration-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start registering a passkey of the caller (WebAuthn creation options)
     * @description Answers the options of a WebAuthn registration for the caller (`navigator.credentials.create`, or `startRegistration` of `@simplewebauthn/browser`): the relying party (WEBAUTHN_RP_ID), the caller as the user (its id as the user handle), a discoverable credential with user verification required, and the caller's passkeys to exclude. It keeps the challenge for five minutes, for one registration: every call makes a new one (not idempotent; Idempotency-Key is not used). A login that may only enroll a passkey (passkeys required of the client, none registered yet) may call it. No errors of its own beyond the common ones.
     */
    post: operations['createPasskeyRegistrationOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients/me/passkeys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the caller's passkeys
     * @description Lists the caller's passkeys, oldest first, with their names, transports, public keys, and when each was registered and last signed in. A passkey's public key is what its registration as an approver credential names (`POST /v1/clients/me/approver-keys` with `kind: webauthn`). Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listPasskeys'];
    put?: never;
    /**
     * Register a passkey of the caller (the WebAuthn attestation)
     * @description Registers the passkey an authenticator made for the options of `POST /v1/clients/me/passkeys/registration-options`: the answer is verified against that challenge (used up by this call, whatever its outcome), the relying party's id and origins, with the user verified; the passkey is kept with its public key, counter and transports, under `name` (default `Passkey n`). A client has several passkeys; each signs it in (`POST /v1/tokens`, grant `urn:custody:webauthn`). Not idempotent: the same answer again finds its challenge used. Errors: 400 `webauthn_challenge_invalid` (unknown, expired or used challenge, or another client’s) or `passkey_registration_invalid` (the attestation does not verify: origin, relying party, user verification, signature); 409 `passkey_exists` (the credential is registered already).
     */
    post: operations['registerPasskey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clients/me/passkeys/{passkey}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove one of the caller’s passkeys
     * @description Removes one of the caller’s passkeys: it no longer signs in (sessions it opened go on until they end), and its approver credential, if it signs approvals, is revoked here and in the signer’s registry. Not its last one while passkeys are required of the caller (an admin in production, a member of a tenant that requires them): a lost last passkey is recovered by an admin’s reset (`PATCH /v1/clients/{client}` with `passkeysReset`, held by the tenant’s policy-change policies). Deleting it again answers 404. Errors: 404 `not_found` (an unknown passkey, or another client's); 409 `passkey_last_required`.
     */
    delete: operations['deletePasskey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the audit log of mutating requests (extension)
     * @description Reads the append-only audit log (admin only; extension): one record per mutating request through the gateway (who, what, outcome) and per refused call between services; filter by `userId`, `clientId`, `action` and time. Changes nothing and is safe to repeat. No errors of its own beyond the common ones.
     */
    get: operations['listAuditEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the audit log with its hash chains, as JSON Lines (extension)
     * @description Streams the audit log as JSON Lines (extension; docs/decisions/audit.md): a header line with the keys that sign the checkpoints, then every record of a chain (one per tenant, `platform` for records without one) in chain order with its position `seq`, `prevHash` and `hash`, then an end line with the count; an admin exports every chain or the `chain` named, any other client its own tenant's chain. Verify it offline against the `audit-checkpoint.is-created` events of the feed and the webhooks (`custody audit verify`, the SDK's `verifyAuditExport`): a record changed, removed or moved in the database no longer verifies. Changes nothing and is safe to repeat. Errors: 403 `forbidden` (a client naming another tenant's chain). A failure after the first line cuts the stream short: an export without its end line is incomplete.
     */
    get: operations['exportAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/ping/{service}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Round-trip an RPC ping to one backend service
     * @description Sends one RPC ping to a backend service through the broker and answers the replica that answered, its uptime and its readiness checks (admin only). Changes nothing and is safe to repeat. Errors: 503 `broker_unavailable` or `service_unavailable` (no replica consumes its queue); 504 `upstream_timeout` (no answer in time).
     */
    get: operations['pingService'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The health of the broker, Redis and every backend service, as the gateway sees it
     * @description Runs the gateway's readiness checks (the broker, Redis and a ping to every backend service) and answers each outcome, as its internal /readyz sees them (admin only); the public /readyz says only ready or not. Changes nothing; a failed check is reported with 200, not as an error. No errors of its own beyond the common ones.
     */
    get: operations['getSystemHealth'];
    put?: never;
    post?: never;
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
    /** @description The records that match, before paging: exact up to 1000; past it, 1000 with X-Total-Count-Lower-Bound. */
    'X-Total-Count': number;
    /** @description Present (`true`) when the count stopped at its cap: more records match. */
    'X-Total-Count-Lower-Bound': 'true';
    /** @description RFC 8288 links: `first`, `prev` (page mode), `next` (carries the opaque `after` cursor) and `last` (when the total is exact). None for `limit=0`. */
    Link: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  createToken: {
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
        'application/json':
          | {
              /** @constant */
              grant_type: 'password';
              /** @description The client e-mail */
              username: string;
              password: string;
              userId?: string;
            }
          | {
              /** @constant */
              grant_type: 'refresh_token';
              refresh_token: string;
              userId?: string;
            }
          | {
              /** @constant */
              grant_type: 'urn:custody:webauthn';
              /** @description A passkey's assertion over the challenge, as WebAuthn serializes it */
              response: {
                /** @description The credential id, base64url */
                id: string;
                rawId: string;
                /** @constant */
                type: 'public-key';
                authenticatorAttachment?: string;
                clientExtensionResults?: Record<string, never>;
                response: {
                  clientDataJSON: string;
                  authenticatorData: string;
                  signature: string;
                  userHandle?: string;
                };
              };
              userId?: string;
            }
          | {
              /** @constant */
              grant_type: 'urn:custody:enrollment-code';
              /** @description The client e-mail */
              username: string;
              /** @description The one-time enrollment code (the bootstrap admin’s, printed once) */
              code: string;
            };
      };
    };
    responses: {
      /** @description Token issued */
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
            access_token: string;
            /** @constant */
            token_type: 'Bearer';
            /** @description Seconds until the access token expires */
            expires_in: string;
            refresh_token: string;
            client: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              email: string;
              audience: ('general' | 'admin' | 'auditor')[];
              personId?: string;
              /** @description The tenant the client acts for: its own id, or its tenant */
              tenantId: string;
              /**
               * @description A tenant's: its members sign in with passkeys (present when required)
               * @constant
               */
              passkeyRequired?: true;
            };
            userId?: string;
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
  createWebAuthnChallenge: {
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
          /** @description The client e-mail whose passkeys may answer */
          username?: string;
        };
      };
    };
    responses: {
      /** @description The request options */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Used once, within the timeout */
            challenge: string;
            /** Format: int64 */
            timeout?: number;
            rpId?: string;
            /** @description The e-mail's passkeys, when one was named */
            allowCredentials?: {
              /** @description A credential id, base64url */
              id: string;
              /** @description `public-key` */
              type: string;
              transports?: string[];
            }[];
            userVerification?: string;
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
  revokeToken: {
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
          token: string;
        };
      };
    };
    responses: {
      /** @description Revoked (also when the token was unknown) */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            revoked: true;
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
  listClients: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?:
          | 'createdAt'
          | '-createdAt'
          | 'updatedAt'
          | '-updatedAt'
          | 'name'
          | '-name'
          | 'email'
          | '-email';
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
      /** @description Clients */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
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
            email: string;
            audience: ('general' | 'admin' | 'auditor')[];
            personId?: string;
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
            /**
             * @description A tenant's: its members sign in with passkeys (present when required)
             * @constant
             */
            passkeyRequired?: true;
          }[];
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
  createClient: {
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
          /** Format: email */
          email: string;
          password: string;
          audience?: ('general' | 'admin' | 'auditor')[];
          /** @description Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all */
          scopes?: string[][];
          /** @description The person who holds this login, as you name them (an employee number, say); set at creation only. Two clients of one person count as one approver, and a person never approves what they started, whichever client they use */
          personId?: string;
          /**
           * Format: uuid
           * @description Makes the client a member of this tenant (an existing general client's id): it acts on the tenant's users, wallets and operations within its own scopes
           */
          tenantId?: string;
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
            email: string;
            audience: ('general' | 'admin' | 'auditor')[];
            personId?: string;
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
            /**
             * @description A tenant's: its members sign in with passkeys (present when required)
             * @constant
             */
            passkeyRequired?: true;
          };
        };
      };
      /** @description Held for approval by a policy-change policy of the client's tenant (an admin's: the platform's): it takes effect at the quorum */
      202: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The id the client will have */
            id: string;
            /** @description The approval the change waits for */
            approvalId: string;
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
  getClient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        client: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The client */
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
            email: string;
            audience: ('general' | 'admin' | 'auditor')[];
            personId?: string;
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
            /**
             * @description A tenant's: its members sign in with passkeys (present when required)
             * @constant
             */
            passkeyRequired?: true;
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
  deleteClient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        client: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  updateClient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        client: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** Format: email */
          email?: string;
          password?: string;
          audience?: ('general' | 'admin' | 'auditor')[];
          /** @description Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all */
          scopes?: string[][];
          /** @description A tenant's (a general client that is no member): its members sign in with passkeys; one without any signs in with its password only to register one. Turning it off is held like a new password */
          passkeyRequired?: boolean;
          /**
           * @description Removes every passkey of the client, the recovery of a lost one: held like a new password, and it revokes the client's tokens
           * @constant
           */
          passkeysReset?: true;
        };
      };
    };
    responses: {
      /** @description The changed client */
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
            email: string;
            audience: ('general' | 'admin' | 'auditor')[];
            personId?: string;
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
            /**
             * @description A tenant's: its members sign in with passkeys (present when required)
             * @constant
             */
            passkeyRequired?: true;
          };
        };
      };
      /** @description Held for approval by a policy-change policy of the client's tenant (an admin's: the platform's): it takes effect at the quorum (the client as it still is) */
      202: {
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
            email: string;
            audience: ('general' | 'admin' | 'auditor')[];
            personId?: string;
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
            /**
             * @description A tenant's: its members sign in with passkeys (present when required)
             * @constant
             */
            passkeyRequired?: true;
            /** @description The approval the change waits for */
            approvalId: string;
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
  listApiClients: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?:
          'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt' | 'name' | '-name' | 'id' | '-id';
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
      /** @description Api clients */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
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
            description: string;
            secret: string;
            /** @enum {string} */
            audience: 'general' | 'admin';
            /** Format: int64 */
            accessTokenExpiresIn: number;
            /** Format: int64 */
            refreshTokenExpiresIn: number;
          }[];
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
  createApiClient: {
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
          id?: string;
          name: string;
          description?: string;
          secret?: string;
          /** @enum {string} */
          audience?: 'general' | 'admin';
          /** Format: int32 */
          accessTokenExpiresIn?: number;
          /** Format: int32 */
          refreshTokenExpiresIn?: number;
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
            description: string;
            secret: string;
            /** @enum {string} */
            audience: 'general' | 'admin';
            /** Format: int64 */
            accessTokenExpiresIn: number;
            /** Format: int64 */
            refreshTokenExpiresIn: number;
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
  getApiClient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        apiClient: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The api client */
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
            description: string;
            secret: string;
            /** @enum {string} */
            audience: 'general' | 'admin';
            /** Format: int64 */
            accessTokenExpiresIn: number;
            /** Format: int64 */
            refreshTokenExpiresIn: number;
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
  deleteApiClient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        apiClient: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  updateApiClient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        apiClient: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          description?: string;
          secret?: string;
          /** @enum {string} */
          audience?: 'general' | 'admin';
          /** Format: int32 */
          accessTokenExpiresIn?: number;
          /** Format: int32 */
          refreshTokenExpiresIn?: number;
        };
      };
    };
    responses: {
      /** @description The changed api client */
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
            description: string;
            secret: string;
            /** @enum {string} */
            audience: 'general' | 'admin';
            /** Format: int64 */
            accessTokenExpiresIn: number;
            /** Format: int64 */
            refreshTokenExpiresIn: number;
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
  listEnumIdType: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'id' | '-id' | 'name' | '-name';
        id?: string;
        name?: string;
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
      /** @description Entries */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            code?: string;
            group?: string;
            /** @description The local (Spanish) name; an extension. */
            localName?: string;
          }[];
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
  listEnumCnae: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'code' | '-code' | 'group' | '-group' | 'name' | '-name';
        code?: string;
        group?: string;
        name?: string;
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
      /** @description Entries */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            code?: string;
            group?: string;
            /** @description The local (Spanish) name; an extension. */
            localName?: string;
          }[];
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
  listEnumCompanyType: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'id' | '-id' | 'name' | '-name';
        id?: string;
        name?: string;
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
      /** @description Entries */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            code?: string;
            group?: string;
            /** @description The local (Spanish) name; an extension. */
            localName?: string;
          }[];
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
  listEnumPurposeBusinessRelationship: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'id' | '-id' | 'name' | '-name';
        id?: string;
        name?: string;
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
      /** @description Entries */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            code?: string;
            group?: string;
            /** @description The local (Spanish) name; an extension. */
            localName?: string;
          }[];
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
  createIndividualPerson: {
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
          generalConditions: string;
          idNumber?: string;
          /** @enum {string} */
          idType?: '1' | '2' | '3' | '99';
          idExpireDate?: string;
          name?: string;
          middleName?: string;
          surname?: string;
          secondLastName?: string;
          dateOfBirth?: string;
          phoneNumber?: string;
          /** @enum {string} */
          nationality?:
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW';
          /** @enum {string} */
          residenceCountry?:
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW';
          /** @enum {string} */
          countryOfBirth?:
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW';
          address?: string;
          postalCode?: string;
          addressCity?: string;
          device?: string;
          ip?: string;
          /** @enum {string} */
          professionalActivity?: '1' | '2' | '3' | '4' | '99';
          /** @enum {string} */
          professionalActivitySector?:
            | 'A'
            | 'B'
            | 'C'
            | 'D'
            | 'E'
            | 'F'
            | 'G'
            | 'H'
            | 'I'
            | 'J'
            | 'K'
            | 'L'
            | 'M'
            | 'N'
            | 'O'
            | 'P';
          businessRelationshipQuestionnaire?: string;
          sourceOfFundsQuestionnaire?: string;
          /** Format: email */
          email?: string;
          /** @enum {string} */
          businessSector?:
            | '1'
            | '2'
            | '3'
            | '4'
            | '5'
            | '6'
            | '7'
            | '8'
            | '9'
            | '10'
            | '11'
            | '12'
            | '13'
            | '14'
            | '15'
            | '16'
            | '17'
            | '18'
            | '19'
            | '20'
            | '99';
          /** @enum {string} */
          businessRelationship?: 'A' | 'B' | 'C' | 'D';
          /** @enum {string} */
          sourceOfFunds?: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
          pep?: boolean;
          sanctions?: boolean;
          externalReference?: string;
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
  createLegalPerson: {
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
          generalConditions: string;
          device: string;
          ip: string;
          idNumber: string;
          legalName: string;
          phoneNumber: string;
          /** Format: email */
          email: string;
          tradename: string;
          /** @enum {string} */
          companyType:
            | '1'
            | '2'
            | '3'
            | '4'
            | '5'
            | '6'
            | '7'
            | '8'
            | '9'
            | '10'
            | '11'
            | '12'
            | '13'
            | '14'
            | '15'
            | '16'
            | '17'
            | '18'
            | '19'
            | '20'
            | '21'
            | '22'
            | '23'
            | '24'
            | '25'
            | '26'
            | '27'
            | '28'
            | '29'
            | '30'
            | '31'
            | '32'
            | '33'
            | '34'
            | '35'
            | '36'
            | '37'
            | '38'
            | '39'
            | '40';
          constitutionDate: string;
          constitutionPlace: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          taxResidence: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          CNAE: string;
          registeredOffice: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          mainOffice: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          countriesBusinessActivity?: (
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW'
          )[];
          individualsCompany: {
            name: string;
            surnames: string;
            /** @enum {string} */
            nationality?:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            /** @enum {string} */
            idType: '1' | '2' | '3' | '99';
            idNumber: string;
          }[];
          companyAdministrationCommittee: {
            name: string;
            surnames: string;
            address: string;
            /** @enum {string} */
            idType: '1' | '2' | '3' | '99';
            idNumber: string;
            position: string;
          }[];
          adminPersonName: string;
          /** @enum {string} */
          adminPersonIdType: '1' | '2' | '3' | '4' | '99';
          adminPersonIdNumber: string;
          /** @enum {string} */
          representativeIdType: '1' | '2' | '3' | '4' | '99';
          representativeIdNumber: string;
          annualRevenueVolume: string;
          contractedServices: string;
          /** @enum {string} */
          purposeBusinessRelationship: '1' | '2' | '3' | '4';
          numExpectedTransactions: string;
          expectedAmountToCustodyFirstYear: string;
          externalReference?: string;
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
  listUsers: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?:
          | 'createdAt'
          | '-createdAt'
          | 'updatedAt'
          | '-updatedAt'
          | 'email'
          | '-email'
          | 'idNumber'
          | '-idNumber';
        createdAfter?: string;
        createdBefore?: string;
        externalReference?: string;
        email?: string;
        idNumber?: string;
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
      /** @description Users */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            generalConditions: string;
            idNumber?: string;
            email?: string;
            individualPerson?: {
              idNumber?: string;
              name?: string;
              surname?: string;
              middleName?: string;
              email?: string;
            };
            legalPerson?: {
              generalConditions: string;
              device: string;
              ip: string;
              idNumber: string;
              legalName: string;
            };
            blocked: boolean;
            externalReference?: string;
          }[];
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
  getUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user */
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
            generalConditions: string;
            idNumber?: string;
            email?: string;
            individualPerson?: {
              idNumber?: string;
              name?: string;
              surname?: string;
              middleName?: string;
              email?: string;
            };
            legalPerson?: {
              generalConditions: string;
              device: string;
              ip: string;
              idNumber: string;
              legalName: string;
            };
            blocked: boolean;
            externalReference?: string;
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
  deleteUser: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          device: string;
          ip: string;
        };
      };
    };
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  updateIndividualPerson: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          generalConditions?: string;
          idNumber?: string;
          /** @enum {string} */
          idType?: '1' | '2' | '3' | '99';
          idExpireDate?: string;
          name?: string;
          middleName?: string;
          surname?: string;
          secondLastName?: string;
          dateOfBirth?: string;
          phoneNumber?: string;
          /** @enum {string} */
          nationality?:
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW';
          /** @enum {string} */
          residenceCountry?:
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW';
          /** @enum {string} */
          countryOfBirth?:
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW';
          address?: string;
          postalCode?: string;
          addressCity?: string;
          device?: string;
          ip?: string;
          /** @enum {string} */
          professionalActivity?: '1' | '2' | '3' | '4' | '99';
          /** @enum {string} */
          professionalActivitySector?:
            | 'A'
            | 'B'
            | 'C'
            | 'D'
            | 'E'
            | 'F'
            | 'G'
            | 'H'
            | 'I'
            | 'J'
            | 'K'
            | 'L'
            | 'M'
            | 'N'
            | 'O'
            | 'P';
          businessRelationshipQuestionnaire?: string;
          sourceOfFundsQuestionnaire?: string;
          /** Format: email */
          email?: string;
          /** @enum {string} */
          businessSector?:
            | '1'
            | '2'
            | '3'
            | '4'
            | '5'
            | '6'
            | '7'
            | '8'
            | '9'
            | '10'
            | '11'
            | '12'
            | '13'
            | '14'
            | '15'
            | '16'
            | '17'
            | '18'
            | '19'
            | '20'
            | '99';
          /** @enum {string} */
          businessRelationship?: 'A' | 'B' | 'C' | 'D';
          /** @enum {string} */
          sourceOfFunds?: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
          pep?: boolean;
          sanctions?: boolean;
          externalReference?: string;
          /** @enum {string} */
          status?: 'active' | 'blocked';
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  updateLegalPerson: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          generalConditions?: string;
          device?: string;
          ip?: string;
          idNumber?: string;
          legalName?: string;
          phoneNumber?: string;
          /** Format: email */
          email?: string;
          tradename?: string;
          /** @enum {string} */
          companyType?:
            | '1'
            | '2'
            | '3'
            | '4'
            | '5'
            | '6'
            | '7'
            | '8'
            | '9'
            | '10'
            | '11'
            | '12'
            | '13'
            | '14'
            | '15'
            | '16'
            | '17'
            | '18'
            | '19'
            | '20'
            | '21'
            | '22'
            | '23'
            | '24'
            | '25'
            | '26'
            | '27'
            | '28'
            | '29'
            | '30'
            | '31'
            | '32'
            | '33'
            | '34'
            | '35'
            | '36'
            | '37'
            | '38'
            | '39'
            | '40';
          constitutionDate?: string;
          constitutionPlace?: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          taxResidence?: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          CNAE?: string;
          registeredOffice?: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          mainOffice?: {
            /** @enum {string} */
            country:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            city: string;
            postalCode: string;
            address: string;
          };
          countriesBusinessActivity?: (
            | 'AD'
            | 'AE'
            | 'AF'
            | 'AG'
            | 'AI'
            | 'AL'
            | 'AM'
            | 'AO'
            | 'AQ'
            | 'AR'
            | 'AS'
            | 'AT'
            | 'AU'
            | 'AW'
            | 'AX'
            | 'AZ'
            | 'BA'
            | 'BB'
            | 'BD'
            | 'BE'
            | 'BF'
            | 'BG'
            | 'BH'
            | 'BI'
            | 'BJ'
            | 'BL'
            | 'BM'
            | 'BN'
            | 'BO'
            | 'BQ'
            | 'BR'
            | 'BS'
            | 'BT'
            | 'BV'
            | 'BW'
            | 'BY'
            | 'BZ'
            | 'CA'
            | 'CC'
            | 'CD'
            | 'CF'
            | 'CG'
            | 'CH'
            | 'CI'
            | 'CK'
            | 'CL'
            | 'CM'
            | 'CN'
            | 'CO'
            | 'CR'
            | 'CU'
            | 'CV'
            | 'CW'
            | 'CX'
            | 'CY'
            | 'CZ'
            | 'DE'
            | 'DJ'
            | 'DK'
            | 'DM'
            | 'DO'
            | 'DZ'
            | 'EC'
            | 'EE'
            | 'EG'
            | 'EH'
            | 'ER'
            | 'ES'
            | 'ET'
            | 'FI'
            | 'FJ'
            | 'FK'
            | 'FM'
            | 'FO'
            | 'FR'
            | 'GA'
            | 'GB'
            | 'GD'
            | 'GE'
            | 'GF'
            | 'GG'
            | 'GH'
            | 'GI'
            | 'GL'
            | 'GM'
            | 'GN'
            | 'GP'
            | 'GQ'
            | 'GR'
            | 'GS'
            | 'GT'
            | 'GU'
            | 'GW'
            | 'GY'
            | 'HK'
            | 'HM'
            | 'HN'
            | 'HR'
            | 'HT'
            | 'HU'
            | 'ID'
            | 'IE'
            | 'IL'
            | 'IM'
            | 'IN'
            | 'IO'
            | 'IQ'
            | 'IR'
            | 'IS'
            | 'IT'
            | 'JE'
            | 'JM'
            | 'JO'
            | 'JP'
            | 'KE'
            | 'KG'
            | 'KH'
            | 'KI'
            | 'KM'
            | 'KN'
            | 'KP'
            | 'KR'
            | 'KW'
            | 'KY'
            | 'KZ'
            | 'LA'
            | 'LB'
            | 'LC'
            | 'LI'
            | 'LK'
            | 'LR'
            | 'LS'
            | 'LT'
            | 'LU'
            | 'LV'
            | 'LY'
            | 'MA'
            | 'MC'
            | 'MD'
            | 'ME'
            | 'MF'
            | 'MG'
            | 'MH'
            | 'MK'
            | 'ML'
            | 'MM'
            | 'MN'
            | 'MO'
            | 'MP'
            | 'MQ'
            | 'MR'
            | 'MS'
            | 'MT'
            | 'MU'
            | 'MV'
            | 'MW'
            | 'MX'
            | 'MY'
            | 'MZ'
            | 'NA'
            | 'NC'
            | 'NE'
            | 'NF'
            | 'NG'
            | 'NI'
            | 'NL'
            | 'NO'
            | 'NP'
            | 'NR'
            | 'NU'
            | 'NZ'
            | 'OM'
            | 'PA'
            | 'PE'
            | 'PF'
            | 'PG'
            | 'PH'
            | 'PK'
            | 'PL'
            | 'PM'
            | 'PN'
            | 'PR'
            | 'PS'
            | 'PT'
            | 'PW'
            | 'PY'
            | 'QA'
            | 'RE'
            | 'RO'
            | 'RS'
            | 'RU'
            | 'RW'
            | 'SA'
            | 'SB'
            | 'SC'
            | 'SD'
            | 'SE'
            | 'SG'
            | 'SH'
            | 'SI'
            | 'SJ'
            | 'SK'
            | 'SL'
            | 'SM'
            | 'SN'
            | 'SO'
            | 'SR'
            | 'SS'
            | 'ST'
            | 'SV'
            | 'SX'
            | 'SY'
            | 'SZ'
            | 'TC'
            | 'TD'
            | 'TF'
            | 'TG'
            | 'TH'
            | 'TJ'
            | 'TK'
            | 'TL'
            | 'TM'
            | 'TN'
            | 'TO'
            | 'TR'
            | 'TT'
            | 'TV'
            | 'TW'
            | 'TZ'
            | 'UA'
            | 'UG'
            | 'UM'
            | 'US'
            | 'UY'
            | 'UZ'
            | 'VA'
            | 'VC'
            | 'VE'
            | 'VG'
            | 'VI'
            | 'VN'
            | 'VU'
            | 'WF'
            | 'WS'
            | 'YE'
            | 'YT'
            | 'ZA'
            | 'ZM'
            | 'ZW'
          )[];
          individualsCompany?: {
            name: string;
            surnames: string;
            /** @enum {string} */
            nationality?:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            /** @enum {string} */
            idType: '1' | '2' | '3' | '99';
            idNumber: string;
          }[];
          companyAdministrationCommittee?: {
            name: string;
            surnames: string;
            address: string;
            /** @enum {string} */
            idType: '1' | '2' | '3' | '99';
            idNumber: string;
            position: string;
          }[];
          adminPersonName?: string;
          /** @enum {string} */
          adminPersonIdType?: '1' | '2' | '3' | '4' | '99';
          adminPersonIdNumber?: string;
          /** @enum {string} */
          representativeIdType?: '1' | '2' | '3' | '4' | '99';
          representativeIdNumber?: string;
          annualRevenueVolume?: string;
          contractedServices?: string;
          /** @enum {string} */
          purposeBusinessRelationship?: '1' | '2' | '3' | '4';
          numExpectedTransactions?: string;
          expectedAmountToCustodyFirstYear?: string;
          externalReference?: string;
          /** @enum {string} */
          status?: 'active' | 'blocked';
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  listWallets: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt';
        createdAfter?: string;
        createdBefore?: string;
        externalReference?: string;
        assetSymbol?: string;
        assetId?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Wallets */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
            };
            balance: string;
            availableBalance: string;
            address: string;
            user: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              generalConditions: string;
              idNumber?: string;
            };
            externalReference?: string;
          }[];
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
  createWallet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          assetId: string;
          device: string;
          ip: string;
          externalReference?: string;
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
  getWallet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The wallet */
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
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
            };
            balance: string;
            availableBalance: string;
            address: string;
            user: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              generalConditions: string;
              idNumber?: string;
            };
            externalReference?: string;
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
  deleteWallet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          device: string;
          ip: string;
        };
      };
    };
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  listSignedTransactions: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        externalReference?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Records */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
            walletId: string;
            /**
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'approved' | 'rejected' | 'failed';
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …) */
            failureReason?: string;
            signedTx: string | null;
            to: string | null;
            value: string | null;
            gasPrice: string | null;
            nonce: string | null;
            gasLimit: string | null;
            data: string | null;
            /** @description Extension: the withdrawal that holds what the transaction takes from the wallet (native value and network fee, or a catalog token moved or approved) */
            withdrawalId?: string;
          }[];
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
  createSignedTransaction: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          tx?: string;
          txJson?: {
            to?: string;
            value?: string;
            gasPrice?: string;
            gasLimit?: string;
            maxPriorityFeePerGas?: string;
            maxFeePerGas?: string;
            nonce?: string;
            data?: string;
          };
          qubicTxJson?: {
            destinationPublicKey: string;
            amount: string;
            /** Format: int32 */
            type: number;
            /** Format: int64 */
            tick: number;
          };
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Signed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
      /** @description A backing service is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSignedTransaction: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        sort?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        txId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record */
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
            userId: string;
            walletId: string;
            /**
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'approved' | 'rejected' | 'failed';
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …) */
            failureReason?: string;
            signedTx: string | null;
            to: string | null;
            value: string | null;
            gasPrice: string | null;
            nonce: string | null;
            gasLimit: string | null;
            data: string | null;
            /** @description Extension: the withdrawal that holds what the transaction takes from the wallet (native value and network fee, or a catalog token moved or approved) */
            withdrawalId?: string;
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
  listSignedMessages: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        externalReference?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Records */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
            walletId: string;
            /**
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'approved' | 'rejected' | 'failed';
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …) */
            failureReason?: string;
            signedMessage: string | null;
            message: string;
          }[];
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
  createSignedMessage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          message: string;
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Signed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
      /** @description A backing service is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSignedMessage: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        sort?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        signedMsgId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record */
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
            userId: string;
            walletId: string;
            /**
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'approved' | 'rejected' | 'failed';
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …) */
            failureReason?: string;
            signedMessage: string | null;
            message: string;
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
  listSignedTypedDatas: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        externalReference?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Records */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
            walletId: string;
            /**
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'approved' | 'rejected' | 'failed';
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …) */
            failureReason?: string;
            signedTypedData: string | null;
            typedData: {
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
          }[];
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
  createSignedTypedData: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          typedData: {
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
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Signed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
      /** @description A backing service is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSignedTypedData: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        sort?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        signedTypedDataId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record */
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
            userId: string;
            walletId: string;
            /**
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'approved' | 'rejected' | 'failed';
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …) */
            failureReason?: string;
            signedTypedData: string | null;
            typedData: {
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
  listWhitelists: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt';
        createdAfter?: string;
        createdBefore?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Whitelist records */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
            userFullName: string;
            counterPartyFullName: string;
            walletId: string;
            assetId: string;
            address: string;
            /** @enum {string} */
            counterPartyType: 'CASP' | 'SELF_HOSTED';
            /** @enum {string} */
            travelRuleStatus: 'pending' | 'verified' | 'rejected';
            tenantId: string;
            /** @description As given; `{}` when none was */
            casp: {
              name?: string;
              lei?: string;
              /** @enum {string} */
              country?:
                | 'AD'
                | 'AE'
                | 'AF'
                | 'AG'
                | 'AI'
                | 'AL'
                | 'AM'
                | 'AO'
                | 'AQ'
                | 'AR'
                | 'AS'
                | 'AT'
                | 'AU'
                | 'AW'
                | 'AX'
                | 'AZ'
                | 'BA'
                | 'BB'
                | 'BD'
                | 'BE'
                | 'BF'
                | 'BG'
                | 'BH'
                | 'BI'
                | 'BJ'
                | 'BL'
                | 'BM'
                | 'BN'
                | 'BO'
                | 'BQ'
                | 'BR'
                | 'BS'
                | 'BT'
                | 'BV'
                | 'BW'
                | 'BY'
                | 'BZ'
                | 'CA'
                | 'CC'
                | 'CD'
                | 'CF'
                | 'CG'
                | 'CH'
                | 'CI'
                | 'CK'
                | 'CL'
                | 'CM'
                | 'CN'
                | 'CO'
                | 'CR'
                | 'CU'
                | 'CV'
                | 'CW'
                | 'CX'
                | 'CY'
                | 'CZ'
                | 'DE'
                | 'DJ'
                | 'DK'
                | 'DM'
                | 'DO'
                | 'DZ'
                | 'EC'
                | 'EE'
                | 'EG'
                | 'EH'
                | 'ER'
                | 'ES'
                | 'ET'
                | 'FI'
                | 'FJ'
                | 'FK'
                | 'FM'
                | 'FO'
                | 'FR'
                | 'GA'
                | 'GB'
                | 'GD'
                | 'GE'
                | 'GF'
                | 'GG'
                | 'GH'
                | 'GI'
                | 'GL'
                | 'GM'
                | 'GN'
                | 'GP'
                | 'GQ'
                | 'GR'
                | 'GS'
                | 'GT'
                | 'GU'
                | 'GW'
                | 'GY'
                | 'HK'
                | 'HM'
                | 'HN'
                | 'HR'
                | 'HT'
                | 'HU'
                | 'ID'
                | 'IE'
                | 'IL'
                | 'IM'
                | 'IN'
                | 'IO'
                | 'IQ'
                | 'IR'
                | 'IS'
                | 'IT'
                | 'JE'
                | 'JM'
                | 'JO'
                | 'JP'
                | 'KE'
                | 'KG'
                | 'KH'
                | 'KI'
                | 'KM'
                | 'KN'
                | 'KP'
                | 'KR'
                | 'KW'
                | 'KY'
                | 'KZ'
                | 'LA'
                | 'LB'
                | 'LC'
                | 'LI'
                | 'LK'
                | 'LR'
                | 'LS'
                | 'LT'
                | 'LU'
                | 'LV'
                | 'LY'
                | 'MA'
                | 'MC'
                | 'MD'
                | 'ME'
                | 'MF'
                | 'MG'
                | 'MH'
                | 'MK'
                | 'ML'
                | 'MM'
                | 'MN'
                | 'MO'
                | 'MP'
                | 'MQ'
                | 'MR'
                | 'MS'
                | 'MT'
                | 'MU'
                | 'MV'
                | 'MW'
                | 'MX'
                | 'MY'
                | 'MZ'
                | 'NA'
                | 'NC'
                | 'NE'
                | 'NF'
                | 'NG'
                | 'NI'
                | 'NL'
                | 'NO'
                | 'NP'
                | 'NR'
                | 'NU'
                | 'NZ'
                | 'OM'
                | 'PA'
                | 'PE'
                | 'PF'
                | 'PG'
                | 'PH'
                | 'PK'
                | 'PL'
                | 'PM'
                | 'PN'
                | 'PR'
                | 'PS'
                | 'PT'
                | 'PW'
                | 'PY'
                | 'QA'
                | 'RE'
                | 'RO'
                | 'RS'
                | 'RU'
                | 'RW'
                | 'SA'
                | 'SB'
                | 'SC'
                | 'SD'
                | 'SE'
                | 'SG'
                | 'SH'
                | 'SI'
                | 'SJ'
                | 'SK'
                | 'SL'
                | 'SM'
                | 'SN'
                | 'SO'
                | 'SR'
                | 'SS'
                | 'ST'
                | 'SV'
                | 'SX'
                | 'SY'
                | 'SZ'
                | 'TC'
                | 'TD'
                | 'TF'
                | 'TG'
                | 'TH'
                | 'TJ'
                | 'TK'
                | 'TL'
                | 'TM'
                | 'TN'
                | 'TO'
                | 'TR'
                | 'TT'
                | 'TV'
                | 'TW'
                | 'TZ'
                | 'UA'
                | 'UG'
                | 'UM'
                | 'US'
                | 'UY'
                | 'UZ'
                | 'VA'
                | 'VC'
                | 'VE'
                | 'VG'
                | 'VI'
                | 'VN'
                | 'VU'
                | 'WF'
                | 'WS'
                | 'YE'
                | 'YT'
                | 'ZA'
                | 'ZM'
                | 'ZW';
              did?: string;
            };
          }[];
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
  createWhitelist: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          address: string;
          counterPartyFullName: string;
          /** @enum {string} */
          counterPartyType: 'CASP' | 'SELF_HOSTED';
          casp?: {
            name?: string;
            lei?: string;
            /** @enum {string} */
            country?:
              | 'AD'
              | 'AE'
              | 'AF'
              | 'AG'
              | 'AI'
              | 'AL'
              | 'AM'
              | 'AO'
              | 'AQ'
              | 'AR'
              | 'AS'
              | 'AT'
              | 'AU'
              | 'AW'
              | 'AX'
              | 'AZ'
              | 'BA'
              | 'BB'
              | 'BD'
              | 'BE'
              | 'BF'
              | 'BG'
              | 'BH'
              | 'BI'
              | 'BJ'
              | 'BL'
              | 'BM'
              | 'BN'
              | 'BO'
              | 'BQ'
              | 'BR'
              | 'BS'
              | 'BT'
              | 'BV'
              | 'BW'
              | 'BY'
              | 'BZ'
              | 'CA'
              | 'CC'
              | 'CD'
              | 'CF'
              | 'CG'
              | 'CH'
              | 'CI'
              | 'CK'
              | 'CL'
              | 'CM'
              | 'CN'
              | 'CO'
              | 'CR'
              | 'CU'
              | 'CV'
              | 'CW'
              | 'CX'
              | 'CY'
              | 'CZ'
              | 'DE'
              | 'DJ'
              | 'DK'
              | 'DM'
              | 'DO'
              | 'DZ'
              | 'EC'
              | 'EE'
              | 'EG'
              | 'EH'
              | 'ER'
              | 'ES'
              | 'ET'
              | 'FI'
              | 'FJ'
              | 'FK'
              | 'FM'
              | 'FO'
              | 'FR'
              | 'GA'
              | 'GB'
              | 'GD'
              | 'GE'
              | 'GF'
              | 'GG'
              | 'GH'
              | 'GI'
              | 'GL'
              | 'GM'
              | 'GN'
              | 'GP'
              | 'GQ'
              | 'GR'
              | 'GS'
              | 'GT'
              | 'GU'
              | 'GW'
              | 'GY'
              | 'HK'
              | 'HM'
              | 'HN'
              | 'HR'
              | 'HT'
              | 'HU'
              | 'ID'
              | 'IE'
              | 'IL'
              | 'IM'
              | 'IN'
              | 'IO'
              | 'IQ'
              | 'IR'
              | 'IS'
              | 'IT'
              | 'JE'
              | 'JM'
              | 'JO'
              | 'JP'
              | 'KE'
              | 'KG'
              | 'KH'
              | 'KI'
              | 'KM'
              | 'KN'
              | 'KP'
              | 'KR'
              | 'KW'
              | 'KY'
              | 'KZ'
              | 'LA'
              | 'LB'
              | 'LC'
              | 'LI'
              | 'LK'
              | 'LR'
              | 'LS'
              | 'LT'
              | 'LU'
              | 'LV'
              | 'LY'
              | 'MA'
              | 'MC'
              | 'MD'
              | 'ME'
              | 'MF'
              | 'MG'
              | 'MH'
              | 'MK'
              | 'ML'
              | 'MM'
              | 'MN'
              | 'MO'
              | 'MP'
              | 'MQ'
              | 'MR'
              | 'MS'
              | 'MT'
              | 'MU'
              | 'MV'
              | 'MW'
              | 'MX'
              | 'MY'
              | 'MZ'
              | 'NA'
              | 'NC'
              | 'NE'
              | 'NF'
              | 'NG'
              | 'NI'
              | 'NL'
              | 'NO'
              | 'NP'
              | 'NR'
              | 'NU'
              | 'NZ'
              | 'OM'
              | 'PA'
              | 'PE'
              | 'PF'
              | 'PG'
              | 'PH'
              | 'PK'
              | 'PL'
              | 'PM'
              | 'PN'
              | 'PR'
              | 'PS'
              | 'PT'
              | 'PW'
              | 'PY'
              | 'QA'
              | 'RE'
              | 'RO'
              | 'RS'
              | 'RU'
              | 'RW'
              | 'SA'
              | 'SB'
              | 'SC'
              | 'SD'
              | 'SE'
              | 'SG'
              | 'SH'
              | 'SI'
              | 'SJ'
              | 'SK'
              | 'SL'
              | 'SM'
              | 'SN'
              | 'SO'
              | 'SR'
              | 'SS'
              | 'ST'
              | 'SV'
              | 'SX'
              | 'SY'
              | 'SZ'
              | 'TC'
              | 'TD'
              | 'TF'
              | 'TG'
              | 'TH'
              | 'TJ'
              | 'TK'
              | 'TL'
              | 'TM'
              | 'TN'
              | 'TO'
              | 'TR'
              | 'TT'
              | 'TV'
              | 'TW'
              | 'TZ'
              | 'UA'
              | 'UG'
              | 'UM'
              | 'US'
              | 'UY'
              | 'UZ'
              | 'VA'
              | 'VC'
              | 'VE'
              | 'VG'
              | 'VI'
              | 'VN'
              | 'VU'
              | 'WF'
              | 'WS'
              | 'YE'
              | 'YT'
              | 'ZA'
              | 'ZM'
              | 'ZW';
            did?: string;
          };
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
  getWhitelist: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        whitelist: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The record */
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
            userId: string;
            userFullName: string;
            counterPartyFullName: string;
            walletId: string;
            assetId: string;
            address: string;
            /** @enum {string} */
            counterPartyType: 'CASP' | 'SELF_HOSTED';
            /** @enum {string} */
            travelRuleStatus: 'pending' | 'verified' | 'rejected';
            tenantId: string;
            /** @description As given; `{}` when none was */
            casp: {
              name?: string;
              lei?: string;
              /** @enum {string} */
              country?:
                | 'AD'
                | 'AE'
                | 'AF'
                | 'AG'
                | 'AI'
                | 'AL'
                | 'AM'
                | 'AO'
                | 'AQ'
                | 'AR'
                | 'AS'
                | 'AT'
                | 'AU'
                | 'AW'
                | 'AX'
                | 'AZ'
                | 'BA'
                | 'BB'
                | 'BD'
                | 'BE'
                | 'BF'
                | 'BG'
                | 'BH'
                | 'BI'
                | 'BJ'
                | 'BL'
                | 'BM'
                | 'BN'
                | 'BO'
                | 'BQ'
                | 'BR'
                | 'BS'
                | 'BT'
                | 'BV'
                | 'BW'
                | 'BY'
                | 'BZ'
                | 'CA'
                | 'CC'
                | 'CD'
                | 'CF'
                | 'CG'
                | 'CH'
                | 'CI'
                | 'CK'
                | 'CL'
                | 'CM'
                | 'CN'
                | 'CO'
                | 'CR'
                | 'CU'
                | 'CV'
                | 'CW'
                | 'CX'
                | 'CY'
                | 'CZ'
                | 'DE'
                | 'DJ'
                | 'DK'
                | 'DM'
                | 'DO'
                | 'DZ'
                | 'EC'
                | 'EE'
                | 'EG'
                | 'EH'
                | 'ER'
                | 'ES'
                | 'ET'
                | 'FI'
                | 'FJ'
                | 'FK'
                | 'FM'
                | 'FO'
                | 'FR'
                | 'GA'
                | 'GB'
                | 'GD'
                | 'GE'
                | 'GF'
                | 'GG'
                | 'GH'
                | 'GI'
                | 'GL'
                | 'GM'
                | 'GN'
                | 'GP'
                | 'GQ'
                | 'GR'
                | 'GS'
                | 'GT'
                | 'GU'
                | 'GW'
                | 'GY'
                | 'HK'
                | 'HM'
                | 'HN'
                | 'HR'
                | 'HT'
                | 'HU'
                | 'ID'
                | 'IE'
                | 'IL'
                | 'IM'
                | 'IN'
                | 'IO'
                | 'IQ'
                | 'IR'
                | 'IS'
                | 'IT'
                | 'JE'
                | 'JM'
                | 'JO'
                | 'JP'
                | 'KE'
                | 'KG'
                | 'KH'
                | 'KI'
                | 'KM'
                | 'KN'
                | 'KP'
                | 'KR'
                | 'KW'
                | 'KY'
                | 'KZ'
                | 'LA'
                | 'LB'
                | 'LC'
                | 'LI'
                | 'LK'
                | 'LR'
                | 'LS'
                | 'LT'
                | 'LU'
                | 'LV'
                | 'LY'
                | 'MA'
                | 'MC'
                | 'MD'
                | 'ME'
                | 'MF'
                | 'MG'
                | 'MH'
                | 'MK'
                | 'ML'
                | 'MM'
                | 'MN'
                | 'MO'
                | 'MP'
                | 'MQ'
                | 'MR'
                | 'MS'
                | 'MT'
                | 'MU'
                | 'MV'
                | 'MW'
                | 'MX'
                | 'MY'
                | 'MZ'
                | 'NA'
                | 'NC'
                | 'NE'
                | 'NF'
                | 'NG'
                | 'NI'
                | 'NL'
                | 'NO'
                | 'NP'
                | 'NR'
                | 'NU'
                | 'NZ'
                | 'OM'
                | 'PA'
                | 'PE'
                | 'PF'
                | 'PG'
                | 'PH'
                | 'PK'
                | 'PL'
                | 'PM'
                | 'PN'
                | 'PR'
                | 'PS'
                | 'PT'
                | 'PW'
                | 'PY'
                | 'QA'
                | 'RE'
                | 'RO'
                | 'RS'
                | 'RU'
                | 'RW'
                | 'SA'
                | 'SB'
                | 'SC'
                | 'SD'
                | 'SE'
                | 'SG'
                | 'SH'
                | 'SI'
                | 'SJ'
                | 'SK'
                | 'SL'
                | 'SM'
                | 'SN'
                | 'SO'
                | 'SR'
                | 'SS'
                | 'ST'
                | 'SV'
                | 'SX'
                | 'SY'
                | 'SZ'
                | 'TC'
                | 'TD'
                | 'TF'
                | 'TG'
                | 'TH'
                | 'TJ'
                | 'TK'
                | 'TL'
                | 'TM'
                | 'TN'
                | 'TO'
                | 'TR'
                | 'TT'
                | 'TV'
                | 'TW'
                | 'TZ'
                | 'UA'
                | 'UG'
                | 'UM'
                | 'US'
                | 'UY'
                | 'UZ'
                | 'VA'
                | 'VC'
                | 'VE'
                | 'VG'
                | 'VI'
                | 'VN'
                | 'VU'
                | 'WF'
                | 'WS'
                | 'YE'
                | 'YT'
                | 'ZA'
                | 'ZM'
                | 'ZW';
              did?: string;
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
  updateWhitelist: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        whitelist: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          travelRuleStatus: 'pending' | 'verified' | 'rejected';
        };
      };
    };
    responses: {
      /** @description The record */
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
            userId: string;
            userFullName: string;
            counterPartyFullName: string;
            walletId: string;
            assetId: string;
            address: string;
            /** @enum {string} */
            counterPartyType: 'CASP' | 'SELF_HOSTED';
            /** @enum {string} */
            travelRuleStatus: 'pending' | 'verified' | 'rejected';
            tenantId: string;
            /** @description As given; `{}` when none was */
            casp: {
              name?: string;
              lei?: string;
              /** @enum {string} */
              country?:
                | 'AD'
                | 'AE'
                | 'AF'
                | 'AG'
                | 'AI'
                | 'AL'
                | 'AM'
                | 'AO'
                | 'AQ'
                | 'AR'
                | 'AS'
                | 'AT'
                | 'AU'
                | 'AW'
                | 'AX'
                | 'AZ'
                | 'BA'
                | 'BB'
                | 'BD'
                | 'BE'
                | 'BF'
                | 'BG'
                | 'BH'
                | 'BI'
                | 'BJ'
                | 'BL'
                | 'BM'
                | 'BN'
                | 'BO'
                | 'BQ'
                | 'BR'
                | 'BS'
                | 'BT'
                | 'BV'
                | 'BW'
                | 'BY'
                | 'BZ'
                | 'CA'
                | 'CC'
                | 'CD'
                | 'CF'
                | 'CG'
                | 'CH'
                | 'CI'
                | 'CK'
                | 'CL'
                | 'CM'
                | 'CN'
                | 'CO'
                | 'CR'
                | 'CU'
                | 'CV'
                | 'CW'
                | 'CX'
                | 'CY'
                | 'CZ'
                | 'DE'
                | 'DJ'
                | 'DK'
                | 'DM'
                | 'DO'
                | 'DZ'
                | 'EC'
                | 'EE'
                | 'EG'
                | 'EH'
                | 'ER'
                | 'ES'
                | 'ET'
                | 'FI'
                | 'FJ'
                | 'FK'
                | 'FM'
                | 'FO'
                | 'FR'
                | 'GA'
                | 'GB'
                | 'GD'
                | 'GE'
                | 'GF'
                | 'GG'
                | 'GH'
                | 'GI'
                | 'GL'
                | 'GM'
                | 'GN'
                | 'GP'
                | 'GQ'
                | 'GR'
                | 'GS'
                | 'GT'
                | 'GU'
                | 'GW'
                | 'GY'
                | 'HK'
                | 'HM'
                | 'HN'
                | 'HR'
                | 'HT'
                | 'HU'
                | 'ID'
                | 'IE'
                | 'IL'
                | 'IM'
                | 'IN'
                | 'IO'
                | 'IQ'
                | 'IR'
                | 'IS'
                | 'IT'
                | 'JE'
                | 'JM'
                | 'JO'
                | 'JP'
                | 'KE'
                | 'KG'
                | 'KH'
                | 'KI'
                | 'KM'
                | 'KN'
                | 'KP'
                | 'KR'
                | 'KW'
                | 'KY'
                | 'KZ'
                | 'LA'
                | 'LB'
                | 'LC'
                | 'LI'
                | 'LK'
                | 'LR'
                | 'LS'
                | 'LT'
                | 'LU'
                | 'LV'
                | 'LY'
                | 'MA'
                | 'MC'
                | 'MD'
                | 'ME'
                | 'MF'
                | 'MG'
                | 'MH'
                | 'MK'
                | 'ML'
                | 'MM'
                | 'MN'
                | 'MO'
                | 'MP'
                | 'MQ'
                | 'MR'
                | 'MS'
                | 'MT'
                | 'MU'
                | 'MV'
                | 'MW'
                | 'MX'
                | 'MY'
                | 'MZ'
                | 'NA'
                | 'NC'
                | 'NE'
                | 'NF'
                | 'NG'
                | 'NI'
                | 'NL'
                | 'NO'
                | 'NP'
                | 'NR'
                | 'NU'
                | 'NZ'
                | 'OM'
                | 'PA'
                | 'PE'
                | 'PF'
                | 'PG'
                | 'PH'
                | 'PK'
                | 'PL'
                | 'PM'
                | 'PN'
                | 'PR'
                | 'PS'
                | 'PT'
                | 'PW'
                | 'PY'
                | 'QA'
                | 'RE'
                | 'RO'
                | 'RS'
                | 'RU'
                | 'RW'
                | 'SA'
                | 'SB'
                | 'SC'
                | 'SD'
                | 'SE'
                | 'SG'
                | 'SH'
                | 'SI'
                | 'SJ'
                | 'SK'
                | 'SL'
                | 'SM'
                | 'SN'
                | 'SO'
                | 'SR'
                | 'SS'
                | 'ST'
                | 'SV'
                | 'SX'
                | 'SY'
                | 'SZ'
                | 'TC'
                | 'TD'
                | 'TF'
                | 'TG'
                | 'TH'
                | 'TJ'
                | 'TK'
                | 'TL'
                | 'TM'
                | 'TN'
                | 'TO'
                | 'TR'
                | 'TT'
                | 'TV'
                | 'TW'
                | 'TZ'
                | 'UA'
                | 'UG'
                | 'UM'
                | 'US'
                | 'UY'
                | 'UZ'
                | 'VA'
                | 'VC'
                | 'VE'
                | 'VG'
                | 'VI'
                | 'VN'
                | 'VU'
                | 'WF'
                | 'WS'
                | 'YE'
                | 'YT'
                | 'ZA'
                | 'ZM'
                | 'ZW';
              did?: string;
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
  listTransfers: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        externalReference?: string;
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
      /** @description Transfers */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
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
             * @description `approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)
             * @enum {string}
             */
            status: 'approved' | 'pending_approval' | 'rejected' | 'failed';
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not booked (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`) */
            failureReason?: string;
            transactions: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /**
               * @description `approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)
               * @enum {string}
               */
              status: 'approved' | 'pending_approval' | 'rejected' | 'failed';
              /**
               * @description Decimal amount as a string
               * @example 12.5
               */
              amount: string;
            }[];
            requestedTransactions: {
              assetId: string;
              senderUserId: string;
              senderWalletId: string;
              receiverUserId: string;
              receiverWalletId: string;
              /** @enum {string} */
              type?: 'transfer';
              /**
               * @description Decimal amount as a string
               * @example 12.5
               */
              amount: string;
              externalReference?: string;
            }[];
            externalReference?: string;
          }[];
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
  createTransfer: {
    parameters: {
      query?: {
        externalReference?: string;
      };
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
          requestedTransactions: {
            assetId: string;
            senderUserId: string;
            senderWalletId: string;
            receiverUserId: string;
            receiverWalletId: string;
            /** @enum {string} */
            type?: 'transfer';
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            externalReference?: string;
          }[];
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description The transfer */
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
            /**
             * @description `approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)
             * @enum {string}
             */
            status: 'approved' | 'pending_approval' | 'rejected' | 'failed';
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not booked (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`) */
            failureReason?: string;
            transactions: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /**
               * @description `approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)
               * @enum {string}
               */
              status: 'approved' | 'pending_approval' | 'rejected' | 'failed';
              /**
               * @description Decimal amount as a string
               * @example 12.5
               */
              amount: string;
            }[];
            requestedTransactions: {
              assetId: string;
              senderUserId: string;
              senderWalletId: string;
              receiverUserId: string;
              receiverWalletId: string;
              /** @enum {string} */
              type?: 'transfer';
              /**
               * @description Decimal amount as a string
               * @example 12.5
               */
              amount: string;
              externalReference?: string;
            }[];
            externalReference?: string;
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
  getTransfer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        transfer: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The transfer */
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
             * @description `approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)
             * @enum {string}
             */
            status: 'approved' | 'pending_approval' | 'rejected' | 'failed';
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: why it was not booked (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`) */
            failureReason?: string;
            transactions: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /**
               * @description `approved` (the contract's: booked); extensions: `pending_approval` (held by a policy, its funds on hold), `rejected` (its approval was rejected, expired or cancelled; holds released), `failed` (approved, but it could not be booked: see `failureReason`)
               * @enum {string}
               */
              status: 'approved' | 'pending_approval' | 'rejected' | 'failed';
              /**
               * @description Decimal amount as a string
               * @example 12.5
               */
              amount: string;
            }[];
            requestedTransactions: {
              assetId: string;
              senderUserId: string;
              senderWalletId: string;
              receiverUserId: string;
              receiverWalletId: string;
              /** @enum {string} */
              type?: 'transfer';
              /**
               * @description Decimal amount as a string
               * @example 12.5
               */
              amount: string;
              externalReference?: string;
            }[];
            externalReference?: string;
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
  reportIncome: {
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
          walletId: string;
          /**
           * @description Decimal amount as a string
           * @example 12.5
           */
          amount: string;
          blockchainTransactionId: string;
          senderAddress: string;
          transactionTimestamp: string;
        };
      };
    };
    responses: {
      /** @description Recorded as pending */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  updateIncome: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        income: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'confirmed' | 'failed';
        };
      };
    };
    responses: {
      /** @description The income */
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
            userId: string;
            walletId: string;
            assetId: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            blockchainTransactionId: string;
            senderAddress: string;
            /** @enum {string} */
            status: 'pending' | 'confirmed' | 'failed';
            /** Format: date-time */
            transactionTimestamp: string;
            rateId?: string;
            /**
             * @description Extension: present when the confirmed deposit was later taken off the chain by a reorg
             * @constant
             */
            reorged?: true;
            /** @description Extension: the reorg of a confirmed deposit and its resolution by an admin */
            reorg?: {
              /** Format: date-time */
              detectedAt: string;
              /**
               * @description What a hold keeps of the credit: the wallet’s available balance when the reorg was found, at most the amount
               * @example 12.5
               */
              held: string;
              /** @enum {string} */
              resolution?: 'reversed' | 'released';
              /** Format: date-time */
              resolvedAt?: string;
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
  resolveIncomeReorg: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        income: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          resolution: 'reversed' | 'released';
        };
      };
    };
    responses: {
      /** @description The income, resolved */
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
            userId: string;
            walletId: string;
            assetId: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            blockchainTransactionId: string;
            senderAddress: string;
            /** @enum {string} */
            status: 'pending' | 'confirmed' | 'failed';
            /** Format: date-time */
            transactionTimestamp: string;
            rateId?: string;
            /**
             * @description Extension: present when the confirmed deposit was later taken off the chain by a reorg
             * @constant
             */
            reorged?: true;
            /** @description Extension: the reorg of a confirmed deposit and its resolution by an admin */
            reorg?: {
              /** Format: date-time */
              detectedAt: string;
              /**
               * @description What a hold keeps of the credit: the wallet’s available balance when the reorg was found, at most the amount
               * @example 12.5
               */
              held: string;
              /** @enum {string} */
              resolution?: 'reversed' | 'released';
              /** Format: date-time */
              resolvedAt?: string;
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
  listIncomes: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'amount' | '-amount';
        createdAfter?: string;
        createdBefore?: string;
        status?: 'pending' | 'confirmed' | 'failed';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Incomes */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            userId: string;
            walletId: string;
            assetId: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            blockchainTransactionId: string;
            senderAddress: string;
            /** @enum {string} */
            status: 'pending' | 'confirmed' | 'failed';
            /** Format: date-time */
            transactionTimestamp: string;
            rateId?: string;
            /**
             * @description Extension: present when the confirmed deposit was later taken off the chain by a reorg
             * @constant
             */
            reorged?: true;
            /** @description Extension: the reorg of a confirmed deposit and its resolution by an admin */
            reorg?: {
              /** Format: date-time */
              detectedAt: string;
              /**
               * @description What a hold keeps of the credit: the wallet’s available balance when the reorg was found, at most the amount
               * @example 12.5
               */
              held: string;
              /** @enum {string} */
              resolution?: 'reversed' | 'released';
              /** Format: date-time */
              resolvedAt?: string;
            };
          }[];
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
  getIncome: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        income: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The income */
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
            userId: string;
            walletId: string;
            assetId: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            blockchainTransactionId: string;
            senderAddress: string;
            /** @enum {string} */
            status: 'pending' | 'confirmed' | 'failed';
            /** Format: date-time */
            transactionTimestamp: string;
            rateId?: string;
            /**
             * @description Extension: present when the confirmed deposit was later taken off the chain by a reorg
             * @constant
             */
            reorged?: true;
            /** @description Extension: the reorg of a confirmed deposit and its resolution by an admin */
            reorg?: {
              /** Format: date-time */
              detectedAt: string;
              /**
               * @description What a hold keeps of the credit: the wallet’s available balance when the reorg was found, at most the amount
               * @example 12.5
               */
              held: string;
              /** @enum {string} */
              resolution?: 'reversed' | 'released';
              /** Format: date-time */
              resolvedAt?: string;
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
  listTransactions: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'amount' | '-amount';
        createdAfter?: string;
        createdBefore?: string;
        txLog?: string;
        symbol?: string;
        assetId?: string;
        movement?: 'in' | 'out';
        movementSubtype?: 'internal' | 'external' | 'buy' | 'sell' | 'fee' | 'reversal';
        status?: 'approved' | 'confirmed' | 'pending' | 'failed';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Transactions */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            status: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            sender: {
              walletId?: string;
              address: string;
              walletBalance?: string;
              userId?: string;
            };
            receiver: {
              walletId?: string;
              address: string;
              walletBalance?: string;
              userId?: string;
            };
            /** @enum {string} */
            type: 'deposit' | 'withdrawal' | 'transfer' | 'purchase' | 'sale' | 'fee';
            /** @enum {string} */
            movement: 'in' | 'out';
            /** @enum {string} */
            movementSubtype: 'internal' | 'external' | 'buy' | 'sell' | 'fee' | 'reversal';
            rates: {
              [key: string]: unknown;
            } | null;
            asset: {
              id: string;
              name: string;
              symbol: string;
            };
            txHash: string | null;
            /** @description The id of the operation that moved it */
            txLog: string;
            walletBalance: string;
          }[];
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
  getTransaction: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        transaction: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The transaction */
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
            status: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            sender: {
              walletId?: string;
              address: string;
              walletBalance?: string;
              userId?: string;
            };
            receiver: {
              walletId?: string;
              address: string;
              walletBalance?: string;
              userId?: string;
            };
            /** @enum {string} */
            type: 'deposit' | 'withdrawal' | 'transfer' | 'purchase' | 'sale' | 'fee';
            /** @enum {string} */
            movement: 'in' | 'out';
            /** @enum {string} */
            movementSubtype: 'internal' | 'external' | 'buy' | 'sell' | 'fee' | 'reversal';
            rates: {
              [key: string]: unknown;
            } | null;
            asset: {
              id: string;
              name: string;
              symbol: string;
            };
            txHash: string | null;
            /** @description The id of the operation that moved it */
            txLog: string;
            walletBalance: string;
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
  listWithdrawals: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'amount' | '-amount';
        createdAfter?: string;
        createdBefore?: string;
        externalReference?: string;
        /** @description `pending_approval` (extension): held by a policy until its approval is decided */
        status?:
          'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Withdrawals */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            transactions: string[];
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            fee: string;
            userId: string;
            walletId: string;
            receiverAddress: string;
            asset: string;
            assetId: string;
            blockchainTransactionId: string | null;
            /**
             * @description `pending_approval` (extension): held by a policy until its approval is decided
             * @enum {string}
             */
            status:
              'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
            memo?: string;
            userNote?: string;
            externalReference?: string;
            /** @description Extension: the sign-tx record whose transaction this withdrawal holds for */
            signedTxId?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its speed-ups, a cancel); in reads by id, not in lists */
            attempts?: {
              hash: string;
              /** @enum {string} */
              kind: 'send' | 'speed-up' | 'cancel';
              /** Format: int64 */
              nonce: number;
              /** @description Wei per gas */
              maxFeePerGas: string;
              /** @description Wei per gas */
              maxPriorityFeePerGas: string;
              /** @enum {string} */
              status: 'sent' | 'mined' | 'replaced';
              /** Format: date-time */
              createdAt: string;
            }[];
          }[];
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
  createWithdrawal: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          assetId: string;
          receiverAddress: string;
          device: string;
          ip: string;
          /**
           * @description Decimal amount as a string
           * @example 12.5
           */
          amount?: string;
          memo?: string;
          userNote?: string;
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Prepared */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  getWithdrawal: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        withdrawal: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The withdrawal */
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
            transactions: string[];
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            fee: string;
            userId: string;
            walletId: string;
            receiverAddress: string;
            asset: string;
            assetId: string;
            blockchainTransactionId: string | null;
            /**
             * @description `pending_approval` (extension): held by a policy until its approval is decided
             * @enum {string}
             */
            status:
              'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
            memo?: string;
            userNote?: string;
            externalReference?: string;
            /** @description Extension: the sign-tx record whose transaction this withdrawal holds for */
            signedTxId?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its speed-ups, a cancel); in reads by id, not in lists */
            attempts?: {
              hash: string;
              /** @enum {string} */
              kind: 'send' | 'speed-up' | 'cancel';
              /** Format: int64 */
              nonce: number;
              /** @description Wei per gas */
              maxFeePerGas: string;
              /** @description Wei per gas */
              maxPriorityFeePerGas: string;
              /** @enum {string} */
              status: 'sent' | 'mined' | 'replaced';
              /** Format: date-time */
              createdAt: string;
            }[];
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
  updateWithdrawal: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        withdrawal: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
          blockchainTransactionId?: string;
          /**
           * @description Decimal amount as a string
           * @example 12.5
           */
          fee?: string;
        };
      };
    };
    responses: {
      /** @description The withdrawal */
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
            transactions: string[];
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            fee: string;
            userId: string;
            walletId: string;
            receiverAddress: string;
            asset: string;
            assetId: string;
            blockchainTransactionId: string | null;
            /**
             * @description `pending_approval` (extension): held by a policy until its approval is decided
             * @enum {string}
             */
            status:
              'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
            memo?: string;
            userNote?: string;
            externalReference?: string;
            /** @description Extension: the sign-tx record whose transaction this withdrawal holds for */
            signedTxId?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its speed-ups, a cancel); in reads by id, not in lists */
            attempts?: {
              hash: string;
              /** @enum {string} */
              kind: 'send' | 'speed-up' | 'cancel';
              /** Format: int64 */
              nonce: number;
              /** @description Wei per gas */
              maxFeePerGas: string;
              /** @description Wei per gas */
              maxPriorityFeePerGas: string;
              /** @enum {string} */
              status: 'sent' | 'mined' | 'replaced';
              /** Format: date-time */
              createdAt: string;
            }[];
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
  speedUpWithdrawal: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        withdrawal: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The withdrawal, with its attempts */
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
            transactions: string[];
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            fee: string;
            userId: string;
            walletId: string;
            receiverAddress: string;
            asset: string;
            assetId: string;
            blockchainTransactionId: string | null;
            /**
             * @description `pending_approval` (extension): held by a policy until its approval is decided
             * @enum {string}
             */
            status:
              'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
            memo?: string;
            userNote?: string;
            externalReference?: string;
            /** @description Extension: the sign-tx record whose transaction this withdrawal holds for */
            signedTxId?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its speed-ups, a cancel); in reads by id, not in lists */
            attempts?: {
              hash: string;
              /** @enum {string} */
              kind: 'send' | 'speed-up' | 'cancel';
              /** Format: int64 */
              nonce: number;
              /** @description Wei per gas */
              maxFeePerGas: string;
              /** @description Wei per gas */
              maxPriorityFeePerGas: string;
              /** @enum {string} */
              status: 'sent' | 'mined' | 'replaced';
              /** Format: date-time */
              createdAt: string;
            }[];
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
  cancelWithdrawal: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        withdrawal: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The withdrawal, with its attempts */
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
            transactions: string[];
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            amount: string;
            /**
             * @description Decimal amount as a string
             * @example 12.5
             */
            fee: string;
            userId: string;
            walletId: string;
            receiverAddress: string;
            asset: string;
            assetId: string;
            blockchainTransactionId: string | null;
            /**
             * @description `pending_approval` (extension): held by a policy until its approval is decided
             * @enum {string}
             */
            status:
              'pending_approval' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled';
            memo?: string;
            userNote?: string;
            externalReference?: string;
            /** @description Extension: the sign-tx record whose transaction this withdrawal holds for */
            signedTxId?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            /** @description Extension: the transactions the chain adapter sent at its nonce, oldest first (the first, its speed-ups, a cancel); in reads by id, not in lists */
            attempts?: {
              hash: string;
              /** @enum {string} */
              kind: 'send' | 'speed-up' | 'cancel';
              /** Format: int64 */
              nonce: number;
              /** @description Wei per gas */
              maxFeePerGas: string;
              /** @description Wei per gas */
              maxPriorityFeePerGas: string;
              /** @enum {string} */
              status: 'sent' | 'mined' | 'replaced';
              /** Format: date-time */
              createdAt: string;
            }[];
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
  checkLedger: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run's outcome so far. Each call walks at most 20000 accounts and 200000 postings (each account's postings from where the last run found them sound), then, once every account is walked, at most 200000 transfer legs; call again until `complete`, which makes `ok` final (true exactly when there are no violations); the next call starts a new run. Each check reports at most 100 of the rows that break its invariant. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ok: boolean;
            /** Format: date-time */
            checkedAt: string;
            violations: {
              /** @enum {string} */
              rule:
                | 'asset_sum_not_zero'
                | 'balance_differs_from_postings'
                | 'entry_not_balanced'
                | 'negative_wallet_balance'
                | 'available_differs_from_holds'
                | 'posting_without_entry'
                | 'posting_without_account'
                | 'leg_without_transfer';
              detail: {
                [key: string]: unknown;
              };
            }[];
            /** @description Extension: the run has walked the ledger */
            complete: boolean;
            progress: {
              /** Format: int32 */
              accountsChecked: number;
              /** Format: int32 */
              accounts: number;
              /** Format: int64 */
              postingsChecked: number;
              /** Format: int64 */
              transferLegsChecked: number;
              /** Format: date-time */
              startedAt: string;
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
  getChainStatus: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `manual` without a configured network; `starting` until the node, trading and signing answer */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                /** @enum {string} */
                mode: 'manual' | 'starting';
              }
            | {
                /** @constant */
                mode: 'evm';
                network: string;
                /** Format: int64 */
                chainId: number;
                /** Format: int64 */
                confirmations: number;
                /** Format: int64 */
                head: number;
                cursor: number | null;
                nativeAssetId: string;
                /** @description ERC-20 asset id → its contract (checksummed) */
                tokens: {
                  [key: string]: string;
                };
                gasStation: {
                  address: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  balance: string;
                };
                /**
                 * Format: int32
                 * @description How many nodes must name a deposit's block before it is confirmed
                 */
                quorum: number;
                /** @description The network’s nodes: the first is read and sent to, the others vouch */
                nodes: {
                  label: string;
                  /** @description Scheme, host and port (no path) */
                  origin: string;
                  /** @description Answering the configured chain id at its last check */
                  up: boolean;
                  /**
                   * Format: int64
                   * @description Times it named another block hash than its peers at a deposit's block (a lying or forked node)
                   */
                  disagreements: number;
                }[];
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
  listTreasury: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The treasuries */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            assetId: string;
            /** @description The treasury account: negative while the house owes crypto it sold and has not sourced */
            balance: string;
            /** @description The most the house may owe in this asset (the treasury at −maxShort); null: no bound */
            maxShort: string | null;
            updatedAt: string | null;
          }[];
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
  setTreasuryLimit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        asset: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          maxShort: string | null;
        };
      };
    };
    responses: {
      /** @description The treasury with its bound */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            assetId: string;
            /** @description The treasury account: negative while the house owes crypto it sold and has not sourced */
            balance: string;
            /** @description The most the house may owe in this asset (the treasury at −maxShort); null: no bound */
            maxShort: string | null;
            updatedAt: string | null;
          };
        };
      };
      /** @description Held for approval by a platform policy-change policy (the treasury as it still is): it takes effect at the quorum */
      202: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            assetId: string;
            /** @description The treasury account: negative while the house owes crypto it sold and has not sourced */
            balance: string;
            /** @description The most the house may owe in this asset (the treasury at −maxShort); null: no bound */
            maxShort: string | null;
            updatedAt: string | null;
            /** @description The approval the change waits for */
            approvalId: string;
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
  getReconciliation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The last run; runs every `EVM_RECONCILE_INTERVAL_MS` while the EVM adapter runs */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                /** @constant */
                status: 'none';
              }
            | {
                /** @enum {string} */
                status: 'clean' | 'broken';
                id: string;
                network: string;
                /** Format: int64 */
                blockNumber: number;
                /** Format: int64 */
                head: number;
                /** Format: date-time */
                checkedAt: string;
                /** Format: int32 */
                deltaCount: number;
                assets: {
                  assetId: string;
                  /** Format: int32 */
                  addresses: number;
                  /** @description The sum of the asset's wallet balances */
                  liabilities: string;
                  /** @description The treasury account: the counterpart of purchases, with no address */
                  treasury: string;
                  /** @description Exact decimal, may be negative */
                  booked: string;
                  /** @description Exact decimal, may be negative */
                  inFlight: string;
                  /** @description Exact decimal, may be negative */
                  onChain: string;
                  /** @description Exact decimal, may be negative */
                  difference: string;
                  /** @description The house's own coin, not compared: the gas station and the gas left at token addresses (native asset), else 0 */
                  house: string;
                }[];
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
  listReconciliationDeltas: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'address' | '-address' | 'assetId' | '-assetId' | 'createdAt' | '-createdAt';
        assetId?: string;
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
      /** @description The last run's deltas */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            runId: string;
            assetId: string;
            address: string;
            walletId: string;
            /** @description What the wallet's deposits and withdrawals in the ledger leave at the address */
            booked: string;
            /** @description What the chain did by the block and the ledger not yet: pending deposits (+), mined withdrawals not yet settled (−) */
            inFlight: string;
            /** @description The address's balance at the run's block */
            onChain: string;
            /** @description onChain − (booked + inFlight): positive when the chain holds more */
            difference: string;
            /** @description The wallet's ledger balance (booked plus its internal transfers and purchases, which move no coin on chain) */
            liability: string;
          }[];
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
  listAssets: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'symbol' | '-symbol' | 'name' | '-name' | 'createdAt' | '-createdAt';
        name?: string;
        symbol?: string;
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
      /** @description Assets */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
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
            symbol: string;
            /** @enum {string} */
            chain: 'evm' | 'qubic' | 'bitcoin';
            network: string;
            chainId: string | null;
            /** Format: int64 */
            decimals: number;
            contractAddress: string | null;
            buyEnabled: boolean;
            sellEnabled: boolean;
            rate: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              asset: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                name: string;
                symbol: string;
              };
              /** @description Price of one whole unit in fiatCurrency */
              fiatPrice: number;
              /** @description ISO 4217 code of the base currency */
              fiatCurrency: string;
              /**
               * @description The rate provider
               * @enum {string}
               */
              type: 'fixed' | 'coingecko' | 'exchange';
              /**
               * @description Exchange quotes only
               * @enum {string}
               */
              side?: 'buy' | 'sell';
              /** @description Older than the maximum rate age: purchases refuse it */
              stale: boolean;
            } | null;
            marketData: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              asset: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                name: string;
                symbol: string;
              };
              volume24h: string | null;
              percentChange1h: string | null;
              percentChange24h: string | null;
              percentChange7d: string | null;
              circulatingSupply: string | null;
              totalSupply: string | null;
              maxSupply: string | null;
              /** Format: date-time */
              lastUpdated: string;
              fiatCurrency: string;
              /** @enum {string} */
              type: 'fixed' | 'coingecko';
            } | null;
          }[];
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
  getAsset: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        asset: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The asset */
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
            symbol: string;
            /** @enum {string} */
            chain: 'evm' | 'qubic' | 'bitcoin';
            network: string;
            chainId: string | null;
            /** Format: int64 */
            decimals: number;
            contractAddress: string | null;
            buyEnabled: boolean;
            sellEnabled: boolean;
            rate: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              asset: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                name: string;
                symbol: string;
              };
              /** @description Price of one whole unit in fiatCurrency */
              fiatPrice: number;
              /** @description ISO 4217 code of the base currency */
              fiatCurrency: string;
              /**
               * @description The rate provider
               * @enum {string}
               */
              type: 'fixed' | 'coingecko' | 'exchange';
              /**
               * @description Exchange quotes only
               * @enum {string}
               */
              side?: 'buy' | 'sell';
              /** @description Older than the maximum rate age: purchases refuse it */
              stale: boolean;
            } | null;
            marketData: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              asset: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                name: string;
                symbol: string;
              };
              volume24h: string | null;
              percentChange1h: string | null;
              percentChange24h: string | null;
              percentChange7d: string | null;
              circulatingSupply: string | null;
              totalSupply: string | null;
              maxSupply: string | null;
              /** Format: date-time */
              lastUpdated: string;
              fiatCurrency: string;
              /** @enum {string} */
              type: 'fixed' | 'coingecko';
            } | null;
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
  getAssetAvailability: {
    parameters: {
      query: {
        action: 'BUY' | 'SELL';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        asset: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Availability */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            assetId: string;
            /** @enum {string} */
            action: 'BUY' | 'SELL';
            available: boolean;
            /**
             * @description Why not: trading of the asset is disabled, or no current rate
             * @enum {string}
             */
            reason?: 'disabled' | 'rate_unavailable';
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
  listMarketData: {
    parameters: {
      query: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'lastUpdated' | '-lastUpdated' | 'createdAt' | '-createdAt';
        createdAfter?: string;
        createdBefore?: string;
        lastUpdatedAfter: string;
        lastUpdatedBefore: string;
        assetSymbol?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        asset: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Market data */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
            };
            volume24h: string | null;
            percentChange1h: string | null;
            percentChange24h: string | null;
            percentChange7d: string | null;
            circulatingSupply: string | null;
            totalSupply: string | null;
            maxSupply: string | null;
            /** Format: date-time */
            lastUpdated: string;
            fiatCurrency: string;
            /** @enum {string} */
            type: 'fixed' | 'coingecko';
          }[];
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
  getMarketData: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        asset: string;
        marketDataId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Market data */
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
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
            };
            volume24h: string | null;
            percentChange1h: string | null;
            percentChange24h: string | null;
            percentChange7d: string | null;
            circulatingSupply: string | null;
            totalSupply: string | null;
            maxSupply: string | null;
            /** Format: date-time */
            lastUpdated: string;
            fiatCurrency: string;
            /** @enum {string} */
            type: 'fixed' | 'coingecko';
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
  listRates: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'fiatPrice' | '-fiatPrice';
        createdAfter?: string;
        createdBefore?: string;
        interval?: string;
        assetSymbol?: string;
        type?: 'fixed' | 'coingecko' | 'exchange';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Rates */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
            };
            /** @description Price of one whole unit in fiatCurrency */
            fiatPrice: number;
            /** @description ISO 4217 code of the base currency */
            fiatCurrency: string;
            /**
             * @description The rate provider
             * @enum {string}
             */
            type: 'fixed' | 'coingecko' | 'exchange';
            /**
             * @description Exchange quotes only
             * @enum {string}
             */
            side?: 'buy' | 'sell';
            /** @description Older than the maximum rate age: purchases refuse it */
            stale: boolean;
          }[];
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
  getExchangeRate: {
    parameters: {
      query: {
        side: 'buy' | 'sell';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        assetId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The quote */
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
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
            };
            /** @description Price of one whole unit in fiatCurrency */
            fiatPrice: number;
            /** @description ISO 4217 code of the base currency */
            fiatCurrency: string;
            /**
             * @description The rate provider
             * @enum {string}
             */
            type: 'fixed' | 'coingecko' | 'exchange';
            /**
             * @description Exchange quotes only
             * @enum {string}
             */
            side?: 'buy' | 'sell';
            /** @description Older than the maximum rate age: purchases refuse it */
            stale: boolean;
          }[];
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
      /** @description A backing service is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getRate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        assetId: string;
        rate: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The rate */
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
            asset: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              name: string;
              symbol: string;
              /** @enum {string} */
              chain: 'evm' | 'qubic' | 'bitcoin';
              network: string;
              chainId: string | null;
              /** Format: int64 */
              decimals: number;
              contractAddress: string | null;
              buyEnabled: boolean;
              sellEnabled: boolean;
              rate: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                asset: {
                  id: string;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                  name: string;
                  symbol: string;
                };
                /** @description Price of one whole unit in fiatCurrency */
                fiatPrice: number;
                /** @description ISO 4217 code of the base currency */
                fiatCurrency: string;
                /**
                 * @description The rate provider
                 * @enum {string}
                 */
                type: 'fixed' | 'coingecko' | 'exchange';
                /**
                 * @description Exchange quotes only
                 * @enum {string}
                 */
                side?: 'buy' | 'sell';
                /** @description Older than the maximum rate age: purchases refuse it */
                stale: boolean;
              } | null;
              marketData: {
                id: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                asset: {
                  id: string;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                  name: string;
                  symbol: string;
                };
                volume24h: string | null;
                percentChange1h: string | null;
                percentChange24h: string | null;
                percentChange7d: string | null;
                circulatingSupply: string | null;
                totalSupply: string | null;
                maxSupply: string | null;
                /** Format: date-time */
                lastUpdated: string;
                fiatCurrency: string;
                /** @enum {string} */
                type: 'fixed' | 'coingecko';
              } | null;
            };
            /** @description Price of one whole unit in fiatCurrency */
            fiatPrice: number;
            /** @description ISO 4217 code of the base currency */
            fiatCurrency: string;
            /**
             * @description The rate provider
             * @enum {string}
             */
            type: 'fixed' | 'coingecko' | 'exchange';
            /**
             * @description Exchange quotes only
             * @enum {string}
             */
            side?: 'buy' | 'sell';
            /** @description Older than the maximum rate age: purchases refuse it */
            stale: boolean;
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
  listPurchases: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'amount' | '-amount';
        createdAfter?: string;
        createdBefore?: string;
        externalReference?: string;
        assetId?: string;
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Purchases */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            user: string;
            wallet: string;
            /**
             * @description `approved` (the contract's: settled); `pending` while it settles; `pending_approval` (extension): held by a policy, nothing booked until its approval's quorum; `rejected` with its `failure` (the ledger's refusal, or `approval_rejected`, `approval_expired`, `approval_cancelled`)
             * @enum {string}
             */
            status: 'pending' | 'pending_approval' | 'approved' | 'rejected';
            /** @enum {string} */
            operation: 'buy' | 'sell';
            /** @description Asset id */
            asset: string;
            /**
             * @description As asked: fiat for buy, crypto for sell
             * @example 12.5
             */
            amount: string;
            /** @description buy: crypto credited; sell: fiat proceeds */
            purchased: string;
            netAmount: string;
            /** @description In fiat */
            fee: string;
            /** Format: int64 */
            feeBps: number;
            fiatCurrency: string;
            /** @description The rate used */
            rate: {
              id: string;
              price: string;
            };
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            failure?: {
              code: string;
              message: string;
            };
          }[];
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
  createPurchase: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          operation: 'buy' | 'sell';
          /**
           * @description Decimal amount as a string
           * @example 12.5
           */
          amount: string;
          device: string;
          ip: string;
          externalReference?: string;
          /** @description Must be the service’s base currency */
          fiatCurrency?: string;
        };
      };
    };
    responses: {
      /** @description Settled (approved), or held for approval (with `status` and `approvalId`) */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /**
             * @description Extension, a held purchase only: its status
             * @enum {string}
             */
            status?: 'pending' | 'pending_approval' | 'approved' | 'rejected';
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
      /** @description A backing service is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getPurchase: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        user: string;
        wallet: string;
        purchase: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The purchase */
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
            user: string;
            wallet: string;
            /**
             * @description `approved` (the contract's: settled); `pending` while it settles; `pending_approval` (extension): held by a policy, nothing booked until its approval's quorum; `rejected` with its `failure` (the ledger's refusal, or `approval_rejected`, `approval_expired`, `approval_cancelled`)
             * @enum {string}
             */
            status: 'pending' | 'pending_approval' | 'approved' | 'rejected';
            /** @enum {string} */
            operation: 'buy' | 'sell';
            /** @description Asset id */
            asset: string;
            /**
             * @description As asked: fiat for buy, crypto for sell
             * @example 12.5
             */
            amount: string;
            /** @description buy: crypto credited; sell: fiat proceeds */
            purchased: string;
            netAmount: string;
            /** @description In fiat */
            fee: string;
            /** Format: int64 */
            feeBps: number;
            fiatCurrency: string;
            /** @description The rate used */
            rate: {
              id: string;
              price: string;
            };
            externalReference?: string;
            /** @description Extension: the approval a policy held it for */
            approvalId?: string;
            failure?: {
              code: string;
              message: string;
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
  listNotificationTypes: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'event' | '-event';
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
      /** @description Notification types */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            event: string;
            description: string;
            receivers: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
              /** Format: email */
              email?: string;
              /** @description Slack incoming-webhook URL */
              slack?: string;
              sms?: string;
              /** @description Receives an HTTP POST signed with the Standard Webhooks scheme */
              url?: string;
              authenticationId?: string;
              /**
               * Format: date-time
               * @description Set when the receiver was disabled after failing for too long
               */
              disabledAt?: string;
            }[];
          }[];
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
  getWebhookSigningSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The secret */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            secret: string;
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
  rotateWebhookSigningSecret: {
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
            secret: string;
            /** @description Until when the previous secret still signs (24 h) */
            previousValidUntil: string | '';
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
  listDeliveries: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        createdAfter?: string;
        createdBefore?: string;
        event?: string;
        receiverId?: string;
        status?: 'pending' | 'delivered' | 'failed' | 'dead' | 'skipped';
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
      /** @description Deliveries */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            eventId: string;
            event: string;
            receiverId: string;
            /** @enum {string} */
            channel: 'url' | 'email' | 'slack' | 'sms';
            /** @enum {string} */
            status: 'pending' | 'delivered' | 'failed' | 'dead' | 'skipped';
            /** Format: int64 */
            attempts: number;
            lastStatusCode: number | null;
            lastError: string | null;
            deliveredAt: string | null;
          }[];
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
  redeliver: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued again */
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
            eventId: string;
            event: string;
            receiverId: string;
            /** @enum {string} */
            channel: 'url' | 'email' | 'slack' | 'sms';
            /** @enum {string} */
            status: 'pending' | 'delivered' | 'failed' | 'dead' | 'skipped';
            /** Format: int64 */
            attempts: number;
            lastStatusCode: number | null;
            lastError: string | null;
            deliveredAt: string | null;
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
  listReceiverDeliveries: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        createdAfter?: string;
        createdBefore?: string;
        status?: 'pending' | 'delivered' | 'failed' | 'dead' | 'skipped';
      };
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        notificationId: string;
        receiverId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deliveries with their attempts */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            eventId: string;
            event: string;
            receiverId: string;
            /** @enum {string} */
            channel: 'url' | 'email' | 'slack' | 'sms';
            /** @enum {string} */
            status: 'pending' | 'delivered' | 'failed' | 'dead' | 'skipped';
            /** Format: int64 */
            attempts: number;
            lastStatusCode: number | null;
            lastError: string | null;
            deliveredAt: string | null;
            attemptLog: {
              /** Format: int32 */
              attempt: number;
              /** Format: date-time */
              createdAt: string;
              statusCode: number | null;
              error: string | null;
              /** Format: int32 */
              durationMs: number;
            }[];
            /** @description While it is retried: when its next attempt is due (before jitter) */
            nextAttemptAt: string | null;
          }[];
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
  replayReceiver: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        notificationId: string;
        receiverId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date-time */
          since: string;
          /** Format: date-time */
          until?: string;
        };
      };
    };
    responses: {
      /** @description Queued: how many deliveries, and how many were still in flight */
      202: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: int32 */
            replayed: number;
            /** Format: int32 */
            skipped: number;
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
  createReceiver: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        notificationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email?: string;
          /** @description Slack incoming-webhook URL */
          slack?: string;
          sms?: string;
          /** @description Receives an HTTP POST signed with the Standard Webhooks scheme */
          url?: string;
          authenticationId?: string;
        };
      };
    };
    responses: {
      /** @description Subscribed */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  deleteReceiver: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        notificationId: string;
        receiverId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  updateReceiver: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        notificationId: string;
        receiverId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email?: string;
          /** @description Slack incoming-webhook URL */
          slack?: string;
          sms?: string;
          /** @description Receives an HTTP POST signed with the Standard Webhooks scheme */
          url?: string;
          authenticationId?: string;
        };
      };
    };
    responses: {
      /** @description Changed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  listEvents: {
    parameters: {
      query?: {
        /** @description Start after this cursor (the previous page's Link next); none: the oldest kept */
        after?: string;
        /** @description Only these event names (at most 50), comma-separated */
        types?: string;
        /** @description Events per page (1–100; 50 when absent) */
        limit?: string;
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
      /** @description A page of events; the `Link` header gives the next (`rel="next"`) */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            event: string;
            /** Format: date-time */
            createdAt: string;
            /** @description null: a system-wide event (admins only) */
            tenantId: string | null;
            /** @description The event's subject as its own read shows it (a transfer, a user, …) */
            data: {
              [key: string]: unknown;
            };
          }[];
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
  getEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        event: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            event: string;
            /** Format: date-time */
            createdAt: string;
            /** @description null: a system-wide event (admins only) */
            tenantId: string | null;
            /** @description The event's subject as its own read shows it (a transfer, a user, …) */
            data: {
              [key: string]: unknown;
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
  listPolicies: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt' | 'name' | '-name';
        createdAfter?: string;
        createdBefore?: string;
        activity?:
          | 'withdrawal'
          | 'transfer'
          | 'sign-tx'
          | 'sign-message'
          | 'sign-typed-data'
          | 'purchase'
          | 'issuer-activity'
          | 'policy-change'
          | 'any';
        enabled?: 'true' | 'false';
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
      /** @description Policies */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description The tenant it applies to; null: a platform policy (an admin’s), for every tenant */
            tenantId: string | null;
            name: string;
            /** @enum {string} */
            activity:
              | 'withdrawal'
              | 'transfer'
              | 'sign-tx'
              | 'sign-message'
              | 'sign-typed-data'
              | 'purchase'
              | 'issuer-activity'
              | 'policy-change'
              | 'any';
            rule:
              | {
                  /** @constant */
                  kind: 'amount_above';
                  assetId: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'fiat_amount_above';
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'velocity';
                  window: string;
                  /** @enum {string} */
                  per: 'wallet' | 'user' | 'tenant';
                  assetId?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxAmount?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxFiatAmount?: string;
                  /** Format: int32 */
                  maxCount?: number;
                }
              | {
                  /** @constant */
                  kind: 'destination_not_whitelisted';
                }
              | {
                  /** @constant */
                  kind: 'always';
                };
            /** @enum {string} */
            action: 'block' | 'require_approval';
            approvers: {
              /** Format: int32 */
              quorum: number;
              /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
              clientIds?: string[];
              /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
              signed?: boolean;
            } | null;
            filters: {
              /** @description Only operations of these assets */
              assetIds?: string[];
              /** @description Only these users' operations */
              userIds?: string[];
              /** @description Only these wallets' operations */
              walletIds?: string[];
            } | null;
            enabled: boolean;
            /** @description Token authorizations are signed where it applies, weighed by its rule */
            allowTokenAuthorizations: boolean;
          }[];
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
  createPolicy: {
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
          /** @enum {string} */
          activity:
            | 'withdrawal'
            | 'transfer'
            | 'sign-tx'
            | 'sign-message'
            | 'sign-typed-data'
            | 'purchase'
            | 'issuer-activity'
            | 'policy-change'
            | 'any';
          rule:
            | {
                /** @constant */
                kind: 'amount_above';
                assetId: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                amount: string;
              }
            | {
                /** @constant */
                kind: 'fiat_amount_above';
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                amount: string;
              }
            | {
                /** @constant */
                kind: 'velocity';
                window: string;
                /** @enum {string} */
                per: 'wallet' | 'user' | 'tenant';
                assetId?: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                maxAmount?: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                maxFiatAmount?: string;
                /** Format: int32 */
                maxCount?: number;
              }
            | {
                /** @constant */
                kind: 'destination_not_whitelisted';
              }
            | {
                /** @constant */
                kind: 'always';
              };
          /** @enum {string} */
          action: 'block' | 'require_approval';
          approvers?: {
            /** Format: int32 */
            quorum: number;
            /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
            clientIds?: string[];
            /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
            signed?: boolean;
          };
          filters?: {
            /** @description Only operations of these assets */
            assetIds?: string[];
            /** @description Only these users' operations */
            userIds?: string[];
            /** @description Only these wallets' operations */
            walletIds?: string[];
          };
          enabled?: boolean;
          /** @description sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false */
          allowTokenAuthorizations?: boolean;
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
          };
        };
      };
      /** @description Held for approval by a policy-change policy: it takes effect at the quorum */
      202: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The approval the change waits for */
            approvalId: string;
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
  getPolicy: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        policy: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The policy */
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
            /** @description The tenant it applies to; null: a platform policy (an admin’s), for every tenant */
            tenantId: string | null;
            name: string;
            /** @enum {string} */
            activity:
              | 'withdrawal'
              | 'transfer'
              | 'sign-tx'
              | 'sign-message'
              | 'sign-typed-data'
              | 'purchase'
              | 'issuer-activity'
              | 'policy-change'
              | 'any';
            rule:
              | {
                  /** @constant */
                  kind: 'amount_above';
                  assetId: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'fiat_amount_above';
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'velocity';
                  window: string;
                  /** @enum {string} */
                  per: 'wallet' | 'user' | 'tenant';
                  assetId?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxAmount?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxFiatAmount?: string;
                  /** Format: int32 */
                  maxCount?: number;
                }
              | {
                  /** @constant */
                  kind: 'destination_not_whitelisted';
                }
              | {
                  /** @constant */
                  kind: 'always';
                };
            /** @enum {string} */
            action: 'block' | 'require_approval';
            approvers: {
              /** Format: int32 */
              quorum: number;
              /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
              clientIds?: string[];
              /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
              signed?: boolean;
            } | null;
            filters: {
              /** @description Only operations of these assets */
              assetIds?: string[];
              /** @description Only these users' operations */
              userIds?: string[];
              /** @description Only these wallets' operations */
              walletIds?: string[];
            } | null;
            enabled: boolean;
            /** @description Token authorizations are signed where it applies, weighed by its rule */
            allowTokenAuthorizations: boolean;
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
  deletePolicy: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        policy: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
          };
        };
      };
      /** @description Held for approval by a policy-change policy: it takes effect at the quorum */
      202: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The approval the change waits for */
            approvalId: string;
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
  updatePolicy: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        policy: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** @enum {string} */
          activity?:
            | 'withdrawal'
            | 'transfer'
            | 'sign-tx'
            | 'sign-message'
            | 'sign-typed-data'
            | 'purchase'
            | 'issuer-activity'
            | 'policy-change'
            | 'any';
          rule?:
            | {
                /** @constant */
                kind: 'amount_above';
                assetId: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                amount: string;
              }
            | {
                /** @constant */
                kind: 'fiat_amount_above';
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                amount: string;
              }
            | {
                /** @constant */
                kind: 'velocity';
                window: string;
                /** @enum {string} */
                per: 'wallet' | 'user' | 'tenant';
                assetId?: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                maxAmount?: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                maxFiatAmount?: string;
                /** Format: int32 */
                maxCount?: number;
              }
            | {
                /** @constant */
                kind: 'destination_not_whitelisted';
              }
            | {
                /** @constant */
                kind: 'always';
              };
          /** @enum {string} */
          action?: 'block' | 'require_approval';
          approvers?: {
            /** Format: int32 */
            quorum: number;
            /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
            clientIds?: string[];
            /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
            signed?: boolean;
          };
          /** @description The filters to keep; null removes them */
          filters?: {
            /** @description Only operations of these assets */
            assetIds?: string[];
            /** @description Only these users' operations */
            userIds?: string[];
            /** @description Only these wallets' operations */
            walletIds?: string[];
          } | null;
          enabled?: boolean;
          /** @description sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false */
          allowTokenAuthorizations?: boolean;
        };
      };
    };
    responses: {
      /** @description The changed policy */
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
            /** @description The tenant it applies to; null: a platform policy (an admin’s), for every tenant */
            tenantId: string | null;
            name: string;
            /** @enum {string} */
            activity:
              | 'withdrawal'
              | 'transfer'
              | 'sign-tx'
              | 'sign-message'
              | 'sign-typed-data'
              | 'purchase'
              | 'issuer-activity'
              | 'policy-change'
              | 'any';
            rule:
              | {
                  /** @constant */
                  kind: 'amount_above';
                  assetId: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'fiat_amount_above';
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'velocity';
                  window: string;
                  /** @enum {string} */
                  per: 'wallet' | 'user' | 'tenant';
                  assetId?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxAmount?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxFiatAmount?: string;
                  /** Format: int32 */
                  maxCount?: number;
                }
              | {
                  /** @constant */
                  kind: 'destination_not_whitelisted';
                }
              | {
                  /** @constant */
                  kind: 'always';
                };
            /** @enum {string} */
            action: 'block' | 'require_approval';
            approvers: {
              /** Format: int32 */
              quorum: number;
              /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
              clientIds?: string[];
              /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
              signed?: boolean;
            } | null;
            filters: {
              /** @description Only operations of these assets */
              assetIds?: string[];
              /** @description Only these users' operations */
              userIds?: string[];
              /** @description Only these wallets' operations */
              walletIds?: string[];
            } | null;
            enabled: boolean;
            /** @description Token authorizations are signed where it applies, weighed by its rule */
            allowTokenAuthorizations: boolean;
          };
        };
      };
      /** @description Held for approval by a policy-change policy: it takes effect at the quorum (the policy as it still is) */
      202: {
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
            /** @description The tenant it applies to; null: a platform policy (an admin’s), for every tenant */
            tenantId: string | null;
            name: string;
            /** @enum {string} */
            activity:
              | 'withdrawal'
              | 'transfer'
              | 'sign-tx'
              | 'sign-message'
              | 'sign-typed-data'
              | 'purchase'
              | 'issuer-activity'
              | 'policy-change'
              | 'any';
            rule:
              | {
                  /** @constant */
                  kind: 'amount_above';
                  assetId: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'fiat_amount_above';
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  amount: string;
                }
              | {
                  /** @constant */
                  kind: 'velocity';
                  window: string;
                  /** @enum {string} */
                  per: 'wallet' | 'user' | 'tenant';
                  assetId?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxAmount?: string;
                  /**
                   * @description Decimal amount as a string
                   * @example 12.5
                   */
                  maxFiatAmount?: string;
                  /** Format: int32 */
                  maxCount?: number;
                }
              | {
                  /** @constant */
                  kind: 'destination_not_whitelisted';
                }
              | {
                  /** @constant */
                  kind: 'always';
                };
            /** @enum {string} */
            action: 'block' | 'require_approval';
            approvers: {
              /** Format: int32 */
              quorum: number;
              /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
              clientIds?: string[];
              /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
              signed?: boolean;
            } | null;
            filters: {
              /** @description Only operations of these assets */
              assetIds?: string[];
              /** @description Only these users' operations */
              userIds?: string[];
              /** @description Only these wallets' operations */
              walletIds?: string[];
            } | null;
            enabled: boolean;
            /** @description Token authorizations are signed where it applies, weighed by its rule */
            allowTokenAuthorizations: boolean;
            /** @description The approval the change waits for */
            approvalId: string;
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
  listApprovals: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt' | 'expiresAt' | '-expiresAt';
        createdAfter?: string;
        createdBefore?: string;
        status?: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
        activity?:
          | 'withdrawal'
          | 'transfer'
          | 'sign-tx'
          | 'sign-message'
          | 'sign-typed-data'
          | 'purchase'
          | 'issuer-activity'
          | 'policy-change'
          | 'member-change'
          | 'treasury-change';
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
      /** @description Approvals */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @enum {string} */
            status: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
            /** @enum {string} */
            activity:
              | 'withdrawal'
              | 'transfer'
              | 'sign-tx'
              | 'sign-message'
              | 'sign-typed-data'
              | 'purchase'
              | 'issuer-activity'
              | 'policy-change'
              | 'member-change'
              | 'treasury-change';
            /** @description The withdrawal, transfer or signature it holds; for a change of a policy, a client or the treasury, the change */
            operationId: string;
            initiator: {
              clientId: string;
            };
            /** @description The policies that held it: the governing one (largest quorum) and the other matching ones, at most 100 */
            policyIds: string[];
            /**
             * Format: int32
             * @description The largest quorum among the requirements
             */
            quorum: number;
            /** @description Each holding policy's quorum and approvers: the approval needs them all */
            requirements: {
              policyId: string;
              /** Format: int32 */
              quorum: number;
              approverIds: string[] | null;
              /** @description A platform policy: admins decide */
              platform: boolean;
              /** @description An approval counts for it only as the approver's signature */
              signed?: boolean;
            }[];
            /** @description An approval counts only where a quorum is still missing, and the first rejection ends it */
            decisions: {
              clientId: string;
              /** @enum {string} */
              decision: 'approve' | 'reject';
              reason: string | null;
              /** @description The approver key whose signature approved (null: not signed) */
              credentialId: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** Format: date-time */
            expiresAt: string;
            /** @description What an approver signs, and whether an approval must be signed (on reads) */
            signing?: {
              /** @description A holding policy counts approvals only as signatures: an approve carries `signature` */
              required: boolean;
              /** @description What an approver signs to approve: the SHA-256 of its canonical JSON (keys sorted, no whitespace) is the digest an Ed25519 approver key signs (the SDK's `approvalDigest` and `signApproval`), and its 32 bytes the WebAuthn challenge a passkey answers (`approvalChallenge`) */
              statement: {
                /** @constant */
                v: 1;
                approvalId: string;
                tenantId: string;
                /** @enum {string} */
                activity:
                  | 'withdrawal'
                  | 'transfer'
                  | 'sign-tx'
                  | 'sign-message'
                  | 'sign-typed-data'
                  | 'purchase'
                  | 'issuer-activity'
                  | 'policy-change'
                  | 'member-change'
                  | 'treasury-change';
                /** @description What runs once approved: `{kind: 'signature', owner, intent}` (a signature's exact intent: its digest, or a transaction's facts), `{kind: 'movement', legs: [{walletId, assetId, amount, destination}]}` (amounts canonical, EVM addresses lower-case) or `{kind: 'change', change}` */
                operation: {
                  [key: string]: unknown;
                };
                /** @constant */
                decision: 'approve';
                /** @description The digest of the approval's requirements when it was held */
                policyVersion: string;
              };
            };
            summary: {
              /** @description The operation's user (an issuer activity: the issuer) */
              userId: string | null;
              /** @description The operation's wallet (an issuer activity: the issue) */
              walletId: string | null;
              assetId: string | null;
              amount: string | null;
              fiatAmount: string | null;
              destination: string | null;
              /** @description An operation of more than one leg: each leg's wallet, asset, amount and receiver (a transfer's wallet, or a token authorization's spender) */
              legs?: {
                userId: string;
                walletId: string;
                assetId: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                amount: string;
                destination?: string;
                /** @description A purchase's fiat side, at the rate it was quoted */
                fiatAmount?: string;
                /** @description Typed data that lets the spender (`destination`) take the amount */
                tokenAuthorization?: {
                  /** @description The token's contract (null: the typed data names none) */
                  token: string | null;
                  /** @description The amount bounds what may be taken, in the asset's units; false: unlimited, unreadable or a token outside the catalog (`unknown`, its amount in base units) */
                  bounded: boolean;
                };
              }[];
              /** @description For a policy change: what it does, to which policy (named as after the change) */
              policyChange?: {
                /** @enum {string} */
                kind: 'create' | 'update' | 'delete';
                policyId: string;
                name: string;
                /** @description The policy as it is (null: a new one) */
                before: {
                  name: string;
                  /** @enum {string} */
                  activity:
                    | 'withdrawal'
                    | 'transfer'
                    | 'sign-tx'
                    | 'sign-message'
                    | 'sign-typed-data'
                    | 'purchase'
                    | 'issuer-activity'
                    | 'policy-change'
                    | 'any';
                  rule:
                    | {
                        /** @constant */
                        kind: 'amount_above';
                        assetId: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'fiat_amount_above';
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'velocity';
                        window: string;
                        /** @enum {string} */
                        per: 'wallet' | 'user' | 'tenant';
                        assetId?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxAmount?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxFiatAmount?: string;
                        /** Format: int32 */
                        maxCount?: number;
                      }
                    | {
                        /** @constant */
                        kind: 'destination_not_whitelisted';
                      }
                    | {
                        /** @constant */
                        kind: 'always';
                      };
                  /** @enum {string} */
                  action: 'block' | 'require_approval';
                  approvers?: {
                    /** Format: int32 */
                    quorum: number;
                    /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
                    clientIds?: string[];
                    /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
                    signed?: boolean;
                  };
                  filters?: {
                    /** @description Only operations of these assets */
                    assetIds?: string[];
                    /** @description Only these users' operations */
                    userIds?: string[];
                    /** @description Only these wallets' operations */
                    walletIds?: string[];
                  };
                  enabled?: boolean;
                  /** @description sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false */
                  allowTokenAuthorizations?: boolean;
                } | null;
                /** @description The policy as the change makes it (null: deleted) */
                after: {
                  name: string;
                  /** @enum {string} */
                  activity:
                    | 'withdrawal'
                    | 'transfer'
                    | 'sign-tx'
                    | 'sign-message'
                    | 'sign-typed-data'
                    | 'purchase'
                    | 'issuer-activity'
                    | 'policy-change'
                    | 'any';
                  rule:
                    | {
                        /** @constant */
                        kind: 'amount_above';
                        assetId: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'fiat_amount_above';
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'velocity';
                        window: string;
                        /** @enum {string} */
                        per: 'wallet' | 'user' | 'tenant';
                        assetId?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxAmount?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxFiatAmount?: string;
                        /** Format: int32 */
                        maxCount?: number;
                      }
                    | {
                        /** @constant */
                        kind: 'destination_not_whitelisted';
                      }
                    | {
                        /** @constant */
                        kind: 'always';
                      };
                  /** @enum {string} */
                  action: 'block' | 'require_approval';
                  approvers?: {
                    /** Format: int32 */
                    quorum: number;
                    /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
                    clientIds?: string[];
                    /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
                    signed?: boolean;
                  };
                  filters?: {
                    /** @description Only operations of these assets */
                    assetIds?: string[];
                    /** @description Only these users' operations */
                    userIds?: string[];
                    /** @description Only these wallets' operations */
                    walletIds?: string[];
                  };
                  enabled?: boolean;
                  /** @description sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false */
                  allowTokenAuthorizations?: boolean;
                } | null;
              };
              /** @description For a member change: a client's creation, or its new password, audience or scopes (name and e-mail as after the change) */
              memberChange?: {
                /** @enum {string} */
                kind: 'create' | 'update';
                /** @description The client changed (for `create`, the id it will have) */
                clientId: string;
                /** @description The client's tenant (null: an admin, whose changes the platform governs) */
                tenantId: string | null;
                name: string;
                email: string;
                /** @description The audiences it sets */
                audience?: ('general' | 'admin' | 'auditor')[];
                /** @description The scopes it sets */
                scopes?: string[][];
                personId?: string;
                /** @description Whether it sets a password (never shown) */
                passwordSet: boolean;
                /** @description Whether it removes every passkey of the client (recovery of a lost one) */
                passkeysReset?: boolean;
                /** @description What it sets of a tenant's passkey requirement */
                passkeyRequired?: boolean;
              };
              /** @description For a treasury change: the most the house may owe in the asset, before and after */
              treasuryChange?: {
                assetId: string;
                /** @description The bound as it is (null: none) */
                before: string | null;
                /** @description The bound as the change sets it (null: none) */
                after: string | null;
              };
            };
          }[];
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
  getApproval: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        approval: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The approval */
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
            /** @enum {string} */
            status: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
            /** @enum {string} */
            activity:
              | 'withdrawal'
              | 'transfer'
              | 'sign-tx'
              | 'sign-message'
              | 'sign-typed-data'
              | 'purchase'
              | 'issuer-activity'
              | 'policy-change'
              | 'member-change'
              | 'treasury-change';
            /** @description The withdrawal, transfer or signature it holds; for a change of a policy, a client or the treasury, the change */
            operationId: string;
            initiator: {
              clientId: string;
            };
            /** @description The policies that held it: the governing one (largest quorum) and the other matching ones, at most 100 */
            policyIds: string[];
            /**
             * Format: int32
             * @description The largest quorum among the requirements
             */
            quorum: number;
            /** @description Each holding policy's quorum and approvers: the approval needs them all */
            requirements: {
              policyId: string;
              /** Format: int32 */
              quorum: number;
              approverIds: string[] | null;
              /** @description A platform policy: admins decide */
              platform: boolean;
              /** @description An approval counts for it only as the approver's signature */
              signed?: boolean;
            }[];
            /** @description An approval counts only where a quorum is still missing, and the first rejection ends it */
            decisions: {
              clientId: string;
              /** @enum {string} */
              decision: 'approve' | 'reject';
              reason: string | null;
              /** @description The approver key whose signature approved (null: not signed) */
              credentialId: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** Format: date-time */
            expiresAt: string;
            /** @description What an approver signs, and whether an approval must be signed (on reads) */
            signing?: {
              /** @description A holding policy counts approvals only as signatures: an approve carries `signature` */
              required: boolean;
              /** @description What an approver signs to approve: the SHA-256 of its canonical JSON (keys sorted, no whitespace) is the digest an Ed25519 approver key signs (the SDK's `approvalDigest` and `signApproval`), and its 32 bytes the WebAuthn challenge a passkey answers (`approvalChallenge`) */
              statement: {
                /** @constant */
                v: 1;
                approvalId: string;
                tenantId: string;
                /** @enum {string} */
                activity:
                  | 'withdrawal'
                  | 'transfer'
                  | 'sign-tx'
                  | 'sign-message'
                  | 'sign-typed-data'
                  | 'purchase'
                  | 'issuer-activity'
                  | 'policy-change'
                  | 'member-change'
                  | 'treasury-change';
                /** @description What runs once approved: `{kind: 'signature', owner, intent}` (a signature's exact intent: its digest, or a transaction's facts), `{kind: 'movement', legs: [{walletId, assetId, amount, destination}]}` (amounts canonical, EVM addresses lower-case) or `{kind: 'change', change}` */
                operation: {
                  [key: string]: unknown;
                };
                /** @constant */
                decision: 'approve';
                /** @description The digest of the approval's requirements when it was held */
                policyVersion: string;
              };
            };
            summary: {
              /** @description The operation's user (an issuer activity: the issuer) */
              userId: string | null;
              /** @description The operation's wallet (an issuer activity: the issue) */
              walletId: string | null;
              assetId: string | null;
              amount: string | null;
              fiatAmount: string | null;
              destination: string | null;
              /** @description An operation of more than one leg: each leg's wallet, asset, amount and receiver (a transfer's wallet, or a token authorization's spender) */
              legs?: {
                userId: string;
                walletId: string;
                assetId: string;
                /**
                 * @description Decimal amount as a string
                 * @example 12.5
                 */
                amount: string;
                destination?: string;
                /** @description A purchase's fiat side, at the rate it was quoted */
                fiatAmount?: string;
                /** @description Typed data that lets the spender (`destination`) take the amount */
                tokenAuthorization?: {
                  /** @description The token's contract (null: the typed data names none) */
                  token: string | null;
                  /** @description The amount bounds what may be taken, in the asset's units; false: unlimited, unreadable or a token outside the catalog (`unknown`, its amount in base units) */
                  bounded: boolean;
                };
              }[];
              /** @description For a policy change: what it does, to which policy (named as after the change) */
              policyChange?: {
                /** @enum {string} */
                kind: 'create' | 'update' | 'delete';
                policyId: string;
                name: string;
                /** @description The policy as it is (null: a new one) */
                before: {
                  name: string;
                  /** @enum {string} */
                  activity:
                    | 'withdrawal'
                    | 'transfer'
                    | 'sign-tx'
                    | 'sign-message'
                    | 'sign-typed-data'
                    | 'purchase'
                    | 'issuer-activity'
                    | 'policy-change'
                    | 'any';
                  rule:
                    | {
                        /** @constant */
                        kind: 'amount_above';
                        assetId: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'fiat_amount_above';
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'velocity';
                        window: string;
                        /** @enum {string} */
                        per: 'wallet' | 'user' | 'tenant';
                        assetId?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxAmount?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxFiatAmount?: string;
                        /** Format: int32 */
                        maxCount?: number;
                      }
                    | {
                        /** @constant */
                        kind: 'destination_not_whitelisted';
                      }
                    | {
                        /** @constant */
                        kind: 'always';
                      };
                  /** @enum {string} */
                  action: 'block' | 'require_approval';
                  approvers?: {
                    /** Format: int32 */
                    quorum: number;
                    /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
                    clientIds?: string[];
                    /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
                    signed?: boolean;
                  };
                  filters?: {
                    /** @description Only operations of these assets */
                    assetIds?: string[];
                    /** @description Only these users' operations */
                    userIds?: string[];
                    /** @description Only these wallets' operations */
                    walletIds?: string[];
                  };
                  enabled?: boolean;
                  /** @description sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false */
                  allowTokenAuthorizations?: boolean;
                } | null;
                /** @description The policy as the change makes it (null: deleted) */
                after: {
                  name: string;
                  /** @enum {string} */
                  activity:
                    | 'withdrawal'
                    | 'transfer'
                    | 'sign-tx'
                    | 'sign-message'
                    | 'sign-typed-data'
                    | 'purchase'
                    | 'issuer-activity'
                    | 'policy-change'
                    | 'any';
                  rule:
                    | {
                        /** @constant */
                        kind: 'amount_above';
                        assetId: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'fiat_amount_above';
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        amount: string;
                      }
                    | {
                        /** @constant */
                        kind: 'velocity';
                        window: string;
                        /** @enum {string} */
                        per: 'wallet' | 'user' | 'tenant';
                        assetId?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxAmount?: string;
                        /**
                         * @description Decimal amount as a string
                         * @example 12.5
                         */
                        maxFiatAmount?: string;
                        /** Format: int32 */
                        maxCount?: number;
                      }
                    | {
                        /** @constant */
                        kind: 'destination_not_whitelisted';
                      }
                    | {
                        /** @constant */
                        kind: 'always';
                      };
                  /** @enum {string} */
                  action: 'block' | 'require_approval';
                  approvers?: {
                    /** Format: int32 */
                    quorum: number;
                    /** @description Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes) */
                    clientIds?: string[];
                    /** @description An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production) */
                    signed?: boolean;
                  };
                  filters?: {
                    /** @description Only operations of these assets */
                    assetIds?: string[];
                    /** @description Only these users' operations */
                    userIds?: string[];
                    /** @description Only these wallets' operations */
                    walletIds?: string[];
                  };
                  enabled?: boolean;
                  /** @description sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false */
                  allowTokenAuthorizations?: boolean;
                } | null;
              };
              /** @description For a member change: a client's creation, or its new password, audience or scopes (name and e-mail as after the change) */
              memberChange?: {
                /** @enum {string} */
                kind: 'create' | 'update';
                /** @description The client changed (for `create`, the id it will have) */
                clientId: string;
                /** @description The client's tenant (null: an admin, whose changes the platform governs) */
                tenantId: string | null;
                name: string;
                email: string;
                /** @description The audiences it sets */
                audience?: ('general' | 'admin' | 'auditor')[];
                /** @description The scopes it sets */
                scopes?: string[][];
                personId?: string;
                /** @description Whether it sets a password (never shown) */
                passwordSet: boolean;
                /** @description Whether it removes every passkey of the client (recovery of a lost one) */
                passkeysReset?: boolean;
                /** @description What it sets of a tenant's passkey requirement */
                passkeyRequired?: boolean;
              };
              /** @description For a treasury change: the most the house may owe in the asset, before and after */
              treasuryChange?: {
                assetId: string;
                /** @description The bound as it is (null: none) */
                before: string | null;
                /** @description The bound as the change sets it (null: none) */
                after: string | null;
              };
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
  decideApproval: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        approval: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          decision: 'approve' | 'reject';
          reason?: string;
          /** @description An approve signed with an approver key or passkey: required where a holding policy says `signed`; a rejection needs none */
          signature?: {
            /** @description One of the caller's active approver keys */
            credentialId: string;
            /** @description The credential's signature of the digest of the approval's `signing.statement`: an Ed25519 key's (base64url), or a passkey's WebAuthn assertion whose challenge is the digest's 32 bytes (the person verified), as `authenticatorData.clientDataJSON.signature`, each base64url (the SDK's `passkeySignature`) */
            signature: string;
          };
        };
      };
    };
    responses: {
      /** @description The decision */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  listApproverKeys: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Approver keys */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The client that holds it */
            clientId: string;
            /** @enum {string} */
            kind: 'ed25519' | 'webauthn';
            /** @description The raw 32-byte Ed25519 public key, or a passkey's COSE public key; base64url */
            publicKey: string;
            /**
             * @description `pending` until the signer's own registry holds it (the tenant's first at once; any other once endorsed by enough of the tenant's keys), `active` then: only an active key signs approvals
             * @enum {string}
             */
            status: 'pending' | 'active' | 'revoked';
            /** @description The tenant whose approvals it signs, or `platform` (an admin's: the platform policies') */
            tenantId: string;
            /**
             * Format: int64
             * @description Distinct clients whose keys endorsed it so far
             */
            endorsements: number;
            /** @description A passkey's credential: which passkey signs with it (null: an Ed25519 key) */
            passkey: {
              /** @description The passkey (`/v1/clients/me/passkeys`) */
              id: string;
              /** @description Its WebAuthn credential id, base64url: what `allowCredentials` names */
              credentialId: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            revokedAt: string | null;
          }[];
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
  registerApproverKey: {
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
          /**
           * @description `ed25519` (the default: `publicKey`) or `webauthn` (one of the caller’s passkeys: `passkeyId`)
           * @enum {string}
           */
          kind?: 'ed25519' | 'webauthn';
          /** @description `ed25519`: the raw 32-byte Ed25519 public key, base64url */
          publicKey?: string;
          /** @description `webauthn`: one of the caller's passkeys (`GET /v1/clients/me/passkeys`), whose public key the credential takes */
          passkeyId?: string;
          /** @description The credential's signature of its registration digest, the SHA-256 of the canonical JSON {v: 1, purpose: 'custody approver credential', tenantId, clientId, kind, publicKey} (the SDK's `approverRegistrationDigest`): Ed25519's signature (base64url), or the passkey's WebAuthn assertion whose challenge is the digest's 32 bytes, as `authenticatorData.clientDataJSON.signature` (the SDK's `passkeySignature`) */
          proof: string;
        };
      };
    };
    responses: {
      /** @description The key, active or pending */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The client that holds it */
            clientId: string;
            /** @enum {string} */
            kind: 'ed25519' | 'webauthn';
            /** @description The raw 32-byte Ed25519 public key, or a passkey's COSE public key; base64url */
            publicKey: string;
            /**
             * @description `pending` until the signer's own registry holds it (the tenant's first at once; any other once endorsed by enough of the tenant's keys), `active` then: only an active key signs approvals
             * @enum {string}
             */
            status: 'pending' | 'active' | 'revoked';
            /** @description The tenant whose approvals it signs, or `platform` (an admin's: the platform policies') */
            tenantId: string;
            /**
             * Format: int64
             * @description Distinct clients whose keys endorsed it so far
             */
            endorsements: number;
            /** @description A passkey's credential: which passkey signs with it (null: an Ed25519 key) */
            passkey: {
              /** @description The passkey (`/v1/clients/me/passkeys`) */
              id: string;
              /** @description Its WebAuthn credential id, base64url: what `allowCredentials` names */
              credentialId: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            revokedAt: string | null;
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
  revokeApproverKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked key */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The client that holds it */
            clientId: string;
            /** @enum {string} */
            kind: 'ed25519' | 'webauthn';
            /** @description The raw 32-byte Ed25519 public key, or a passkey's COSE public key; base64url */
            publicKey: string;
            /**
             * @description `pending` until the signer's own registry holds it (the tenant's first at once; any other once endorsed by enough of the tenant's keys), `active` then: only an active key signs approvals
             * @enum {string}
             */
            status: 'pending' | 'active' | 'revoked';
            /** @description The tenant whose approvals it signs, or `platform` (an admin's: the platform policies') */
            tenantId: string;
            /**
             * Format: int64
             * @description Distinct clients whose keys endorsed it so far
             */
            endorsements: number;
            /** @description A passkey's credential: which passkey signs with it (null: an Ed25519 key) */
            passkey: {
              /** @description The passkey (`/v1/clients/me/passkeys`) */
              id: string;
              /** @description Its WebAuthn credential id, base64url: what `allowCredentials` names */
              credentialId: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            revokedAt: string | null;
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
  getApproverKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The approver key */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The client that holds it */
            clientId: string;
            /** @enum {string} */
            kind: 'ed25519' | 'webauthn';
            /** @description The raw 32-byte Ed25519 public key, or a passkey's COSE public key; base64url */
            publicKey: string;
            /**
             * @description `pending` until the signer's own registry holds it (the tenant's first at once; any other once endorsed by enough of the tenant's keys), `active` then: only an active key signs approvals
             * @enum {string}
             */
            status: 'pending' | 'active' | 'revoked';
            /** @description The tenant whose approvals it signs, or `platform` (an admin's: the platform policies') */
            tenantId: string;
            /**
             * Format: int64
             * @description Distinct clients whose keys endorsed it so far
             */
            endorsements: number;
            /** @description A passkey's credential: which passkey signs with it (null: an Ed25519 key) */
            passkey: {
              /** @description The passkey (`/v1/clients/me/passkeys`) */
              id: string;
              /** @description Its WebAuthn credential id, base64url: what `allowCredentials` names */
              credentialId: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            revokedAt: string | null;
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
  endorseApproverKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retry-safe POST: the same key and body replay the first response for 24 h; another body is 409 idempotency_conflict. */
        'Idempotency-Key'?: string;
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description One of the caller's active approver keys, of the same tenant */
          credentialId: string;
          /** @description That credential's signature of the endorsement digest, the SHA-256 of the canonical JSON {v: 1, purpose: 'custody approver endorsement', tenantId, clientId, kind, publicKey, endorserCredentialId} (the endorsed key's facts and `credentialId`; the SDK's `approverEndorsementDigest`), never its registration digest: Ed25519's (base64url), or a passkey's assertion over it (`authenticatorData.clientDataJSON.signature`) */
          signature: string;
        };
      };
    };
    responses: {
      /** @description The endorsed key, active or still pending */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The client that holds it */
            clientId: string;
            /** @enum {string} */
            kind: 'ed25519' | 'webauthn';
            /** @description The raw 32-byte Ed25519 public key, or a passkey's COSE public key; base64url */
            publicKey: string;
            /**
             * @description `pending` until the signer's own registry holds it (the tenant's first at once; any other once endorsed by enough of the tenant's keys), `active` then: only an active key signs approvals
             * @enum {string}
             */
            status: 'pending' | 'active' | 'revoked';
            /** @description The tenant whose approvals it signs, or `platform` (an admin's: the platform policies') */
            tenantId: string;
            /**
             * Format: int64
             * @description Distinct clients whose keys endorsed it so far
             */
            endorsements: number;
            /** @description A passkey's credential: which passkey signs with it (null: an Ed25519 key) */
            passkey: {
              /** @description The passkey (`/v1/clients/me/passkeys`) */
              id: string;
              /** @description Its WebAuthn credential id, base64url: what `allowCredentials` names */
              credentialId: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            activatedAt: string | null;
            revokedAt: string | null;
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
  createPasskeyRegistrationOptions: {
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
    requestBody?: never;
    responses: {
      /** @description The creation options */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            rp: {
              id?: string;
              name: string;
            };
            user: {
              /** @description The user handle: the client's id, base64url */
              id: string;
              name: string;
              displayName: string;
            };
            /** @description Used once, within the timeout */
            challenge: string;
            pubKeyCredParams: {
              /** Format: int64 */
              alg: number;
              /** @constant */
              type: 'public-key';
            }[];
            /** Format: int64 */
            timeout?: number;
            /** @description The client's passkeys already registered */
            excludeCredentials?: {
              /** @description A credential id, base64url */
              id: string;
              /** @description `public-key` */
              type: string;
              transports?: string[];
            }[];
            authenticatorSelection?: {
              authenticatorAttachment?: string;
              requireResidentKey?: boolean;
              residentKey?: string;
              userVerification?: string;
            };
            attestation?: string;
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
  listPasskeys: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Passkeys */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The authenticator's credential id, base64url */
            credentialId: string;
            /** @description Its COSE public key, base64url: what its registration as an approver credential names (`POST /v1/clients/me/approver-keys` with `kind: webauthn`) */
            publicKey: string;
            /** @description The relying party's id it is registered with: what a WebAuthn request for it names */
            rpId: string;
            /** @description A name to tell the client’s passkeys apart */
            name: string;
            /** @description How a browser may reach it, as the authenticator said */
            transports: string[];
            /** Format: date-time */
            createdAt: string;
            /** @description Its last sign-in (null: never) */
            lastUsedAt: string | null;
          }[];
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
  registerPasskey: {
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
          /** @description The authenticator's answer to the registration options, as WebAuthn serializes it */
          response: {
            /** @description The credential id, base64url */
            id: string;
            rawId: string;
            /** @constant */
            type: 'public-key';
            authenticatorAttachment?: string;
            clientExtensionResults?: Record<string, never>;
            response: {
              clientDataJSON: string;
              attestationObject: string;
              authenticatorData?: string;
              transports?: string[];
              /** Format: int64 */
              publicKeyAlgorithm?: number;
              publicKey?: string;
            };
          };
          /** @description A name to tell the passkeys apart (a device, say) */
          name?: string;
        };
      };
    };
    responses: {
      /** @description The passkey */
      201: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description The authenticator's credential id, base64url */
            credentialId: string;
            /** @description Its COSE public key, base64url: what its registration as an approver credential names (`POST /v1/clients/me/approver-keys` with `kind: webauthn`) */
            publicKey: string;
            /** @description The relying party's id it is registered with: what a WebAuthn request for it names */
            rpId: string;
            /** @description A name to tell the client’s passkeys apart */
            name: string;
            /** @description How a browser may reach it, as the authenticator said */
            transports: string[];
            /** Format: date-time */
            createdAt: string;
            /** @description Its last sign-in (null: never) */
            lastUsedAt: string | null;
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
  deletePasskey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        passkey: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
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
  listAuditEvents: {
    parameters: {
      query?: {
        page?: string;
        limit?: string;
        /** @description Keyset cursor (extension): the page after the one whose Link rel="next" gave it. Costs the same at any depth; not combined with `page`. */
        after?: string;
        sort?: 'createdAt' | '-createdAt';
        createdAfter?: string;
        createdBefore?: string;
        userId?: string;
        action?: string;
        clientId?: string;
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
      /** @description Audit events */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-Total-Count': components['headers']['X-Total-Count'];
          'X-Total-Count-Lower-Bound': components['headers']['X-Total-Count-Lower-Bound'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: date-time */
            createdAt: string;
            requestId: string;
            /** @description The operationId, or `rpcRefused` */
            action: string;
            /** @enum {string} */
            method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'RPC';
            path: string;
            clientId: string | null;
            tenantId: string | null;
            userId: string | null;
            targetId: string | null;
            device: string | null;
            ip: string | null;
            remoteIp: string | null;
            /** Format: int64 */
            status: number;
            /** @enum {string} */
            outcome: 'success' | 'failure';
            /** @description Extension: on an `rpcRefused` record (a request a service refused inside the stack), what it failed on and the app it came from; its target is the broker user that sent it */
            detail?: string;
          }[];
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
  exportAudit: {
    parameters: {
      query?: {
        /** @description One chain: a tenant's id, or `platform` (admins); absent: every chain the caller reads */
        chain?: string;
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
      /** @description The export: a header line, one line per record in chain order, an end line (JSON Lines) */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/jsonl':
            | {
                /** @constant */
                type: 'header';
                /** @constant */
                format: 'custody.audit.export.v1';
                /** Format: date-time */
                exportedAt: string;
                /** @description The chain exported (a client's: its own); absent: every chain */
                chain?: string;
                /** @description The keys that sign the checkpoints (event 'audit-checkpoint.is-created') */
                keys: {
                  keyId: string;
                  /** @description Raw Ed25519 key, base64url */
                  publicKey: string;
                }[];
              }
            | {
                /** @description The tenant of the record, or `platform` */
                chain: string;
                /**
                 * Format: int64
                 * @description Its position in its chain, from 1
                 */
                seq: number;
                id: string;
                /** Format: date-time */
                occurredAt: string;
                requestId: string;
                action: string;
                /** @enum {string} */
                method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'RPC';
                path: string;
                clientId: string | null;
                tenantId: string | null;
                userId: string | null;
                targetId: string | null;
                device: string | null;
                ip: string | null;
                remoteIp: string | null;
                /** Format: int64 */
                status: number;
                /** @enum {string} */
                outcome: 'success' | 'failure';
                detail: string | null;
                /** @description The hash of the record before it in its chain */
                prevHash: string;
                /** @description SHA-256 of the record's canonical form (docs/decisions/audit.md) */
                hash: string;
              }
            | {
                /** @constant */
                type: 'end';
                /**
                 * Format: int64
                 * @description The records written before it
                 */
                records: number;
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
  pingService: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path: {
        service:
          'identity' | 'wallet-ledger' | 'trading' | 'signing' | 'issuer' | 'notifier' | 'policy';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The service answered */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            service:
              | 'identity'
              | 'wallet-ledger'
              | 'trading'
              | 'signing'
              | 'issuer'
              | 'notifier'
              | 'policy';
            /**
             * Format: uuid
             * @description The answering replica (a UUID made at its start)
             */
            instanceId: string;
            uptimeSeconds: number;
            /** @description Each readiness check of the service: database, broker, redis */
            checks: {
              [key: string]: 'ok' | 'failed';
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
      /** @description A backing service is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A backing service did not answer in time */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSystemHealth: {
    parameters: {
      query?: never;
      header?: {
        /** @description Correlates logs across services; echoed in the response. */
        'X-Request-Id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The outcome of each readiness check the gateway runs, the same as its internal /readyz (the public /readyz says only ready or not, naming nothing). A failed check is reported here, still with 200; a service's check fails when it does not answer its ping within READINESS_TIMEOUT_MS. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description ready: every check is ok (the public /readyz answers 200)
             * @enum {string}
             */
            status: 'ready' | 'not_ready';
            /** @description Every check of the gateway's readiness: its connection to the broker, Redis, and each backend service's answer to an RPC ping */
            checks: {
              [key: string]: {
                /** @enum {string} */
                status: 'ok' | 'failed';
              };
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
}

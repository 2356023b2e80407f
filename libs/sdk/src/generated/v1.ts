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
    /** Issue an access and refresh token (password or refresh_token grant) */
    post: operations['createToken'];
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
    /** Revoke an access token or a refresh token (RFC 7009; extension) */
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
    /** List clients */
    get: operations['listClients'];
    put?: never;
    /** Create a client (an account that logs in) */
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
    /** Read a client (admins: any; a client: itself) */
    get: operations['getClient'];
    put?: never;
    post?: never;
    /** Delete a client (soft; its tokens stop working at once) */
    delete: operations['deleteClient'];
    options?: never;
    head?: never;
    /** Change a client; a new password, audience or scopes revokes its tokens */
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
    /** List api clients */
    get: operations['listApiClients'];
    put?: never;
    /** Create an api client (extension); the secret is generated unless given */
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
    /** Read an api client */
    get: operations['getApiClient'];
    put?: never;
    post?: never;
    /** Delete an api client (extension; soft) */
    delete: operations['deleteApiClient'];
    options?: never;
    head?: never;
    /** Change an api client (extension) */
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
    /** Identity document types */
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
    /** CNAE-2009 classes (Spanish classification of economic activities; Fuente: INE) */
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
    /** Company types (legal forms) of legal persons; `id` is the `companyType` code */
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
    /** Purposes of the business relationship; `id` is the `purposeBusinessRelationship` code */
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
    /** Onboard an individual person */
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
    /** Onboard a legal person (company) */
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
    /** List users: an admin's of every tenant; a client's (extension) of its own tenant */
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
    /** Read a user */
    get: operations['getUser'];
    put?: never;
    post?: never;
    /** Delete a user (soft; the record is kept for compliance) */
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
    /** Change an individual person; `status` active|blocked sets `blocked` */
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
    /** Change a legal person; place objects keep their required members */
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
    /** List a user's wallets (`*` as user: every user, admin only) */
    get: operations['listWallets'];
    put?: never;
    /** Open a wallet of one asset for a user (one per user and asset) */
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
    /** Read a wallet with its balances and address */
    get: operations['getWallet'];
    put?: never;
    post?: never;
    /** Delete an empty wallet (soft); 403 while it holds funds */
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
    /** List a wallet's sign-tx records */
    get: operations['listSignedTransactions'];
    put?: never;
    /** Sign a transaction (EVM `tx`/`txJson`, or Qubic `qubicTxJson`) */
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
    /** Read one sign-tx record */
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
    /** List a wallet's sign-message records */
    get: operations['listSignedMessages'];
    put?: never;
    /** Sign a message (EIP-191) */
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
    /** Read one sign-message record */
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
    /** List a wallet's sign-typed-data records */
    get: operations['listSignedTypedDatas'];
    put?: never;
    /** Sign typed data (EIP-712; `value.primaryType` names the root type) */
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
    /** Read one sign-typed-data record */
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
    /** List a wallet's whitelist records */
    get: operations['listWhitelists'];
    put?: never;
    /** Whitelist a counterparty address for a wallet (extension); starts pending */
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
    /** Read a whitelist record */
    get: operations['getWhitelist'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Set the travel-rule status after review (admin; extension) */
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
    /** List transfers */
    get: operations['listTransfers'];
    put?: never;
    /** Move funds between custody wallets: every leg applies, or none */
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
    /** Read a transfer */
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
    /** Report a deposit to a custody wallet (admin; manual chain adapter) */
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
    /** Confirm (credit) or fail a pending deposit (admin) */
    patch: operations['updateIncome'];
    trace?: never;
  };
  '/users/{user}/wallets/{wallet}/incomes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a wallet's deposits (`*` for user and wallet: admin only) */
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
    /** Read a deposit */
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
    /** List a wallet's ledger movements (`*` for user and wallet: admin only) */
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
    /** Read one ledger movement */
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
    /** List a wallet's withdrawals (`*` for user and wallet: admin only) */
    get: operations['listWithdrawals'];
    put?: never;
    /** Withdraw to an outside address; holds the amount (absent: the whole available balance) */
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
    /** Read a withdrawal */
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
    /** Move a withdrawal through prepared → broadcast → confirmed, or to failed/cancelled (admin) */
    patch: operations['updateWithdrawal'];
    trace?: never;
  };
  '/admin/ledger/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Advance the ledger invariant check by one bounded step (admin) */
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
    /** The chain adapter's state: network, head, scan cursor, gas station (admin) */
    get: operations['getChainStatus'];
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
    /** List the asset catalog, each with its current rate and market data */
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
    /** Read an asset (by id or symbol) with its current rate and market data */
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
    /** Whether the asset can be bought or sold now, and why not */
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
    /** Market data snapshots of an asset (`*`: every asset) in a lastUpdated window */
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
    /** Read one market data snapshot */
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
    /** Rate history of an asset (`interval`: only the last 1h–24h or 1d–365d) */
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
    /** The exchange's quote for buying or selling the asset now */
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
    /** Read one rate; its asset carries the current rate and market data */
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
    /** List a wallet's purchases (`*` for user and wallet: admin only) */
    get: operations['listPurchases'];
    put?: never;
    /** Buy (amount in fiat) or sell (amount in crypto) the wallet’s asset at the current rate */
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
    /** Read a purchase */
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
    /** The notification types, each with your tenant's receivers (an admin's too) */
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
    /** Your webhook signing secret (Standard Webhooks `whsec_…`; created on first read) */
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
    /** Replace the signing secret; the old one keeps signing alongside for 24 h */
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
    /** The delivery log of your receivers (extension) */
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
    /** Send a delivery again (extension) */
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
    /** A receiver's deliveries, each with its attempts (extension) */
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
    /** Deliver every event of the type since a time again (extension) */
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
    /** Subscribe a receiver to a notification type */
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
    /** Unsubscribe a receiver */
    delete: operations['deleteReceiver'];
    options?: never;
    head?: never;
    /** Change a receiver (re-enables a disabled one) */
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
    /** The event feed: every event of the caller's tenant, in order (extension) */
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
    /** One event of the feed (extension) */
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
    /** List the policies that apply: the tenant's and the platform's */
    get: operations['listPolicies'];
    put?: never;
    /** Create a policy (a tenant's; an admin's applies to every tenant) */
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
    /** Read a policy */
    get: operations['getPolicy'];
    put?: never;
    post?: never;
    /** Delete a policy (a platform policy: admins only) */
    delete: operations['deletePolicy'];
    options?: never;
    head?: never;
    /** Change a policy (a platform policy: admins only) */
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
    /** List the tenant's approvals (admins: every tenant's) */
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
    /** Read an approval with its decisions so far */
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
    /** Approve or reject a held operation (not one the caller started) */
    post: operations['decideApproval'];
    delete?: never;
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
    /** Read the audit log of mutating requests (extension) */
    get: operations['listAuditEvents'];
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
    /** Round-trip an RPC ping to one backend service */
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
    /** The health of the broker, Redis and every backend service, as the gateway sees it */
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
       * @description Stable snake_case error code
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
              audience: ('general' | 'admin')[];
              /** @description The tenant the client acts for: its own id, or its tenant */
              tenantId: string;
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
            audience: ('general' | 'admin')[];
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
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
          audience?: ('general' | 'admin')[];
          /** @description Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all */
          scopes?: string[][];
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
            audience: ('general' | 'admin')[];
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
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
            audience: ('general' | 'admin')[];
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
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
          audience?: ('general' | 'admin')[];
          /** @description Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all */
          scopes?: string[][];
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
            audience: ('general' | 'admin')[];
            /** @description The tenant the client acts for: its own id, or its tenant */
            tenantId: string;
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
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'rejected' | 'failed';
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
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'rejected' | 'failed';
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
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'rejected' | 'failed';
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
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'rejected' | 'failed';
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
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'rejected' | 'failed';
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
             * @description `sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there
             * @enum {string}
             */
            status: 'sent' | 'pending_approval' | 'rejected' | 'failed';
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
        movementSubtype?: 'internal' | 'external' | 'buy' | 'sell' | 'fee';
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
            movementSubtype: 'internal' | 'external' | 'buy' | 'sell' | 'fee';
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
            movementSubtype: 'internal' | 'external' | 'buy' | 'sell' | 'fee';
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
            /** @enum {string} */
            status: 'pending' | 'approved' | 'rejected';
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
      /** @description Settled (approved) */
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
            /** @enum {string} */
            status: 'pending' | 'approved' | 'rejected';
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
          | 'policy-change';
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
              | 'policy-change';
            /** @description The withdrawal, transfer or signature it holds; for a policy change, the change */
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
            }[];
            /** @description An approval counts only where a quorum is still missing, and the first rejection ends it */
            decisions: {
              clientId: string;
              /** @enum {string} */
              decision: 'approve' | 'reject';
              reason: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** Format: date-time */
            expiresAt: string;
            summary: {
              userId: string | null;
              walletId: string | null;
              assetId: string | null;
              amount: string | null;
              fiatAmount: string | null;
              destination: string | null;
              /** @description A transfer of more than one leg: each leg's wallet, asset, amount and receiver wallet */
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
                } | null;
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
              | 'policy-change';
            /** @description The withdrawal, transfer or signature it holds; for a policy change, the change */
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
            }[];
            /** @description An approval counts only where a quorum is still missing, and the first rejection ends it */
            decisions: {
              clientId: string;
              /** @enum {string} */
              decision: 'approve' | 'reject';
              reason: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** Format: date-time */
            expiresAt: string;
            summary: {
              userId: string | null;
              walletId: string | null;
              assetId: string | null;
              amount: string | null;
              fiatAmount: string | null;
              destination: string | null;
              /** @description A transfer of more than one leg: each leg's wallet, asset, amount and receiver wallet */
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
                } | null;
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

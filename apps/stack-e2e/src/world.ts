import { approverKeyRegistration, approverOf, newApproverKey } from '@custody/sdk';
import { waitFor } from '@custody/testing';
import type { Api, ApiResponse } from './api';
import { SoftAuthenticator } from './soft-authenticator';

/** The relying party a stack started without WEBAUTHN_* answers for (identity's defaults). */
export const DEFAULT_RP = { origin: 'http://localhost:3000', rpId: 'localhost' };

/**
 * Fixtures for the suites generated from the OpenAPI documents (security matrix, fuzzer): a
 * tenant with one record of every kind a path parameter can name, and issuers with an issue.
 */

export const DEVICE = { device: 'Pixel 9', ip: '203.0.113.9' };
export const SENDER_ADDRESS = '0x000000000000000000000000000000000000bEEF';
const RECEIVER_ADDRESS = '0x00000000000000000000000000000000000c0ffe';

export const TYPED_DATA = {
  domain: {
    name: 'Custody',
    version: '1',
    chainId: '1',
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    Order: [
      { name: 'asset', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  value: { primaryType: 'Order', asset: 'ETH', amount: '1000' },
};

/** The body of a successful answer (2xx), or an error naming what could not be made. */
function created(res: ApiResponse, what: string): any {
  if (res.status < 200 || res.status > 299)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body;
}

let deposits = 0;

export async function newUser(api: Api, token: string, name = 'Alice'): Promise<string> {
  return created(
    await api.post('/v1/users/individual-person', {
      token,
      body: { generalConditions: '2026-01-01', name },
    }),
    'user',
  ).id;
}

export async function openWallet(
  api: Api,
  token: string,
  user: string,
  assetId = 'eth',
): Promise<string> {
  return created(
    await api.post(`/v1/users/${user}/wallets`, { token, body: { assetId, ...DEVICE } }),
    `${assetId} wallet`,
  ).id;
}

/** A confirmed deposit, reported by an admin (the manual chain adapter). Returns the income id. */
export async function fund(api: Api, admin: string, walletId: string, amount: string) {
  const income = created(
    await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId,
        amount,
        blockchainTransactionId: `0xworld${process.pid}x${deposits++}`,
        senderAddress: SENDER_ADDRESS,
        transactionTimestamp: '2026-11-01T10:00:00Z',
      },
    }),
    'income',
  );
  created(
    await api.patch(`/v1/admin/incomes/${income.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    }),
    'income confirmation',
  );
  return income.id as string;
}

/** The ids of one tenant's records: a value for every tenant-owned path parameter. */
export interface TenantRecords {
  clientId: string;
  /** A user with a funded ETH wallet and one record of each kind on it. */
  user: string;
  wallet: string;
  /** The same user's USDC wallet. */
  secondWallet: string;
  /** Another user of the tenant, with an ETH wallet (the receiver of the transfer). */
  otherUser: string;
  otherWallet: string;
  income: string;
  transaction: string;
  transfer: string;
  withdrawal: string;
  purchase: string;
  signedTx: string;
  signedMessage: string;
  signedTypedData: string;
  whitelist: string;
  notificationType: string;
  receiver: string;
  delivery: string;
  /** A policy of the tenant's that matches nothing the tests do. */
  policy: string;
  /** A pending approval: a withdrawal from the other user's wallet, held by a policy of its own. */
  approval: string;
  /** An event of the tenant's in the event feed. */
  event: string;
  /** The tenant's first approver key (active: the signer's registry admitted it). */
  approverKey: string;
  /** A passkey of the tenant's client (registered with a software authenticator). */
  passkey: string;
}

/**
 * Fills a tenant (a general client's token) with one record of every kind. Needs the whole stack
 * and a notifier that accepts private receiver URLs.
 */
export async function populateTenant(
  api: Api,
  admin: string,
  tenant: { id: string; token: string },
): Promise<TenantRecords> {
  const token = tenant.token;
  const user = await newUser(api, token, 'Target');
  const otherUser = await newUser(api, token, 'Bystander');
  const [wallet, secondWallet, otherWallet] = await Promise.all([
    openWallet(api, token, user),
    openWallet(api, token, user, 'usdc'),
    openWallet(api, token, otherUser),
  ]);
  const income = await fund(api, admin, wallet, '5');
  const base = `/v1/users/${user}/wallets/${wallet}`;
  const transfer = created(
    await api.post('/v1/transfers', {
      token,
      body: {
        requestedTransactions: [
          {
            assetId: 'eth',
            senderUserId: user,
            senderWalletId: wallet,
            receiverUserId: otherUser,
            receiverWalletId: otherWallet,
            amount: '0.5',
          },
        ],
      },
    }),
    'transfer',
  ).id;
  const withdrawal = created(
    await api.post(`${base}/withdrawals`, {
      token,
      body: { assetId: 'eth', receiverAddress: RECEIVER_ADDRESS, amount: '0.25', ...DEVICE },
    }),
    'withdrawal',
  ).id;
  const purchase = created(
    await api.post(`${base}/purchases`, {
      token,
      body: { operation: 'buy', amount: '10', ...DEVICE },
    }),
    'purchase',
  ).id;
  const [signedTx, signedMessage, signedTypedData, whitelist] = await Promise.all([
    api
      .post(`${base}/sign-tx`, {
        token,
        body: { txJson: { to: RECEIVER_ADDRESS, value: '1', nonce: '0', gasLimit: '21000' } },
      })
      .then((res) => created(res, 'signed transaction').id as string),
    api
      .post(`${base}/sign-message`, { token, body: { message: 'hello' } })
      .then((res) => created(res, 'signed message').id as string),
    api
      .post(`${base}/sign-typed-data`, { token, body: { typedData: TYPED_DATA } })
      .then((res) => created(res, 'signed typed data').id as string),
    api
      .post(`${base}/whitelists`, {
        token,
        body: {
          address: RECEIVER_ADDRESS,
          counterPartyFullName: 'Bob Receiver',
          counterPartyType: 'SELF_HOSTED',
        },
      })
      .then((res) => created(res, 'whitelist').id as string),
  ]);
  const transactions = created(await api.get(`${base}/transactions`, { token }), 'transactions');
  const transaction = transactions.find((t: { txLog: string }) => t.txLog === income).id;

  const types = created(await api.get('/v1/notifications?limit=0', { token }), 'types');
  const notificationType = types.find((t: { event: string }) => t.event === 'user.is-updated').id;
  // Nobody listens there: the delivery fails and stays listed, which is all the tests need.
  const receiver = created(
    await api.post(`/v1/notifications/${notificationType}`, {
      token,
      body: { url: 'http://127.0.0.1:9/hooks' },
    }),
    'receiver',
  ).id;
  created(
    await api.patch(`/v1/users/${otherUser}/individual-person`, {
      token,
      body: { name: 'Bystander Two' },
    }),
    'user update',
  );
  const delivery = await waitFor(
    async () =>
      (await api.get(`/v1/notifications/deliveries?receiverId=${receiver}`, { token })).body[0]
        ?.id as string | undefined,
    { timeoutMs: 20_000, intervalMs: 100, what: 'a webhook delivery' },
  );
  const policy = created(
    await api.post('/v1/policies', {
      token,
      body: {
        name: 'Nothing above a million ETH',
        activity: 'withdrawal',
        rule: { kind: 'amount_above', assetId: 'eth', amount: '1000000' },
        action: 'block',
      },
    }),
    'policy',
  ).id as string;
  // Withdrawals from the other user's wallet wait for one approval (the transfer funded it).
  created(
    await api.post('/v1/policies', {
      token,
      body: {
        name: "One approval for the bystander's withdrawals",
        activity: 'withdrawal',
        rule: { kind: 'always' },
        action: 'require_approval',
        approvers: { quorum: 1 },
        filters: { walletIds: [otherWallet] },
      },
    }),
    'approval policy',
  );
  const held = created(
    await api.post(`/v1/users/${otherUser}/wallets/${otherWallet}/withdrawals`, {
      token,
      body: { assetId: 'eth', receiverAddress: RECEIVER_ADDRESS, amount: '0.1', ...DEVICE },
    }),
    'held withdrawal',
  ).id as string;
  const approval = created(
    await api.get(`/v1/users/${otherUser}/wallets/${otherWallet}/withdrawals/${held}`, { token }),
    'held withdrawal',
  ).approvalId as string;
  const event = await waitFor(
    async () => (await api.get('/v1/events?limit=1', { token })).body[0]?.id as string | undefined,
    { timeoutMs: 20_000, intervalMs: 100, what: 'an event in the feed' },
  );
  const approverKey = created(
    await api.post('/v1/clients/me/approver-keys', {
      token,
      body: approverKeyRegistration(newApproverKey().privateKeyPem, approverOf(token)),
    }),
    'approver key',
  ).id as string;
  const options = created(
    await api.post('/v1/clients/me/passkeys/registration-options', { token }),
    'passkey registration options',
  );
  const passkey = created(
    await api.post('/v1/clients/me/passkeys', {
      token,
      body: {
        response: new SoftAuthenticator(DEFAULT_RP.origin, DEFAULT_RP.rpId).register(options),
      },
    }),
    'passkey',
  ).id as string;
  return {
    clientId: tenant.id,
    user,
    wallet,
    secondWallet,
    otherUser,
    otherWallet,
    income,
    transaction,
    transfer,
    withdrawal,
    purchase,
    signedTx,
    signedMessage,
    signedTypedData,
    whitelist,
    notificationType,
    receiver,
    delivery,
    policy,
    approval,
    event,
    approverKey,
    passkey,
  };
}

export interface IssuerRecords {
  id: string;
  secret: string;
  token: string;
  issue: string;
  activity: string;
}

export async function authenticateIssuer(api: Api, id: string, secret: string): Promise<string> {
  return created(await api.post('/v2/issuers/auth', { body: { id, secret } }), 'issuer auth')
    .accessToken;
}

/** An issuer (provisioned by an admin) with a token, an issue and a message activity. */
export async function newIssuer(api: Api, admin: string, name: string): Promise<IssuerRecords> {
  const issuer = created(await api.post('/v2/issuers', { token: admin, body: { name } }), 'issuer');
  const token = await authenticateIssuer(api, issuer.id, issuer.secret);
  const issue = created(
    await api.post(`/v2/issuers/${issuer.id}/issues`, {
      token,
      body: { name: `${name} bond 2030` },
    }),
    'issue',
  ).id;
  const activity = created(
    await api.post(`/v2/issuers/${issuer.id}/issues/${issue}/activities/message`, {
      token,
      body: { name: 'Coupon', description: 'Coupon paid', infoUrl: 'https://issuer.example/c' },
    }),
    'activity',
  ).id;
  return { id: issuer.id, secret: issuer.secret, token, issue, activity };
}

/** Global (not tenant-owned) records: an asset, its market data and a rate. */
export interface GlobalRecords {
  asset: string;
  marketData: string;
  rate: string;
  apiClient: string;
  service: string;
}

export async function globalRecords(
  api: Api,
  admin: string,
  apiClient: string,
): Promise<GlobalRecords> {
  const marketData = created(
    await api.get(
      '/v1/assets/eth/market-data?lastUpdatedAfter=2000-01-01T00:00:00Z&lastUpdatedBefore=2100-01-01T00:00:00Z',
      { token: admin },
    ),
    'market data',
  );
  const rates = created(await api.get('/v1/assets/eth/rates', { token: admin }), 'rates');
  return {
    asset: 'eth',
    marketData: marketData[0].id,
    rate: rates[0].id,
    apiClient,
    service: 'identity',
  };
}

/** Path parameter values for a tenant's records, an issuer's and the global ones. */
export function pathValues(
  records: TenantRecords,
  issuer: IssuerRecords,
  global: GlobalRecords,
): Record<string, string> {
  return {
    client: records.clientId,
    apiClient: global.apiClient,
    user: records.user,
    wallet: records.wallet,
    secondWallet: records.secondWallet,
    otherUser: records.otherUser,
    otherWallet: records.otherWallet,
    txId: records.signedTx,
    signedMsgId: records.signedMessage,
    signedTypedDataId: records.signedTypedData,
    whitelist: records.whitelist,
    transfer: records.transfer,
    income: records.income,
    transaction: records.transaction,
    withdrawal: records.withdrawal,
    purchase: records.purchase,
    deliveryId: records.delivery,
    notificationId: records.notificationType,
    receiverId: records.receiver,
    policy: records.policy,
    approval: records.approval,
    event: records.event,
    key: records.approverKey,
    passkey: records.passkey,
    asset: global.asset,
    assetId: global.asset,
    marketDataId: global.marketData,
    rate: global.rate,
    service: global.service,
    clientIssuerId: issuer.id,
    clientIssueId: issuer.issue,
    clientIssueActivityId: issuer.activity,
  };
}

const PLACE = { country: 'ES', city: 'Madrid', postalCode: '28001', address: 'Calle Mayor 1' };
let samples = 0;
const unique = () => `${Date.now().toString(36)}${process.pid}${samples++}`;

/** A complete legal person (every field the contract requires). */
export function legalPersonBody(): Record<string, unknown> {
  return {
    generalConditions: '2026-01-15T10:00:00Z',
    ...DEVICE,
    idNumber: `B${unique()}`,
    legalName: 'Acme Custodia S.L.',
    phoneNumber: '+34910000000',
    email: `legal-${unique()}@acme.test`,
    tradename: 'Acme',
    companyType: '2',
    constitutionDate: '2020-05-04',
    constitutionPlace: PLACE,
    taxResidence: PLACE,
    CNAE: '6201',
    registeredOffice: PLACE,
    mainOffice: PLACE,
    individualsCompany: [
      { name: 'Ana', surnames: 'García', nationality: 'ES', idType: '1', idNumber: '12345678Z' },
    ],
    companyAdministrationCommittee: [
      {
        name: 'Luis',
        surnames: 'Pérez',
        address: 'Calle Sol 2',
        idType: '2',
        idNumber: 'P1234567',
        position: 'CEO',
      },
    ],
    adminPersonName: 'Luis Pérez',
    adminPersonIdType: '4',
    adminPersonIdNumber: 'B12345678',
    representativeIdType: '1',
    representativeIdNumber: '87654321X',
    annualRevenueVolume: '1000000',
    contractedServices: 'custody',
    purposeBusinessRelationship: '1',
    numExpectedTransactions: '100',
    expectedAmountToCustodyFirstYear: '500000',
  };
}

/**
 * A valid request body per operationId, for the path values `v` (see `pathValues`): what a
 * legitimate caller of that endpoint would send. The generated suites fail on an endpoint with a
 * request body that has no entry here.
 */
export const SAMPLE_BODIES: Record<string, (v: Record<string, string>) => unknown> = {
  createToken: () => ({ grant_type: 'password', username: 'nobody@e2e.test', password: 'x' }),
  revokeToken: () => ({ token: 'not-a-token' }),
  createClient: () => ({
    name: 'Sample',
    email: `sample-${unique()}@e2e.test`,
    password: 'a-long-client-password',
  }),
  updateClient: () => ({ name: 'Renamed' }),
  createPolicy: () => ({
    name: 'Sample cap',
    activity: 'withdrawal',
    rule: { kind: 'amount_above', assetId: 'eth', amount: '1000000' },
    action: 'block',
  }),
  updatePolicy: () => ({ name: 'Renamed cap' }),
  decideApproval: () => ({ decision: 'approve', reason: 'Looks right' }),
  // A well-formed key whose proof does not verify: refused (403), registers nothing.
  registerApproverKey: () => ({ publicKey: newApproverKey().publicKey, proof: 'A'.repeat(86) }),
  endorseApproverKey: (v) => ({ credentialId: v['key'], signature: 'A'.repeat(86) }),
  // An answer to a challenge nobody issued: refused (400), registers nothing.
  registerPasskey: () => ({
    response: new SoftAuthenticator(DEFAULT_RP.origin, DEFAULT_RP.rpId).register({
      challenge: 'not-an-issued-challenge',
      rp: {},
      user: { id: 'c2FtcGxl' },
    }),
    name: 'Sample',
  }),
  createWebAuthnChallenge: () => ({}),
  createApiClient: () => ({ name: 'Sample app' }),
  updateApiClient: () => ({ name: 'Renamed app' }),
  createIndividualPerson: () => ({ generalConditions: '2026-01-01', name: 'Sample' }),
  createLegalPerson: () => legalPersonBody(),
  deleteUser: () => DEVICE,
  updateIndividualPerson: () => ({ name: 'Renamed' }),
  updateLegalPerson: () => ({ legalName: 'Renamed S.L.' }),
  createWallet: () => ({ assetId: 'eth', ...DEVICE }),
  deleteWallet: () => DEVICE,
  createSignedTransaction: () => ({
    txJson: { to: RECEIVER_ADDRESS, value: '1', nonce: '1', gasLimit: '21000' },
  }),
  createSignedMessage: () => ({ message: 'hello' }),
  createSignedTypedData: () => ({ typedData: TYPED_DATA }),
  createWhitelist: () => ({
    address: RECEIVER_ADDRESS,
    counterPartyFullName: 'Bob Receiver',
    counterPartyType: 'SELF_HOSTED',
  }),
  updateWhitelist: () => ({ travelRuleStatus: 'verified' }),
  createTransfer: (v) => ({
    requestedTransactions: [
      {
        assetId: 'eth',
        senderUserId: v['user'],
        senderWalletId: v['wallet'],
        receiverUserId: v['otherUser'],
        receiverWalletId: v['otherWallet'],
        amount: '0.1',
      },
    ],
  }),
  reportIncome: (v) => ({
    walletId: v['wallet'],
    amount: '1',
    blockchainTransactionId: `0xsample${unique()}`,
    senderAddress: SENDER_ADDRESS,
    transactionTimestamp: '2026-11-01T10:00:00Z',
  }),
  updateIncome: () => ({ status: 'failed' }),
  resolveIncomeReorg: () => ({ resolution: 'released' }),
  setTreasuryLimit: () => ({ maxShort: null }),
  createWithdrawal: () => ({
    assetId: 'eth',
    receiverAddress: RECEIVER_ADDRESS,
    amount: '0.1',
    ...DEVICE,
  }),
  updateWithdrawal: () => ({ status: 'cancelled' }),
  createPurchase: () => ({ operation: 'buy', amount: '10', ...DEVICE }),
  createReceiver: () => ({ url: 'http://127.0.0.1:9/sample' }),
  updateReceiver: () => ({ url: 'http://127.0.0.1:9/renamed' }),
  replayReceiver: () => ({ since: '2026-01-01T00:00:00.000Z' }),
  createIssuer: () => ({ name: 'Sample issuer' }),
  authenticateIssuer: (v) => ({ id: v['clientIssuerId'], secret: 'not-the-secret' }),
  createIssue: () => ({ name: 'Sample bond' }),
  createMessageActivity: () => ({
    name: 'Notice',
    description: 'A notice',
    infoUrl: 'https://issuer.example/notice',
  }),
  createRequestActivity: () => ({ name: 'Consent', dataStructured: TYPED_DATA }),
  createHolder: () => ({ name: 'Holder', address: RECEIVER_ADDRESS }),
};

/** Values for the required query parameters, per operationId. */
export const SAMPLE_QUERIES: Record<string, Record<string, string>> = {
  getAssetAvailability: { action: 'BUY' },
  listMarketData: {
    lastUpdatedAfter: '2000-01-01T00:00:00Z',
    lastUpdatedBefore: '2100-01-01T00:00:00Z',
  },
  getExchangeRate: { side: 'buy' },
};

/**
 * Example request bodies of the main operations, by operationId, as OpenAPI Example Objects.
 * Each one must pass its route's validator: openapi-lint.spec.ts parses every example with the
 * route's body schema, and Spectral checks it against the generated document.
 */
export type RequestExamples = Record<string, { summary: string; value: unknown }>;

const USER = '0199a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b';
const WALLET = '0199a3b2-8d5e-7f90-ab1c-2d3e4f5a6b7c';
const OTHER_USER = '0199a3b3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const OTHER_WALLET = '0199a3b3-2b3c-7d4e-9f5a-6b7c8d9e0f1a';
const DEVICE = { device: 'Mozilla/5.0 (X11; Linux x86_64) CustodyApp/2.4', ip: '203.0.113.7' };

const TYPED_DATA = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  value: {
    primaryType: 'Mail',
    from: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
    to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
    amount: '1000',
  },
};

export const REQUEST_EXAMPLES: Record<string, RequestExamples> = {
  createToken: {
    password: {
      summary: 'Password grant (Basic auth: api client id and secret)',
      value: {
        grant_type: 'password',
        username: 'ops@fintech.example',
        password: 'S3cure-pass-2026',
      },
    },
    refresh: {
      summary: 'Refresh-token grant',
      value: { grant_type: 'refresh_token', refresh_token: 'rt_8f14e45fceea167a5a36dedd4bea2543' },
    },
  },
  createClient: {
    general: {
      summary: 'A general client limited to reading wallets and creating transfers',
      value: {
        name: 'Fintech operations',
        email: 'ops@fintech.example',
        password: 'S3cure-pass-2026',
        audience: ['general'],
        scopes: [
          ['wallets', 'read'],
          ['transfers', 'write'],
        ],
      },
    },
  },
  createApiClient: {
    app: {
      summary: 'An OAuth application with 15-minute access tokens',
      value: {
        id: 'fintech-backend',
        name: 'Fintech backend',
        secret: 'a-long-random-secret-of-32-chars',
        audience: 'general',
        accessTokenExpiresIn: 900,
        refreshTokenExpiresIn: 2592000,
      },
    },
  },
  createIndividualPerson: {
    person: {
      summary: 'An individual person',
      value: {
        generalConditions: '2026-01-15T10:00:00Z',
        idNumber: '12345678Z',
        idType: '1',
        name: 'Ana',
        surname: 'García',
        dateOfBirth: '1990-04-12',
        phoneNumber: '+34600000000',
        nationality: 'ES',
        email: 'ana.garcia@example.com',
        ...DEVICE,
        externalReference: 'crm-10042',
      },
    },
  },
  createWallet: {
    wallet: {
      summary: 'An ETH wallet for a user',
      value: { assetId: 'eth', ...DEVICE, externalReference: 'wallet-10042-eth' },
    },
  },
  createTransfer: {
    transfer: {
      summary: 'One leg from one user to another',
      value: {
        requestedTransactions: [
          {
            assetId: 'eth',
            senderUserId: USER,
            senderWalletId: WALLET,
            receiverUserId: OTHER_USER,
            receiverWalletId: OTHER_WALLET,
            amount: '0.25',
          },
        ],
        externalReference: 'payout-2026-01-15',
      },
    },
  },
  createWithdrawal: {
    withdrawal: {
      summary: 'Withdraw 0.1 ETH to an outside address',
      value: {
        assetId: 'eth',
        receiverAddress: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
        amount: '0.1',
        memo: 'Invoice 2026-001',
        ...DEVICE,
      },
    },
  },
  createPurchase: {
    buy: {
      summary: 'Buy ETH for 100 units of the base currency',
      value: { operation: 'buy', amount: '100', ...DEVICE },
    },
  },
  createSignedMessage: {
    message: {
      summary: 'Sign an EIP-191 message',
      value: { message: 'I own this wallet: nonce 4f1c', externalReference: 'proof-4f1c' },
    },
  },
  createSignedTypedData: {
    typedData: { summary: 'Sign EIP-712 typed data', value: { typedData: TYPED_DATA } },
  },
  createReceiver: {
    url: {
      summary: 'Deliver the events to a URL (Standard Webhooks signatures)',
      value: { url: 'https://hooks.fintech.example/custody', authenticationId: 'backend' },
    },
  },
  authenticateIssuer: {
    credentials: {
      summary: "The issuer's id and secret",
      value: { id: '0199a3b4-3c4d-7e5f-8a6b-7c8d9e0f1a2b', secret: 'issuer-secret-from-creation' },
    },
  },
  createMessageActivity: {
    message: {
      summary: 'A message to the holders of an issue',
      value: {
        name: 'Coupon payment',
        description: 'The January coupon is paid on 31 January.',
        infoUrl: 'https://issuer.example/coupons/2026-01',
      },
    },
  },
  createHolder: {
    holder: {
      summary: 'A holder of the issue',
      value: { name: 'Ana García', address: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    },
  },
};

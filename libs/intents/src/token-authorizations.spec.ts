import type { TypedDataInput } from '@custody/contracts';
import {
  grantLegs,
  type KnownContracts,
  LIMITS,
  MAX_UINT256,
  PERMIT2,
  tokenAuthorization,
  UNKNOWN_TOKEN,
} from './token-authorizations';

const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const OTHER_TOKEN = '0x00000000000000000000000000000000000070c3';
const SPENDER = '0x00000000000000000000000000000000000bbeef';
const OWNER = '0x00000000000000000000000000000000000a11ce';
const ROUTER = '0x00000000000000000000000000000000000e0c7e';

const known: KnownContracts = {
  tokens: new Map([
    [USDC, { assetId: 'usdc', decimals: 6 }],
    [DAI, { assetId: 'dai', decimals: 18 }],
  ]),
  authorizers: new Set([PERMIT2, ROUTER]),
};

const field = (name: string, type: string) => ({ name, type });

function typed(
  verifyingContract: string,
  types: TypedDataInput['types'],
  value: Record<string, unknown>,
): TypedDataInput {
  return { domain: { name: 'Test', chainId: '1', verifyingContract }, types, value };
}

const EIP2612_FIELDS = [
  field('owner', 'address'),
  field('spender', 'address'),
  field('value', 'uint256'),
  field('nonce', 'uint256'),
  field('deadline', 'uint256'),
];
const EIP2612_VALUE = {
  owner: OWNER,
  spender: SPENDER,
  value: '2500000',
  nonce: '0',
  deadline: '9999999999',
};
const TOKEN_PERMISSIONS = [field('token', 'address'), field('amount', 'uint256')];
const PERMIT_DETAILS = [
  field('token', 'address'),
  field('amount', 'uint160'),
  field('expiration', 'uint48'),
  field('nonce', 'uint48'),
];

describe('token authorizations', () => {
  it("recognize an EIP-2612 permit of a catalog token, as that token's amount to its spender", () => {
    const grants = tokenAuthorization(
      typed(USDC, { Permit: EIP2612_FIELDS }, { primaryType: 'Permit', ...EIP2612_VALUE }),
      known,
    );
    expect(grants).toEqual([{ token: USDC, spender: SPENDER, units: 2_500_000n }]);
    expect(grantLegs(grants ?? [], known.tokens)).toEqual([
      {
        assetId: 'usdc',
        amount: '2.5',
        destination: SPENDER,
        tokenAuthorization: { token: USDC, bounded: true },
      },
    ]);
  });

  it('recognize the same fields under another name, on a contract nobody listed (a Voucher)', () => {
    const voucher = typed(
      OTHER_TOKEN,
      { Voucher: EIP2612_FIELDS },
      { primaryType: 'Voucher', ...EIP2612_VALUE },
    );
    const grants = tokenAuthorization(voucher, known);
    expect(grants).toEqual([{ token: OTHER_TOKEN, spender: SPENDER, units: 2_500_000n }]);
    // Outside the catalog: base units of an unknown asset, which no amount rule can weigh.
    expect(grantLegs(grants ?? [], known.tokens)).toEqual([
      {
        assetId: UNKNOWN_TOKEN,
        amount: '2500000',
        destination: SPENDER,
        tokenAuthorization: { token: OTHER_TOKEN, bounded: false },
      },
    ]);
  });

  it("recognize Permit2's PermitSingle, with the token and amount in its details", () => {
    const grants = tokenAuthorization(
      typed(
        PERMIT2,
        {
          PermitSingle: [
            field('details', 'PermitDetails'),
            field('spender', 'address'),
            field('sigDeadline', 'uint256'),
          ],
          PermitDetails: PERMIT_DETAILS,
        },
        {
          primaryType: 'PermitSingle',
          details: { token: USDC, amount: '1000000', expiration: '1', nonce: '0' },
          spender: SPENDER,
          sigDeadline: '1',
        },
      ),
      known,
    );
    expect(grants).toEqual([{ token: USDC, spender: SPENDER, units: 1_000_000n }]);
  });

  it("recognize Permit2's PermitBatch: one grant per token", () => {
    const grants = tokenAuthorization(
      typed(
        PERMIT2,
        {
          PermitBatch: [
            field('details', 'PermitDetails[]'),
            field('spender', 'address'),
            field('sigDeadline', 'uint256'),
          ],
          PermitDetails: PERMIT_DETAILS,
        },
        {
          primaryType: 'PermitBatch',
          details: [
            { token: USDC, amount: '1', expiration: '1', nonce: '0' },
            { token: DAI, amount: '2', expiration: '1', nonce: '0' },
          ],
          spender: SPENDER,
          sigDeadline: '1',
        },
      ),
      known,
    );
    expect(grants).toEqual([
      { token: USDC, spender: SPENDER, units: 1n },
      { token: DAI, spender: SPENDER, units: 2n },
    ]);
  });

  it("recognize Permit2's PermitTransferFrom", () => {
    const grants = tokenAuthorization(
      typed(
        PERMIT2,
        {
          PermitTransferFrom: [
            field('permitted', 'TokenPermissions'),
            field('spender', 'address'),
            field('nonce', 'uint256'),
            field('deadline', 'uint256'),
          ],
          TokenPermissions: TOKEN_PERMISSIONS,
        },
        {
          primaryType: 'PermitTransferFrom',
          permitted: { token: DAI, amount: '0x0de0b6b3a7640000' },
          spender: SPENDER,
          nonce: '0',
          deadline: '1',
        },
      ),
      known,
    );
    expect(grants).toEqual([{ token: DAI, spender: SPENDER, units: 10n ** 18n }]);
    expect(grantLegs(grants ?? [], known.tokens)[0]).toMatchObject({ assetId: 'dai', amount: '1' });
  });

  describe("Permit2's PermitBatchWitnessTransferFrom", () => {
    const types = {
      PermitBatchWitnessTransferFrom: [
        field('permitted', 'TokenPermissions[]'),
        field('spender', 'address'),
        field('nonce', 'uint256'),
        field('deadline', 'uint256'),
        field('witness', 'Order'),
      ],
      TokenPermissions: TOKEN_PERMISSIONS,
      Order: [field('user', 'address'), field('memo', 'string')],
    };
    const value = {
      permitted: [{ token: USDC, amount: MAX_UINT256.toString() }],
      spender: SPENDER,
      nonce: '0',
      deadline: '1',
      witness: { user: OWNER, memo: 'x' },
    };

    it('is an unlimited grant of its token to its spender', () => {
      const grants = tokenAuthorization(
        typed(PERMIT2, types, { primaryType: 'PermitBatchWitnessTransferFrom', ...value }),
        known,
      );
      expect(grants).toEqual([{ token: USDC, spender: SPENDER, units: MAX_UINT256 }]);
      expect(grantLegs(grants ?? [], known.tokens)).toEqual([
        {
          assetId: 'usdc',
          amount: '115792089237316195423570985008687907853269984665640564039457584007913129.639935',
          destination: SPENDER,
          tokenAuthorization: { token: USDC, bounded: false },
        },
      ]);
    });

    it('is recognized by its shape at another address too, and without a primaryType', () => {
      expect(tokenAuthorization(typed(OTHER_TOKEN, types, value), known)).toEqual([
        { token: USDC, spender: SPENDER, units: MAX_UINT256 },
      ]);
    });
  });

  it('recognize an EIP-3009 authorization: `to` takes the value', () => {
    const grants = tokenAuthorization(
      typed(
        OTHER_TOKEN,
        {
          TransferWithAuthorization: [
            field('from', 'address'),
            field('to', 'address'),
            field('value', 'uint256'),
            field('validAfter', 'uint256'),
            field('validBefore', 'uint256'),
            field('nonce', 'bytes32'),
          ],
        },
        {
          from: OWNER,
          to: SPENDER,
          value: 7,
          validAfter: '0',
          validBefore: '1',
          nonce: `0x${'0'.repeat(64)}`,
        },
      ),
      known,
    );
    expect(grants).toEqual([{ token: OTHER_TOKEN, spender: SPENDER, units: 7n }]);
  });

  it("recognize DAI's permit (holder, spender, allowed): allowed is unlimited, revoked is nothing", () => {
    const daiPermit = (allowed: boolean, at: string) =>
      tokenAuthorization(
        typed(
          at,
          {
            Permit: [
              field('holder', 'address'),
              field('spender', 'address'),
              field('nonce', 'uint256'),
              field('expiry', 'uint256'),
              field('allowed', 'bool'),
            ],
          },
          { holder: OWNER, spender: SPENDER, nonce: '0', expiry: '0', allowed },
        ),
        known,
      );
    expect(daiPermit(true, DAI)).toEqual([{ token: DAI, spender: SPENDER, units: MAX_UINT256 }]);
    expect(daiPermit(true, OTHER_TOKEN)).toEqual([
      { token: OTHER_TOKEN, spender: SPENDER, units: MAX_UINT256 },
    ]);
    const revoked = daiPermit(false, DAI);
    expect(revoked).toEqual([{ token: DAI, spender: SPENDER, units: 0n }]);
    expect(grantLegs(revoked ?? [], known.tokens)[0]).toMatchObject({
      amount: '0',
      tokenAuthorization: { bounded: true },
    });
  });

  it('leave harmless typed data alone (the EIP-712 Mail, whose `to` is a person)', () => {
    const mail = typed(
      OTHER_TOKEN,
      {
        Person: [field('name', 'string'), field('wallet', 'address')],
        Mail: [field('from', 'Person'), field('to', 'Person'), field('contents', 'string')],
      },
      {
        primaryType: 'Mail',
        from: { name: 'Cow', wallet: OWNER },
        to: { name: 'Bob', wallet: SPENDER },
        contents: 'Hello, Bob!',
      },
    );
    expect(tokenAuthorization(mail, known)).toBeUndefined();
    const order = typed(
      OTHER_TOKEN,
      { Order: [field('asset', 'string'), field('amount', 'uint256')] },
      { asset: 'ETH', amount: '1000' },
    );
    expect(tokenAuthorization(order, known)).toBeUndefined();
  });

  it('take anything a catalog token or an authorizing contract verifies, weighed as unlimited', () => {
    const vote = (at: string) =>
      tokenAuthorization(
        typed(at, { Vote: [field('proposal', 'uint256')] }, { proposal: '1' }),
        known,
      );
    expect(vote(USDC)).toEqual([{ token: USDC, spender: null, units: null }]);
    expect(vote(ROUTER)).toEqual([{ token: null, spender: null, units: null }]);
    expect(grantLegs(vote(USDC) ?? [], known.tokens)).toEqual([
      {
        assetId: 'usdc',
        amount: '115792089237316195423570985008687907853269984665640564039457584007913129.639935',
        tokenAuthorization: { token: USDC, bounded: false },
      },
    ]);
  });

  it('read grants in nested arrays of structs', () => {
    const grants = tokenAuthorization(
      typed(
        PERMIT2,
        {
          Batches: [field('permitted', 'TokenPermissions[][2]'), field('spender', 'address')],
          TokenPermissions: TOKEN_PERMISSIONS,
        },
        {
          primaryType: 'Batches',
          permitted: [
            [
              { token: USDC, amount: '1' },
              { token: DAI, amount: '2' },
            ],
            [{ token: OTHER_TOKEN, amount: '3' }],
          ],
          spender: SPENDER,
        },
      ),
      known,
    );
    expect(grants?.map((g) => [g.token, g.units])).toEqual([
      [USDC, 1n],
      [DAI, 2n],
      [OTHER_TOKEN, 3n],
    ]);
  });

  it('end on a recursive type, and weigh a value nested past the limit as unlimited', () => {
    const types = {
      Node: [field('next', 'Node[]'), field('spender', 'address'), field('amount', 'uint256')],
    };
    let deep: Record<string, unknown> = { next: [], spender: SPENDER, amount: '1' };
    for (let i = 0; i < LIMITS.depth + 5; i += 1)
      deep = { next: [deep], spender: SPENDER, amount: '1' };
    expect(tokenAuthorization(typed(OTHER_TOKEN, types, deep), known)).toEqual([
      { token: null, spender: null, units: null },
    ]);
    const shallow = { next: [{ next: [], spender: SPENDER, amount: '2' }], spender: SPENDER };
    expect(
      tokenAuthorization(typed(OTHER_TOKEN, types, { ...shallow, amount: '1' }), known),
    ).toEqual([
      { token: OTHER_TOKEN, spender: SPENDER, units: 1n },
      { token: OTHER_TOKEN, spender: SPENDER, units: 2n },
    ]);
    const harmless = { Loop: [field('next', 'Loop[]'), field('name', 'string')] };
    expect(tokenAuthorization(typed(OTHER_TOKEN, harmless, { next: [] }), known)).toBeUndefined();
  });

  it('bound what huge inputs cost: too many grants or fields are one unlimited grant', () => {
    const permitted = Array.from({ length: 200_000 }, () => ({ token: USDC, amount: '1' }));
    const batch = typed(
      PERMIT2,
      {
        Batch: [field('permitted', 'TokenPermissions[]'), field('spender', 'address')],
        TokenPermissions: TOKEN_PERMISSIONS,
      },
      { permitted, spender: SPENDER },
    );
    expect(tokenAuthorization(batch, known)).toEqual([{ token: null, spender: null, units: null }]);
    const justOverGrants = typed(PERMIT2, batch.types, {
      permitted: permitted.slice(0, LIMITS.grants + 1),
      spender: SPENDER,
    });
    expect(tokenAuthorization(justOverGrants, known)).toEqual([
      { token: null, spender: null, units: null },
    ]);
    // Types wider than the field budget are taken as an authorization, whatever they hold.
    const wide = Object.fromEntries(
      Array.from({ length: 200 }, (_, t) => [
        `T${t}`,
        Array.from({ length: 100 }, (_, f) => field(`f${f}`, t < 199 ? `T${t + 1}` : 'string')),
      ]),
    );
    expect(tokenAuthorization(typed(OTHER_TOKEN, wide, { primaryType: 'T0' }), known)).toEqual([
      { token: OTHER_TOKEN, spender: null, units: null },
    ]);
  });

  it('weigh an amount it cannot read as unlimited', () => {
    for (const value of ['lots', '-1', '1e30', (MAX_UINT256 + 1n).toString(), 1.5, null])
      expect(
        tokenAuthorization(
          typed(USDC, { Permit: EIP2612_FIELDS }, { ...EIP2612_VALUE, value }),
          known,
        ),
      ).toEqual([{ token: USDC, spender: SPENDER, units: null }]);
  });
});

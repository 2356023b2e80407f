import { MaxUint256 } from 'ethers';
import type { TypedDataInput } from '@custody/contracts';
import { evmTypedDataDigest } from '@custody/intents';
import { governedActivity } from './activities.rules';

// What the policies weigh of a REQUEST activity: its grants in their tokens' units, or nothing.

const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const ISSUER_TOKEN = '0x00000000000000000000000000000000000070c3';
const HOLDER = '0x00000000000000000000000000000000000bbeef';
const tokens = new Map([[USDC, { assetId: 'usdc', decimals: 6 }]]);
const activity = {
  id: '0199a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b',
  tenantId: 't',
  issuerId: 'i',
  issueId: 's',
};

/** A mint voucher of the issuer's: `to` may claim `amount` of the token that verifies it. */
function voucher(verifyingContract: string, amount: bigint): TypedDataInput {
  return {
    domain: { name: 'Voucher', version: '1', chainId: 1, verifyingContract },
    types: {
      Voucher: [
        { name: 'to', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    value: { to: HOLDER, amount: amount.toString() },
  };
}

describe('a REQUEST activity as the policies weigh it', () => {
  it("names the issuer and the issue, and signs the data's digest", () => {
    const data = voucher(USDC, 2_500_000n);
    const op = governedActivity(activity, data, tokens);
    expect(op).toEqual({
      activity: 'issuer-activity',
      operationId: activity.id,
      tenantId: 't',
      legs: [
        {
          userId: 'i',
          walletId: 's',
          assetId: 'usdc',
          amount: '2.5',
          destination: HOLDER,
          tokenAuthorization: { token: USDC, bounded: true },
        },
      ],
      intent: { kind: 'evm-typed-data', digest: evmTypedDataDigest(data) },
    });
  });

  it('grants an unbounded amount: unlimited, or of a token outside the catalog', () => {
    expect(governedActivity(activity, voucher(USDC, MaxUint256), tokens).legs).toEqual([
      expect.objectContaining({
        assetId: 'usdc',
        tokenAuthorization: { token: USDC, bounded: false },
      }),
    ]);
    expect(governedActivity(activity, voucher(ISSUER_TOKEN, 7n), tokens).legs).toEqual([
      expect.objectContaining({
        assetId: 'unknown',
        amount: '7',
        tokenAuthorization: { token: ISSUER_TOKEN, bounded: false },
      }),
    ]);
  });

  it('moves nothing where the data grants nothing', () => {
    const attestation: TypedDataInput = {
      domain: { name: 'Attest', version: '1', chainId: 1 },
      types: {
        Attestation: [
          { name: 'holder', type: 'address' },
          { name: 'note', type: 'string' },
        ],
      },
      value: { holder: HOLDER, note: 'KYC passed' },
    };
    expect(governedActivity(activity, attestation, tokens).legs).toEqual([
      { userId: 'i', walletId: 's', assetId: 'unknown', amount: '0' },
    ]);
  });
});

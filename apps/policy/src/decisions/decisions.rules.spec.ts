import { parseUnits } from 'ethers';
import type { SignIntent } from '@custody/contracts';
import { dataHash, erc20TransferData } from '@custody/intents';
import { bindingOf, sameExactIntent, transferMismatch } from './decisions.rules';

// What the policy service checks before it signs a withdrawal's decision: the transaction pays
// exactly the admitted withdrawal, and never at another nonce or a higher fee cap.

const TO = '0x000000000000000000000000000000000000bEEF';
const FROM = '0x00000000000000000000000000000000000000a1';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
type Transfer = Extract<SignIntent, { kind: 'evm-transfer' }>;

const admission = (assetId: string, amount: string) => ({
  activity: 'withdrawal' as const,
  legs: [{ userId: 'u', walletId: 'w', assetId, amount, destination: TO }],
  bound: null,
});
const eth = { decimals: 18, contractAddress: null, chainId: '1' };
const usdc = { decimals: 6, contractAddress: USDC, chainId: '1' };

const coin = (fields: Partial<Transfer> = {}): Transfer => ({
  kind: 'evm-transfer',
  chainId: '1',
  from: FROM,
  to: TO,
  value: parseUnits('1.25', 18).toString(),
  dataHash: dataHash('0x'),
  nonce: 1,
  maxFeePerGas: '10',
  gasLimit: '21000',
  assetId: 'eth',
  amount: '1.25',
  recipient: TO,
  ...fields,
});
const token = (fields: Partial<Transfer> = {}): Transfer =>
  coin({
    assetId: 'usdc',
    amount: '3',
    to: USDC,
    value: '0',
    dataHash: dataHash(erc20TransferData(TO, 3_000_000n)),
    gasLimit: '60000',
    topUp: { maxValue: '600000' },
    ...fields,
  });

describe('transferMismatch', () => {
  it('accepts the payment of exactly the admitted withdrawal', () => {
    expect(transferMismatch(admission('eth', '1.25'), coin(), eth)).toBeUndefined();
    // The same amount written otherwise is the same amount.
    expect(transferMismatch(admission('eth', '1.250'), coin(), eth)).toBeUndefined();
    expect(transferMismatch(admission('usdc', '3'), token(), usdc)).toBeUndefined();
  });

  it.each([
    ['another recipient', coin({ recipient: FROM, to: FROM }), 'another recipient'],
    ['another amount', coin({ amount: '1.26' }), 'another amount'],
    ['a value that is not the amount', coin({ value: '1' }), 'another payment'],
    ['call data on a coin', coin({ dataHash: dataHash('0x12') }), 'another payment'],
    ['a top-up for a coin', coin({ topUp: { maxValue: '1' } }), 'another payment'],
  ])('refuses a coin payment with %s', (_name, intent, why) => {
    expect(transferMismatch(admission('eth', '1.25'), intent, eth)).toBe(why);
  });

  it.each([
    ['a transfer to another', token({ dataHash: dataHash(erc20TransferData(FROM, 3_000_000n)) })],
    ['value sent along', token({ value: '1' })],
    ['another contract on the catalog chain', token({ to: TO })],
    ['a top-up above the fee', token({ topUp: { maxValue: '600001' } })],
  ])('refuses a token payment with %s', (_name, intent) => {
    expect(transferMismatch(admission('usdc', '3'), intent, usdc)).toBeDefined();
  });

  it("takes another chain's own contract for the token", () => {
    expect(
      transferMismatch(admission('usdc', '3'), token({ chainId: '31337', to: TO }), usdc),
    ).toBeUndefined();
  });

  it('holds later decisions to the nonce and fee cap of the first', () => {
    const bound = { ...admission('eth', '1.25'), bound: bindingOf(coin()) };
    expect(transferMismatch(bound, coin({ maxFeePerGas: '9' }), eth)).toBeUndefined();
    expect(transferMismatch(bound, coin({ nonce: 2 }), eth)).toMatch(/nonce/);
    expect(transferMismatch(bound, coin({ maxFeePerGas: '11' }), eth)).toMatch(/fee cap/);
    expect(transferMismatch(bound, coin({ from: TO }), eth)).toMatch(/nonce/);
  });

  it('refuses what is not one withdrawal', () => {
    expect(
      transferMismatch({ ...admission('eth', '1.25'), activity: 'sign-tx' }, coin(), eth),
    ).toBe('not a withdrawal');
  });
});

describe('sameExactIntent', () => {
  it('matches the held digest only, on the held chain', () => {
    const held: SignIntent = { kind: 'evm-tx', chainId: '1', digest: '0xAB' };
    expect(sameExactIntent(held, { kind: 'evm-tx', chainId: '1', digest: '0xab' })).toBe(true);
    expect(sameExactIntent(held, { kind: 'evm-tx', chainId: '5', digest: '0xab' })).toBe(false);
    expect(sameExactIntent(held, { kind: 'evm-message', digest: '0xab' })).toBe(false);
    expect(sameExactIntent(null, { kind: 'evm-message', digest: '0xab' })).toBe(false);
  });
});

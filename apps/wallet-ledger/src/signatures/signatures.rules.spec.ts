import { Interface, MaxUint256, parseEther, parseUnits } from 'ethers';
import { refusalOf } from '@custody/testing';
import { type EvmTxFacts, qubicValueMoved, valueMoved } from './signatures.rules';

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TOKENS = new Map([[USDC.toLowerCase(), 'usdc']]);
const RECEIVER = '0x00000000000000000000000000000000000c0ffe';
const ERC20 = new Interface([
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
]);
const eth = { assetId: 'eth', native: true, decimals: 18 };
const usdc = { assetId: 'usdc', native: false, decimals: 6 };

const tx = (facts: Partial<EvmTxFacts>): EvmTxFacts => ({
  type: 2,
  to: RECEIVER,
  value: 0n,
  data: '0x',
  gasLimit: 21_000n,
  maxGasPrice: 2_000_000_000n,
  ...facts,
});

describe('what a signed transaction moves', () => {
  it('takes the native value and reserves the most the network fee can be', () => {
    expect(valueMoved(tx({ value: parseEther('1.5') }), eth, TOKENS)).toEqual({
      kind: 'native',
      amount: '1.5',
      feeReserve: '0.000042',
      receiver: RECEIVER,
    });
  });

  it('reserves the fee of a native wallet even when it sends no value (it pays the gas)', () => {
    expect(valueMoved(tx({ data: '0x1234' }), eth, TOKENS)).toMatchObject({
      kind: 'native',
      amount: '0',
      feeReserve: '0.000042',
    });
    expect(valueMoved(tx({ maxGasPrice: 0n }), eth, TOKENS)).toEqual({ kind: 'none' });
  });

  it('takes a catalog token moved by transfer, transferFrom or approve from its wallet', () => {
    const units = parseUnits('12.5', 6);
    for (const data of [
      ERC20.encodeFunctionData('transfer', [RECEIVER, units]),
      ERC20.encodeFunctionData('transferFrom', [USDC, RECEIVER, units]),
      ERC20.encodeFunctionData('approve', [RECEIVER, units]),
    ]) {
      expect(valueMoved(tx({ to: USDC, data }), usdc, TOKENS)).toEqual({
        kind: 'token',
        amount: '12.5',
        receiver: RECEIVER,
      });
    }
  });

  it('moves nothing on a lowered or zero approval, or a token wallet’s gas', () => {
    const lower = new Interface([
      'function decreaseAllowance(address spender, uint256 subtractedValue)',
    ]).encodeFunctionData('decreaseAllowance', [RECEIVER, 5n]);
    expect(valueMoved(tx({ to: USDC, data: lower }), usdc, TOKENS)).toEqual({ kind: 'none' });
    expect(valueMoved(tx({ to: RECEIVER, data: '0x' }), usdc, TOKENS)).toEqual({ kind: 'none' });
    const revoke = ERC20.encodeFunctionData('approve', [RECEIVER, 0n]);
    expect(valueMoved(tx({ to: USDC, data: revoke }), usdc, TOKENS)).toEqual({ kind: 'none' });
  });

  it('counts an unlimited approval at its whole amount (refused later, above any balance)', () => {
    const unlimited = ERC20.encodeFunctionData('approve', [RECEIVER, MaxUint256]);
    const move = valueMoved(tx({ to: USDC, data: unlimited }), usdc, TOKENS);
    expect(move).toMatchObject({ kind: 'token' });
    expect(move.kind === 'token' && move.amount.length).toBeGreaterThan(70);
  });

  it('refuses any other function of a catalog token, and blob transactions', () => {
    const read = ERC20.encodeFunctionData('balanceOf', [RECEIVER]);
    expect(refusalOf(() => valueMoved(tx({ to: USDC, data: read }), usdc, TOKENS))).toMatchObject({
      status: 400,
      code: 'token_call_unsupported',
    });
    expect(refusalOf(() => valueMoved(tx({ type: 3 }), eth, TOKENS))).toMatchObject({
      status: 400,
      code: 'unsupported_transaction_type',
    });
  });

  it('refuses to move an asset the wallet does not hold', () => {
    const transfer = ERC20.encodeFunctionData('transfer', [RECEIVER, 1n]);
    expect(
      refusalOf(() => valueMoved(tx({ to: USDC, data: transfer }), eth, TOKENS)),
    ).toMatchObject({
      status: 400,
      code: 'asset_not_in_wallet',
    });
    expect(refusalOf(() => valueMoved(tx({ value: 1n }), usdc, TOKENS))).toMatchObject({
      status: 400,
      code: 'asset_not_in_wallet',
    });
    expect(
      refusalOf(() => valueMoved(tx({ to: USDC, data: transfer, value: 1n }), usdc, TOKENS)),
    ).toMatchObject({ status: 400, code: 'value_and_token_call' });
  });

  it('takes a Qubic transaction’s whole amount, without a fee', () => {
    const to = 'B'.repeat(60);
    expect(qubicValueMoved({ amount: '25', destinationPublicKey: to })).toEqual({
      kind: 'native',
      amount: '25',
      feeReserve: '0',
      receiver: to,
    });
    expect(qubicValueMoved({ amount: '0', destinationPublicKey: to })).toEqual({ kind: 'none' });
  });
});

import { refusalOf } from '@custody/testing';
import { MAX_BASE_UNITS } from '@custody/money';
import {
  approvalFailure,
  checkAvailableBalance,
  checkFiatCurrency,
  checkTradingEnabled,
  feeRate,
  governedPurchase,
  quote,
  type QuoteRequest,
} from './purchases.rules';

// Expected figures were computed apart from @custody/money (decimal.js at 200 digits), so that a
// change in either shows here.

const refusal = refusalOf;

const buy = (amount: string, price: string, feeBps: number, assetDecimals: number) =>
  quote({ operation: 'buy', amount, price, feeBps, assetDecimals });
const sell = (amount: string, price: string, feeBps: number, assetDecimals: number) =>
  quote({ operation: 'sell', amount, price, feeBps, assetDecimals });

/** 2^256 − 1 base units of an 18-decimal asset, in whole units. */
const MAX_18 = '115792089237316195423570985008687907853269984665640564039457.584007913129639935';
const MAX_18_PLUS_ONE =
  '115792089237316195423570985008687907853269984665640564039457.584007913129639936';
const MAX_PLUS_ONE =
  '115792089237316195423570985008687907853269984665640564039457584007913129639936';

describe('fee rate', () => {
  it('turns basis points into an exact fraction', () => {
    expect(feeRate(150)).toBe('0.015');
    expect(feeRate(25)).toBe('0.0025');
    expect(feeRate(1)).toBe('0.0001');
    expect(feeRate(0)).toBe('0');
    expect(feeRate(10_000)).toBe('1');
  });
});

describe('buy quote', () => {
  it('takes the fee from the fiat amount and divides the rest by the price', () => {
    // 98.5 / 2500.5 = 0.039392121575684863027…
    expect(buy('100', '2500.5', 150, 18)).toEqual({
      amount: '100',
      fee: '1.5',
      netAmount: '98.5',
      purchased: '0.039392121575684863',
      cryptoAmount: '0.039392121575684863',
    });
  });

  it('with a zero fee buys the whole amount', () => {
    expect(buy('100', '3', 0, 2)).toEqual({
      amount: '100',
      fee: '0',
      netAmount: '100',
      purchased: '33.33',
      cryptoAmount: '33.33',
    });
  });

  it('rounds the purchased crypto down at the asset decimals, never up', () => {
    // 200 / 3 = 66.666…67 when rounded half-up; the custodian credits 66.666666.
    expect(buy('200', '3', 0, 6).purchased).toBe('66.666666');
    // 99.740025 / 57900.33 = 0.0017226158…
    expect(buy('99.99', '57900.33', 25, 8)).toEqual({
      amount: '99.99',
      fee: '0.249975',
      netAmount: '99.740025',
      purchased: '0.00172261',
      cryptoAmount: '0.00172261',
    });
  });

  it('keeps fee and net amount exact below the cent (fiat is not rounded)', () => {
    expect(buy('10.01', '0.92', 150, 6)).toEqual({
      amount: '10.01',
      fee: '0.15015',
      netAmount: '9.85985',
      purchased: '10.717228',
      cryptoAmount: '10.717228',
    });
    expect(buy('0.01', '1', 150, 6)).toMatchObject({ fee: '0.00015', netAmount: '0.00985' });
  });

  it('buys one smallest unit, and refuses a price a hair higher as too small', () => {
    expect(buy('0.01', '10000000000000000', 0, 18).purchased).toBe('0.000000000000000001');
    expect(refusal(() => buy('0.01', '10000000000000001', 0, 18))).toEqual({
      status: 400,
      code: 'amount_too_small',
      message: 'The amount buys less than the smallest unit of the asset.',
    });
  });

  it('quotes very large purchases exactly', () => {
    expect(buy('1000000000', '2500', 150, 18)).toEqual({
      amount: '1000000000',
      fee: '15000000',
      netAmount: '985000000',
      purchased: '394000',
      cryptoAmount: '394000',
    });
    // A price of 1e-10: 246.25 / 1e-10 units.
    expect(buy('250', '0.0000000001', 150, 18).purchased).toBe('2462500000000');
  });

  it('accepts exactly 2^256 − 1 base units and refuses one more as too large', () => {
    expect(buy(MAX_BASE_UNITS, '1', 0, 0).purchased).toBe(MAX_BASE_UNITS);
    expect(refusal(() => buy(MAX_PLUS_ONE, '1', 0, 0))).toEqual({
      status: 400,
      code: 'amount_too_large',
      message:
        'The amount buys more of the asset than a chain account can hold (2^256 − 1 base units).',
    });
    expect(refusal(() => buy(`1${'0'.repeat(78)}`, '2500', 150, 18))).toMatchObject({
      code: 'amount_too_large',
    });
  });

  it('refuses a fiat amount finer than cents', () => {
    expect(buy('1.01', '1', 0, 6).purchased).toBe('1.01');
    expect(refusal(() => buy('1.001', '1', 0, 6))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      errors: [{ path: 'body.amount', message: 'A fiat amount has at most 2 decimals' }],
    });
  });

  it('refuses a zero amount, and a 100 % fee that leaves nothing to buy', () => {
    const tooSmall = {
      status: 400,
      code: 'amount_too_small',
      message: 'The amount buys less than the smallest unit of the asset.',
    };
    expect(refusal(() => buy('0', '2500', 150, 18))).toEqual(tooSmall);
    expect(refusal(() => buy('100', '2500', 10_000, 18))).toEqual(tooSmall);
  });
});

describe('sell quote', () => {
  it('multiplies by the price and takes the fee from the proceeds, all exact', () => {
    expect(sell('0.123456789012345678', '2500.5', 150, 18)).toEqual({
      amount: '0.123456789012345678',
      purchased: '308.703700925370367839',
      fee: '4.630555513880555517585',
      netAmount: '304.073145411489812321415',
      cryptoAmount: '0.123456789012345678',
    });
  });

  it('with a zero fee pays out the whole proceeds', () => {
    expect(sell('2', '2500.5', 0, 18)).toEqual({
      amount: '2',
      purchased: '5001',
      fee: '0',
      netAmount: '5001',
      cryptoAmount: '2',
    });
  });

  it('does not round proceeds, fee or net amount to cents', () => {
    expect(sell('0.00000001', '57900.33', 150, 8)).toEqual({
      amount: '0.00000001',
      purchased: '0.0005790033',
      fee: '0.0000086850495',
      netAmount: '0.0005703182505',
      cryptoAmount: '0.00000001',
    });
    expect(sell('123.456789', '0.92', 25, 6)).toMatchObject({
      purchased: '113.58024588',
      fee: '0.2839506147',
      netAmount: '113.2962952653',
    });
  });

  it('quotes very large sells exactly', () => {
    expect(sell('1000000', '2500.5', 150, 18)).toMatchObject({
      purchased: '2500500000',
      fee: '37507500',
      netAmount: '2462992500',
    });
    expect(sell(MAX_18, '1', 0, 18).cryptoAmount).toBe(MAX_18);
  });

  it('refuses more decimals than the asset has', () => {
    expect(sell('0.000001', '0.92', 150, 6).purchased).toBe('0.00000092');
    expect(refusal(() => sell('0.0000001', '1', 150, 6))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      errors: [{ path: 'body.amount', message: 'At most 6 decimal places for this asset' }],
    });
  });

  it('refuses more than 2^256 − 1 base units', () => {
    const refused = {
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      errors: [
        {
          path: 'body.amount',
          message: 'More than a chain account can hold (2^256 − 1 base units)',
        },
      ],
    };
    expect(sell(MAX_BASE_UNITS, '1', 0, 0).cryptoAmount).toBe(MAX_BASE_UNITS);
    expect(refusal(() => sell(MAX_PLUS_ONE, '1', 0, 0))).toEqual(refused);
    expect(refusal(() => sell(MAX_18_PLUS_ONE, '1', 0, 18))).toEqual(refused);
  });

  it('quotes a zero sell as zeros (the gateway refuses a zero amount before)', () => {
    const zero: QuoteRequest = {
      operation: 'sell',
      amount: '0',
      price: '2500',
      feeBps: 150,
      assetDecimals: 18,
    };
    expect(quote(zero)).toEqual({
      amount: '0',
      purchased: '0',
      fee: '0',
      netAmount: '0',
      cryptoAmount: '0',
    });
  });
});

describe('purchase checks', () => {
  it('accepts the configured fiat currency or none, and refuses another', () => {
    expect(() => checkFiatCurrency(undefined, 'EUR')).not.toThrow();
    expect(() => checkFiatCurrency('EUR', 'EUR')).not.toThrow();
    expect(refusal(() => checkFiatCurrency('USD', 'EUR'))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      errors: [{ path: 'body.fiatCurrency', message: 'Must be EUR' }],
    });
    expect(refusal(() => checkFiatCurrency('eur', 'EUR'))).toMatchObject({
      code: 'validation_failed',
    });
  });

  it('refuses buying or selling an asset where that side is switched off', () => {
    const buyOnly = { symbol: 'WBTC', buyEnabled: true, sellEnabled: false };
    expect(() => checkTradingEnabled(buyOnly, 'buy')).not.toThrow();
    expect(refusal(() => checkTradingEnabled(buyOnly, 'sell'))).toEqual({
      status: 400,
      code: 'asset_disabled',
      message: 'Selling WBTC is disabled.',
    });
    const sellOnly = { symbol: 'ETH', buyEnabled: false, sellEnabled: true };
    expect(() => checkTradingEnabled(sellOnly, 'sell')).not.toThrow();
    expect(refusal(() => checkTradingEnabled(sellOnly, 'buy'))).toEqual({
      status: 400,
      code: 'asset_disabled',
      message: 'Buying ETH is disabled.',
    });
  });

  it('refuses a sell above the available balance, to the last unit, and never a buy', () => {
    const wallet = { id: 'w-1', availableBalance: '0.5' };
    expect(() => checkAvailableBalance('sell', wallet, { cryptoAmount: '0.5' })).not.toThrow();
    expect(
      refusal(() =>
        checkAvailableBalance('sell', wallet, { cryptoAmount: '0.500000000000000001' }),
      ),
    ).toEqual({
      status: 400,
      code: 'insufficient_balance',
      message: 'Not enough available balance.',
      details: { walletId: 'w-1', available: '0.5' },
    });
    expect(() => checkAvailableBalance('buy', wallet, { cryptoAmount: '1000' })).not.toThrow();
  });
});

describe('a purchase as the policies weigh it', () => {
  const purchase = {
    id: '0199a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b',
    tenantId: 'tenant-a',
    userId: 'user-1',
    walletId: 'wallet-1',
    assetId: 'eth',
  };

  it('is one leg: the crypto that moves, and the fiat value of the deal before its fee', () => {
    const bought = buy('100', '2500.5', 150, 18);
    expect(governedPurchase({ ...purchase, operation: 'buy', ...bought })).toEqual({
      activity: 'purchase',
      operationId: purchase.id,
      tenantId: 'tenant-a',
      legs: [
        {
          userId: 'user-1',
          walletId: 'wallet-1',
          assetId: 'eth',
          amount: '0.039392121575684863',
          fiatAmount: '100',
        },
      ],
    });
    const sold = sell('0.5', '2500.5', 150, 18);
    expect(governedPurchase({ ...purchase, operation: 'sell', ...sold }).legs).toEqual([
      expect.objectContaining({ amount: '0.5', fiatAmount: '1250.25' }),
    ]);
  });

  it("fails a held purchase with its approval's outcome", () => {
    expect(approvalFailure('expired')).toMatchObject({ status: 409, code: 'approval_expired' });
  });
});

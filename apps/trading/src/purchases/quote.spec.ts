import { isAppError } from '@custody/errors';
import { feeRate, quote } from './quote';

describe('purchase quote', () => {
  it('turns basis points into an exact fee rate', () => {
    expect(feeRate(150)).toBe('0.015');
    expect(feeRate(1)).toBe('0.0001');
    expect(feeRate(0)).toBe('0');
    expect(feeRate(10_000)).toBe('1');
  });

  it('buys an 18-decimal asset: fee on the fiat amount, the rest divided and rounded down', () => {
    // 100 EUR at 2500.5: fee 1.5, net 98.5, 98.5 / 2500.5 = 0.039392121575684863027...
    expect(
      quote({ operation: 'buy', amount: '100', price: '2500.5', feeBps: 150, assetDecimals: 18 }),
    ).toEqual({
      amount: '100',
      fee: '1.5',
      netAmount: '98.5',
      purchased: '0.039392121575684863',
      cryptoAmount: '0.039392121575684863',
    });
  });

  it('buys an 8-decimal and a 6-decimal asset, rounding down, never up', () => {
    // 1000 EUR of WBTC at 57900.33: fee 15, net 985 → 0.0170119... → 0.01701199
    expect(
      quote({ operation: 'buy', amount: '1000', price: '57900.33', feeBps: 150, assetDecimals: 8 })
        .purchased,
    ).toBe('0.01701199');
    // 10.01 EUR of USDC at 0.92: fee 0.15015, net 9.85985 → 10.717228260869... → 10.717228
    const usdc = quote({
      operation: 'buy',
      amount: '10.01',
      price: '0.92',
      feeBps: 150,
      assetDecimals: 6,
    });
    expect(usdc).toMatchObject({ fee: '0.15015', netAmount: '9.85985', purchased: '10.717228' });
  });

  it('sells: proceeds = amount × price, fee on proceeds, purchased = proceeds', () => {
    expect(
      quote({
        operation: 'sell',
        amount: '0.123456789012345678',
        price: '2500.5',
        feeBps: 150,
        assetDecimals: 18,
      }),
    ).toEqual({
      amount: '0.123456789012345678',
      purchased: '308.703700925370367839',
      fee: '4.630555513880555517585',
      netAmount: '304.073145411489812321415',
      cryptoAmount: '0.123456789012345678',
    });
  });

  it('refuses a sell amount finer than the asset and a fiat amount finer than cents', () => {
    const sell = () =>
      quote({ operation: 'sell', amount: '0.0000001', price: '1', feeBps: 150, assetDecimals: 6 });
    const buy = () =>
      quote({ operation: 'buy', amount: '1.001', price: '1', feeBps: 150, assetDecimals: 6 });
    for (const attempt of [sell, buy]) {
      try {
        attempt();
        throw new Error('expected a refusal');
      } catch (error) {
        expect(isAppError(error) && error.status).toBe(400);
      }
    }
  });

  it('refuses amounts no chain account can hold (over 2^256 − 1 base units), found by fuzzing', () => {
    const huge = `1${'0'.repeat(78)}`;
    expect(() =>
      quote({ operation: 'buy', amount: huge, price: '2500', feeBps: 150, assetDecimals: 18 }),
    ).toThrow(expect.objectContaining({ status: 400, code: 'amount_too_large' }));
    expect(() =>
      quote({ operation: 'sell', amount: huge, price: '2500', feeBps: 150, assetDecimals: 18 }),
    ).toThrow(expect.objectContaining({ status: 400, code: 'validation_failed' }));
    // The largest buy that still fits is quoted.
    expect(
      quote({
        operation: 'buy',
        amount: '1000000000',
        price: '2500',
        feeBps: 150,
        assetDecimals: 18,
      }).purchased,
    ).toBe('394000');
  });

  it('refuses a buy too small to purchase one unit of the asset', () => {
    expect(() =>
      quote({ operation: 'buy', amount: '0.01', price: '58000', feeBps: 150, assetDecimals: 0 }),
    ).toThrow(/smallest unit/);
  });
});

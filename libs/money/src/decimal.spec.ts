import {
  add,
  amountSchema,
  canonical,
  compare,
  decimalPlaces,
  divDown,
  DecimalFormatError,
  fitsBaseUnits,
  MAX_BASE_UNITS,
  isNegative,
  mul,
  roundDown,
  sub,
  sum,
} from './index';

describe('decimal arithmetic', () => {
  it('adds amounts that binary floating point gets wrong', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('1', '0.9')).toBe('0.1');
  });

  it('keeps every digit of 18-decimal amounts beyond 2^53', () => {
    expect(add('123456789012345678.123456789012345678', '0.000000000000000001')).toBe(
      '123456789012345678.123456789012345679',
    );
    expect(mul('115792089237316195423570985008687907853269984665640564039457', '1')).toBe(
      '115792089237316195423570985008687907853269984665640564039457',
    );
  });

  it('renders canonically: no exponent, no trailing zeros, no negative zero', () => {
    expect(canonical('1.500')).toBe('1.5');
    expect(canonical('12.000')).toBe('12');
    expect(canonical('0.00000001')).toBe('0.00000001');
    expect(sub('0.5', '0.5')).toBe('0');
    expect(mul('0.0000001', '0.0000001')).toBe('0.00000000000001');
  });

  it('divides rounding toward zero at the asset precision', () => {
    expect(divDown('10', '3', 6)).toBe('3.333333');
    expect(divDown('2', '3', 8)).toBe('0.66666666');
    expect(roundDown('1.999999999', 6)).toBe('1.999999');
    expect(() => divDown('1', '0', 2)).toThrow(RangeError);
  });

  it('compares, sums and inspects', () => {
    expect(compare('1.10', '1.1')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
    expect(sum(['1', '-0.5', '0.25'])).toBe('0.75');
    expect(isNegative(sub('1', '2'))).toBe(true);
    expect(isNegative('0')).toBe(false);
    expect(decimalPlaces('1.230')).toBe(2);
  });

  it('knows the largest amount a chain can hold: 2^256 − 1 base units', () => {
    expect(MAX_BASE_UNITS).toBe((2n ** 256n - 1n).toString());
    expect(fitsBaseUnits(MAX_BASE_UNITS, 0)).toBe(true);
    expect(fitsBaseUnits(add(MAX_BASE_UNITS, '1'), 0)).toBe(false);
    // 18 decimals: at most 115792089237316195423570985008687907853269984665640564039457.58… ETH.
    const maxEth = `${MAX_BASE_UNITS.slice(0, 60)}.${MAX_BASE_UNITS.slice(60)}`;
    expect(fitsBaseUnits(maxEth, 18)).toBe(true);
    expect(fitsBaseUnits(add(maxEth, '0.000000000000000001'), 18)).toBe(false);
    expect(fitsBaseUnits('9'.repeat(79), 0)).toBe(false);
    expect(fitsBaseUnits('1000000', 18)).toBe(true);
    // A precision no asset has (not cached): 78 decimals, at most 0.115792… whole units.
    expect(fitsBaseUnits(`0.${MAX_BASE_UNITS}`, 78)).toBe(true);
    expect(fitsBaseUnits(add(`0.${MAX_BASE_UNITS}`, `0.${'0'.repeat(77)}1`), 78)).toBe(false);
  });

  it.each(['1e5', '0x10', ' 1', '1.', '.5', '01', '', 'NaN', 'Infinity', '1,5'])(
    'rejects %j as a decimal',
    (value) => {
      expect(() => canonical(value)).toThrow(DecimalFormatError);
    },
  );
});

describe('amountSchema', () => {
  it('accepts and canonicalises a positive amount', () => {
    expect(amountSchema().parse('12.50')).toBe('12.5');
  });

  it('rejects zero, negatives, numbers and excess precision', () => {
    expect(amountSchema().safeParse('0').success).toBe(false);
    expect(amountSchema().safeParse('-1').success).toBe(false);
    expect(amountSchema().safeParse(12).success).toBe(false);
    expect(amountSchema({ maxDecimals: 2 }).safeParse('1.234').success).toBe(false);
    expect(amountSchema({ allowZero: true }).parse('0')).toBe('0');
  });
});

import DecimalJs from 'decimal.js';

/**
 * Exact decimal arithmetic for amounts. Amounts travel as canonical decimal strings (plain
 * notation, no exponent, no superfluous zeros) and are computed with a private decimal.js clone
 * whose precision far exceeds any asset (78 digits covers uint256 wei). A JS `number` never
 * holds an amount.
 */
const D = DecimalJs.clone({
  precision: 100,
  rounding: DecimalJs.ROUND_DOWN,
  toExpNeg: -1000,
  toExpPos: 1000,
});
type D = InstanceType<typeof D>;

/** Plain decimal notation: optional minus, no leading zeros, optional fraction. */
export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;
/** Non-negative plain decimal notation, the shape of every amount field in requests. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

export class DecimalFormatError extends Error {
  constructor(value: string) {
    super(`Not a plain decimal number: ${JSON.stringify(value)}`);
    this.name = 'DecimalFormatError';
  }
}

function toD(value: string): D {
  if (typeof value !== 'string' || !DECIMAL_PATTERN.test(value)) {
    throw new DecimalFormatError(String(value));
  }
  return new D(value);
}

/** Canonical rendering: `"0.5"`, `"12"`, `"0.00000001"`; never `"-0"` or an exponent. */
function render(value: D): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}

export function isDecimal(value: string): boolean {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** Re-renders a valid decimal string canonically (`"1.500"` → `"1.5"`). */
export function canonical(value: string): string {
  return render(toD(value));
}

export function add(a: string, b: string): string {
  return render(toD(a).plus(toD(b)));
}

export function sub(a: string, b: string): string {
  return render(toD(a).minus(toD(b)));
}

export function mul(a: string, b: string): string {
  return render(toD(a).times(toD(b)));
}

/** Quotient rounded toward zero to `decimals` places (what a custodian may credit). */
export function divDown(a: string, b: string, decimals: number): string {
  const divisor = toD(b);
  if (divisor.isZero()) throw new RangeError('Division by zero');
  return render(toD(a).dividedBy(divisor).toDecimalPlaces(decimals, D.ROUND_DOWN));
}

/** Rounds toward zero to `decimals` places. */
export function roundDown(a: string, decimals: number): string {
  return render(toD(a).toDecimalPlaces(decimals, D.ROUND_DOWN));
}

export function compare(a: string, b: string): -1 | 0 | 1 {
  return toD(a).comparedTo(toD(b)) as -1 | 0 | 1;
}

export function isZero(a: string): boolean {
  return toD(a).isZero();
}

export function isNegative(a: string): boolean {
  return toD(a).isNegative() && !toD(a).isZero();
}

export function negate(a: string): string {
  return render(toD(a).negated());
}

/** Number of digits after the point in the canonical form. */
export function decimalPlaces(a: string): number {
  return toD(a).decimalPlaces();
}

/** The most base units a chain account can hold: 2^256 − 1 (an EVM uint256), 78 digits. */
export const MAX_BASE_UNITS =
  '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/** The validation message for an amount over MAX_BASE_UNITS. */
export const TOO_MANY_BASE_UNITS = 'More than a chain account can hold (2^256 − 1 base units)';

/**
 * Whether `amount` of an asset with `decimals` fits in MAX_BASE_UNITS base units: larger amounts
 * cannot exist on a chain, and must be refused rather than booked.
 */
export function fitsBaseUnits(amount: string, decimals: number): boolean {
  return toD(amount).comparedTo(baseUnitLimit(decimals)) <= 0;
}

/** MAX_BASE_UNITS in whole units, by decimals: a 100-digit division once per asset precision. */
const baseUnitLimits = new Map<number, D>();

function baseUnitLimit(decimals: number): D {
  let limit = baseUnitLimits.get(decimals);
  if (limit) return limit;
  // Exact: 78 digits shifted by `decimals` places, within the precision of 100.
  limit = new D(MAX_BASE_UNITS).dividedBy(new D(10).pow(decimals));
  // Only asset precisions are kept (a handful); anything else is computed each time.
  if (Number.isInteger(decimals) && decimals >= 0 && decimals <= 36)
    baseUnitLimits.set(decimals, limit);
  return limit;
}

export function sum(values: readonly string[]): string {
  return render(values.reduce((acc, v) => acc.plus(toD(v)), new D(0)));
}

/**
 * A JSON number from an outside API (a price) as a canonical decimal string: the shortest
 * representation that round-trips (`1e-7` → `"0.0000001"`). Throws on NaN and infinities.
 */
export function fromNumber(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DecimalFormatError(String(value));
  }
  return render(new D(value));
}

import { refusalOf } from '@custody/testing';
import { assertTreasuryCovers } from './treasury.rules';

describe('what the house may owe', () => {
  it('lets a buy take the treasury down to −maxShort, exactly', () => {
    expect(() => assertTreasuryCovers('0', '1', '1')).not.toThrow();
    expect(() => assertTreasuryCovers('-0.5', '0.5', '1')).not.toThrow();
  });

  it('refuses a buy that would take it past −maxShort with 409 treasury_insufficient', () => {
    expect(refusalOf(() => assertTreasuryCovers('0', '1.000000000000000001', '1'))).toMatchObject({
      status: 409,
      code: 'treasury_insufficient',
    });
    expect(refusalOf(() => assertTreasuryCovers('-1', '0.1', '1'))).toMatchObject({
      status: 409,
      code: 'treasury_insufficient',
    });
  });

  it('never refuses without a bound, nor a movement that does not lower the treasury', () => {
    expect(() => assertTreasuryCovers('0', '1000000000000', null)).not.toThrow();
    // A treasury already past a bound set later: a sale (nothing outgoing) still settles.
    expect(() => assertTreasuryCovers('-5', '0', '1')).not.toThrow();
    expect(() => assertTreasuryCovers('-5', '-2', '1')).not.toThrow();
  });

  it('with a bound of zero, lets the treasury spend only what it holds', () => {
    expect(() => assertTreasuryCovers('2', '2', '0')).not.toThrow();
    expect(refusalOf(() => assertTreasuryCovers('2', '2.5', '0'))).toMatchObject({
      code: 'treasury_insufficient',
    });
  });
});

import fc from 'fast-check';
import pg from 'pg';
import { wireValue } from './wire-value';

const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils.prepareValue;

/** Elements of the kinds the fast path builds itself, and of kinds it leaves to pg. */
const element = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom('"', '\\', '\\"', 'a"b\\c', '{x,y}', 'NULL', ''),
  fc.uuid(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.bigInt(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
);
const leftToPg = fc.oneof(
  fc.date({ noInvalidDate: true }),
  fc.uint8Array({ maxLength: 4 }).map((bytes) => Buffer.from(bytes)),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.constant({ toPostgres: () => 'custom' }),
);

describe('wireValue', () => {
  it('sends the same text as pg for flat arrays of any element it builds itself', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (items) => {
        expect(wireValue(items)).toBe(prepareValue(items));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves arrays with dates, buffers, nested arrays or custom objects, and non-arrays, to pg', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 4 }), leftToPg, fc.nat(4), (items, odd, at) => {
        const mixed = [...items.slice(0, at), odd, ...items.slice(at)];
        expect(wireValue(mixed)).toEqual(prepareValue(mixed));
      }),
      { numRuns: 500 },
    );
    for (const single of ['text', 12, null, undefined, { a: 1 }, new Date(0), Buffer.from('x')])
      expect(wireValue(single)).toEqual(prepareValue(single));
  });

  it('quotes JSON text, with its escapes, emoji, control characters and lone surrogates, as pg does', () => {
    const texts = [
      JSON.stringify({ note: 'line\nbreak "quoted" back\\slash', emoji: '💸', tab: '\t' }),
      '{"raw":"new\nline"}',
      '"\ud800 lone"',
      '"\u2028 separator \u007f"',
    ];
    expect(wireValue(texts)).toBe(prepareValue(texts));
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 4 }), (values) => {
        const json = values.map((value) => JSON.stringify(value));
        expect(wireValue(json)).toBe(prepareValue(json));
      }),
      { numRuns: 1000 },
    );
  });

  it('escapes quotes and backslashes as PostgreSQL reads them back', () => {
    expect(wireValue(['a"b', 'c\\d', null, 1])).toBe('{"a\\"b","c\\\\d",NULL,"1"}');
  });
});

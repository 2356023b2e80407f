import { z } from 'zod';
import { longestMatch } from './pattern-length';

describe('longestMatch', () => {
  it.each([
    ['^[\\x21-\\x7e]{1,255}$', 255],
    ['^\\+?[0-9][0-9 ()-]{5,24}$', 26],
    ['^(a|bc)$', 2],
    ['^(?:a{2,3}){2}$', 6],
    ['^(?!x)abc$', 3],
    ['^[\\]a]\\u0041$', 2],
    ['^a{,3}$', 5],
    ['^a$|^bcd$', 3],
  ])('reads %s as at most %i characters', (pattern, length) => {
    expect(longestMatch(pattern)).toBe(length);
  });

  it.each(['^\\d+$', '^0x([0-9a-f]{2})*$', '^a{2,}$', 'abc', '^abc', 'abc$', '^a|b$', '^(a)\\1$'])(
    'finds no bound in %s',
    (pattern) => {
      expect(longestMatch(pattern)).toBeUndefined();
    },
  );

  it("agrees with zod's formats", () => {
    const pattern = (schema: z.ZodType) => (z.toJSONSchema(schema) as { pattern: string }).pattern;
    expect(longestMatch(pattern(z.uuid()))).toBe(36);
    expect(longestMatch(pattern(z.ipv4()))).toBe(15);
    expect(longestMatch(pattern(z.iso.datetime({ precision: 3 })))).toBe(24);
    expect(longestMatch(pattern(z.iso.datetime()))).toBeUndefined();
  });
});

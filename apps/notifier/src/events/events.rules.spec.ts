import { decodeCursor, encodeCursor, FEED_START } from './events.rules';

describe('the feed cursor', () => {
  it('goes back to the position it was made from', () => {
    const position = { xid: '18446744073709551615', seq: '9223372036854775807' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('starts before every event without a cursor', () => {
    expect(decodeCursor(undefined)).toEqual(FEED_START);
  });

  it.each([
    ['not base64url', 'a+b/c'],
    ['no position', Buffer.from('hello').toString('base64url')],
    ['a negative number', Buffer.from('-1.2').toString('base64url')],
    ['a number too long', Buffer.from(`1.${'9'.repeat(20)}`).toString('base64url')],
    ['too long a cursor', 'A'.repeat(65)],
  ])('refuses %s with 400 invalid_cursor', (_what, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_cursor' }),
    );
  });
});

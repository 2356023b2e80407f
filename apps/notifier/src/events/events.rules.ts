import { Errors } from '@custody/errors';

/** A place in the feed: after the event recorded by transaction `xid` as number `seq`. */
export interface FeedPosition {
  xid: string;
  seq: string;
}

/** The feed's start: before every event. */
export const FEED_START: FeedPosition = { xid: '0', seq: '0' };

/** A position as the opaque cursor clients pass back (`after`). */
export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.xid}.${position.seq}`).toString('base64url');
}

/** A cursor back to its position; 400 `invalid_cursor` for anything this feed did not give. */
export function decodeCursor(cursor: string | undefined): FeedPosition {
  if (cursor === undefined) return FEED_START;
  const decoded = /^[A-Za-z0-9_-]{1,64}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString()
    : '';
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(decoded);
  if (!match) throw Errors.badRequest('The cursor is not one this feed gave.', 'invalid_cursor');
  return { xid: match[1] as string, seq: match[2] as string };
}

import { linkUrl, unwrap, type CustodyClient, type FeedEvent } from '@custody/sdk';
import type { Command } from 'commander';
import { commaList, positiveInt } from '../context';

/** The options `events tail` and `webhooks listen` share. */
export interface FeedOptions {
  types?: string[];
  after?: string;
  fromStart?: boolean;
  pollInterval: number;
}

export function addFeedOptions(command: Command): Command {
  return command
    .option(
      '--types <names>',
      'only these events, comma-separated (e.g. transfer.is-created)',
      commaList,
    )
    .option('--after <cursor>', 'start after this cursor (printed when a previous run stopped)')
    .option('--from-start', 'start at the oldest event kept (default: only new events)')
    .option(
      '--poll-interval <ms>',
      'the wait before asking again after an empty page',
      positiveInt,
      2000,
    );
}

/**
 * The cursor after the last event recorded so far: every page is read (100 at a time) without
 * being shown, so that following starts with the events that come next.
 */
export async function feedEnd(
  client: CustodyClient,
  types: readonly string[] | undefined,
  signal: AbortSignal,
): Promise<string | undefined> {
  let cursor: string | undefined;
  for (;;) {
    const result = await client.raw.GET('/events', {
      params: {
        query: {
          ...{},
          limit: '100',
          ...(cursor !== undefined ? { after: cursor } : {}),
          ...(types?.length ? { types: types.join(',') } : {}),
        },
      },
      signal,
    });
    const items = unwrap(result);
    const base = result.response.url || 'http://localhost/v1/events';
    const next = linkUrl(result.response.headers.get('link'), 'next', base)?.searchParams.get(
      'after',
    );
    if (items.length === 0 || !next || next === cursor) return next ?? cursor;
    cursor = next;
  }
}

/** Where to start: `--after`, the start with `--from-start`, else after the last event so far. */
export async function startCursor(
  client: CustodyClient,
  options: FeedOptions,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (options.after !== undefined) return options.after;
  if (options.fromStart) return undefined;
  return feedEnd(client, options.types, signal);
}

/** One event on one line for people: when, what, its id and its data. */
export function eventLine(event: FeedEvent): string {
  return `${event.createdAt}  ${event.event}  ${event.id}  ${JSON.stringify(event.data)}`;
}

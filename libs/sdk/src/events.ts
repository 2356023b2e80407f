/**
 * The event feed, `GET /v1/events?after=&types=&limit=`: every event of the tenant in the order
 * it was recorded, each the same payload a webhook carries; the `Link` rel="next" of a page names
 * the cursor (`after`) of the next.
 */

/** One event: the body of a webhook delivery and an item of the feed. */
export interface FeedEvent<T = unknown> {
  /** The event's id (UUID v7): deduplicate on it. */
  id: string;
  /** Its name: `transfer.is-created`, `user.is-updated`, … */
  event: string;
  createdAt: string;
  tenantId: string | null;
  data: T;
}

export interface FollowOptions {
  /** The cursor to start after (a `cursor` kept from an earlier feed); default: the start. */
  after?: string;
  /** Only these event names. */
  types?: readonly string[];
  /** Events per page, 1–100 (the API's default, 50, when omitted). */
  limit?: number;
  /** The wait before asking again after an empty page (default: the client's, 2,000 ms). */
  pollIntervalMs?: number;
  /** Stops the feed: the iteration ends (no error) once it is aborted. */
  signal?: AbortSignal;
}

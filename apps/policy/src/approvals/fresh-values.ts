interface Entry<V> {
  /** When its read started (the age of what it holds is counted from then). */
  at: number;
  value: Promise<V | undefined>;
  /** Its read has answered. */
  settled: boolean;
  /** The read of the next value, once under way. */
  refresh?: Entry<V>;
}

export interface FreshValuesOptions {
  /** How long a value serves, counted from when its read started; never served older. */
  maxAgeMs: number;
  /** A value this old is read again in the background, and served until the new one comes. */
  refreshAfterMs: number;
  /** Keys kept; past it the cache starts over. */
  maxKeys: number;
  now?: () => number;
}

/**
 * Values read at most once per `maxAgeMs` per key, and not given out once older than that
 * counted from the start of their read (a rule that needs a fresh price must not get a stale
 * one; a caller that joins a read under way waits for its answer, as fresh as the read), read
 * again ahead of their expiry so that the callers do not all wait for the source once per
 * period. A read that gives no value (`undefined`: none, stale, or no answer) is not kept: the
 * next caller asks again. Ages are counted on a monotonic clock.
 */
export class FreshValues<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: FreshValuesOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** The key's value: the cached one while fresh, else what `read` gives (shared by callers). */
  get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.options.maxAgeMs) {
      // Refreshed once answered (a first read slower than the refresh age is not doubled).
      if (now - cached.at >= this.options.refreshAfterMs && cached.settled && !cached.refresh)
        cached.refresh = this.read(key, read, now);
      return cached.value;
    }
    // Past its age while its refresh is still out: the refresh's value is the fresh one.
    if (cached?.refresh && now - cached.refresh.at < this.options.maxAgeMs)
      return cached.refresh.value;
    return this.read(key, read, now).value;
  }

  private read(key: string, read: () => Promise<V | undefined>, at: number): Entry<V> {
    const value = read().catch(() => undefined);
    const entry: Entry<V> = { at, value, settled: false };
    const current = this.entries.get(key);
    // A first read is shared at once; a refresh replaces the value it refreshes when it comes.
    if (!current || at - current.at >= this.options.maxAgeMs) this.set(key, entry);
    void value.then((found) => {
      entry.settled = true;
      const cached = this.entries.get(key);
      // What gave no value is asked again next time (the one it refreshed goes too).
      if (found === undefined) {
        if (cached === entry || cached?.refresh === entry) this.entries.delete(key);
      } else if (cached !== entry && (!cached || cached.at <= at)) this.set(key, entry);
    });
    return entry;
  }

  private set(key: string, entry: Entry<V>): void {
    if (this.entries.size >= this.options.maxKeys && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, entry);
  }
}

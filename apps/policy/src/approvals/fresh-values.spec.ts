import { FreshValues } from './fresh-values';

/** A read whose answer the test gives, counted. */
function source() {
  const pending: ((value: string | undefined) => void)[] = [];
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return new Promise<string | undefined>((resolve) => pending.push(resolve));
    },
    answer(value: string | undefined) {
      const next = pending.shift();
      if (!next) throw new Error('no read is waiting');
      next(value);
    },
    get reads() {
      return reads;
    },
  };
}

/** Lets the cache's own handlers of a settled read run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshValues', () => {
  let now: number;
  let cache: FreshValues<string>;
  beforeEach(() => {
    now = 10_000;
    cache = new FreshValues<string>({
      maxAgeMs: 1_000,
      refreshAfterMs: 800,
      maxKeys: 2,
      now: () => now,
    });
  });

  it('shares one read between the callers of a key while it is fresh', async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    const second = cache.get('eth', trading.read);
    trading.answer('100');
    await expect(Promise.all([first, second])).resolves.toEqual(['100', '100']);
    now += 500;
    await expect(cache.get('eth', trading.read)).resolves.toBe('100');
    expect(trading.reads).toBe(1);
  });

  it('reads again in the background past the refresh age, serving the old value meanwhile', async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    trading.answer('100');
    await first;
    now += 850;
    // The old value at once, and one background read however many ask.
    await expect(cache.get('eth', trading.read)).resolves.toBe('100');
    await expect(cache.get('eth', trading.read)).resolves.toBe('100');
    expect(trading.reads).toBe(2);
    trading.answer('101');
    await settle();
    now += 100;
    await expect(cache.get('eth', trading.read)).resolves.toBe('101');
    expect(trading.reads).toBe(2);
  });

  it('starts no refresh while the first read is still out', async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    now += 900;
    const joined = cache.get('eth', trading.read);
    expect(trading.reads).toBe(1);
    trading.answer('100');
    await expect(Promise.all([first, joined])).resolves.toEqual(['100', '100']);
  });

  it('never serves a value past its age: the caller waits for a new read', async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    trading.answer('100');
    await first;
    now += 1_000;
    const late = cache.get('eth', trading.read);
    expect(trading.reads).toBe(2);
    trading.answer('102');
    await expect(late).resolves.toBe('102');
  });

  it("counts a refreshed value's age from its read, and waits for a refresh under way", async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    trading.answer('100');
    await first;
    now += 900;
    await cache.get('eth', trading.read);
    // The refresh, started at 900 ms, answers late: its value is as old as its read.
    now += 950;
    trading.answer('101');
    await settle();
    await expect(cache.get('eth', trading.read)).resolves.toBe('101');
    now += 100;
    const next = cache.get('eth', trading.read);
    expect(trading.reads).toBe(3);
    trading.answer('103');
    await expect(next).resolves.toBe('103');
  });

  it('keeps no missing value: the next caller asks again', async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    trading.answer(undefined);
    await expect(first).resolves.toBeUndefined();
    await settle();
    const second = cache.get('eth', trading.read);
    expect(trading.reads).toBe(2);
    trading.answer('100');
    await expect(second).resolves.toBe('100');
  });

  it('drops the value a failed refresh was to replace', async () => {
    const trading = source();
    const first = cache.get('eth', trading.read);
    trading.answer('100');
    await first;
    now += 850;
    await cache.get('eth', trading.read);
    trading.answer(undefined);
    await settle();
    const next = cache.get('eth', trading.read);
    expect(trading.reads).toBe(3);
    trading.answer('104');
    await expect(next).resolves.toBe('104');
  });

  it('gives no value, and keeps none, when the read fails', async () => {
    const failing = cache.get('eth', () => Promise.reject(new Error('trading is down')));
    await expect(failing).resolves.toBeUndefined();
    await settle();
    const trading = source();
    const next = cache.get('eth', trading.read);
    trading.answer('100');
    await expect(next).resolves.toBe('100');
  });

  it('starts over past its number of keys', async () => {
    const trading = source();
    for (const key of ['eth', 'btc', 'usdc']) {
      const value = cache.get(key, trading.read);
      trading.answer(`${key}-price`);
      await value;
    }
    // eth and btc were dropped when usdc came; usdc stays.
    await cache.get('usdc', trading.read);
    expect(trading.reads).toBe(3);
    const eth = cache.get('eth', trading.read);
    expect(trading.reads).toBe(4);
    trading.answer('eth-again');
    await expect(eth).resolves.toBe('eth-again');
  });
});

import { Batcher } from './batcher';

/** A run that holds each batch until released, recording the batches it was given. */
function recorder() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (batch: number[]) =>
    new Promise<void>((resolve) => {
      batches.push(batch);
      releases.push(resolve);
    });
  return { batches, releases, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('runs the arrivals of one event-loop turn as one batch', async () => {
    const r = recorder();
    const batcher = new Batcher(
      r.run,
      2,
      100,
      () => 1,
      () => undefined,
    );
    [1, 2, 3].forEach((n) => batcher.submit(n));
    await turn();
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('keeps at most maxInFlight batches running; later arrivals wait and go together', async () => {
    const r = recorder();
    const batcher = new Batcher(
      r.run,
      1,
      100,
      () => 1,
      () => undefined,
    );
    batcher.submit(1);
    await turn();
    batcher.submit(2);
    await turn();
    batcher.submit(3);
    await turn();
    expect(r.batches).toEqual([[1]]);
    r.releases[0]!();
    await turn();
    await turn();
    expect(r.batches).toEqual([[1], [2, 3]]);
  });

  it('cuts batches at maxWeight, but always takes one item however heavy', async () => {
    const r = recorder();
    const batcher = new Batcher(
      r.run,
      4,
      5,
      (n: number) => n,
      () => undefined,
    );
    [2, 3, 1, 9, 4].forEach((n) => batcher.submit(n));
    await turn();
    expect(r.batches).toEqual([[2, 3], [1], [9], [4]]);
  });

  it('answers every item of a batch whose run fails', async () => {
    const failed: [number, unknown][] = [];
    const boom = new Error('boom');
    const batcher = new Batcher<number>(
      async () => {
        throw boom;
      },
      1,
      10,
      () => 1,
      (item, error) => failed.push([item, error]),
    );
    batcher.submit(1);
    batcher.submit(2);
    await turn();
    await turn();
    expect(failed).toEqual([
      [1, boom],
      [2, boom],
    ]);
  });
});

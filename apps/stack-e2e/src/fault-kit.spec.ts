import { type Fault, faultSchedule, faultSeed, replayable, seededRandom } from './fault-kit';

const options = {
  apps: ['gateway', 'identity', 'wallet-ledger', 'signing'],
  mustKill: ['signing', 'identity', 'gateway'],
  replicas: 2,
  pauseMs: 4_000,
};

function firstFaults(seed: number, count: number): (Fault & { gapMs: number })[] {
  const faults: (Fault & { gapMs: number })[] = [];
  for (const fault of faultSchedule(seededRandom(seed).fork('faults'), options)) {
    faults.push(fault);
    if (faults.length === count) break;
  }
  return faults;
}

describe('the fault tests’ seeded choices', () => {
  it('gives the same fault schedule for the same seed', () => {
    expect(firstFaults(405_710_324, 40)).toEqual(firstFaults(405_710_324, 40));
  });

  it('gives another schedule for another seed', () => {
    expect(firstFaults(1, 40)).not.toEqual(firstFaults(2, 40));
  });

  it('starts every schedule with one fault of each kind and a kill of each app it must kill', () => {
    const first = firstFaults(7, 6);
    expect(new Set(first.map((f) => f.kind))).toEqual(
      new Set(['pg-restart', 'pg-terminate', 'pause', 'kill']),
    );
    expect(first.flatMap((f) => (f.kind === 'kill' ? [f.app] : [])).sort()).toEqual([
      'gateway',
      'identity',
      'signing',
    ]);
    for (const fault of firstFaults(7, 200))
      if (fault.kind === 'pause') expect(fault.ms).toBeGreaterThanOrEqual(options.pauseMs);
  });

  it('keeps a forked stream independent of how much its parent was used', () => {
    const a = seededRandom(99);
    const b = seededRandom(99);
    for (let i = 0; i < 10; i += 1) b.next();
    const draws = (r: ReturnType<typeof seededRandom>) => Array.from({ length: 5 }, () => r.next());
    expect(draws(a.fork('worker-1'))).toEqual(draws(b.fork('worker-1')));
    expect(draws(a.fork('worker-1'))).not.toEqual(draws(a.fork('worker-2')));
  });

  it('takes the seed from FAULT_SEED, refuses one that is not a seed, and makes one otherwise', () => {
    expect(faultSeed({ FAULT_SEED: '12345' })).toBe(12345);
    expect(() => faultSeed({ FAULT_SEED: 'soon' })).toThrow('FAULT_SEED');
    const fresh = faultSeed({});
    expect(Number.isInteger(fresh)).toBe(true);
  });

  it('names the seed and how to replay it in a failure, once', async () => {
    const failing = replayable(31337, 'worst-day.spec.ts', async () => {
      throw new Error('total changed');
    });
    const error = (await failing().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^total changed\n\(seed 31337: replay with FAULT_SEED=31337 npm run test:faults.*worst-day\.spec\.ts/,
    );
    expect(error.stack?.split('seed 31337:')).toHaveLength(2);
  });
});

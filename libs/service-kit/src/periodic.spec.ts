import { testLogger, waitFor } from '@custody/testing';
import { Periodic } from './periodic';

// The timer the sweeps and the job schedulers' check run on (docs/decisions/sweeps.md).

it('runs at start and then every interval, one run at a time, a failed run retried by the next', async () => {
  let runs = 0;
  let running = 0;
  let most = 0;
  const periodic = new Periodic({
    what: 'a check',
    intervalMs: 20,
    atStart: true,
    logger: testLogger(),
    run: async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      // Longer than the interval, and the second run fails.
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
      if (runs === 2) throw new Error('the peer does not answer');
    },
  });
  periodic.start();
  expect(runs).toBe(1);
  await waitFor(() => runs >= 4, { what: 'four runs, past a failed one' });
  await periodic.stop();
  const stopped = runs;
  expect(most).toBe(1);
  expect(running).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(runs).toBe(stopped);
});

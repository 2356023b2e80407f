import type { AddressInfo } from 'node:net';
import { createAppServer, createHttpApp, finishHttpApp } from '@custody/http';
import { testLogger, waitFor } from '@custody/testing';
import { mountPublicProbes, type ReadinessCheck, sharedRun } from './ops';

describe('sharedRun', () => {
  it('gives the callers of one run its outcome, and starts a new run after it', async () => {
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const run = sharedRun(
      () =>
        new Promise<number>((resolve) => {
          runs += 1;
          finish = resolve;
        }),
    );
    const first = run();
    const second = run();
    finish(7);
    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    expect(runs).toBe(1);
    const third = run();
    finish(8);
    await expect(third).resolves.toBe(8);
    expect(runs).toBe(2);
  });
});

describe('mountPublicProbes', () => {
  let pings = 0;
  let failing = false;
  let shuttingDown = false;
  /** While set, a check waits for it: the test decides when the run ends. */
  let held: Promise<void> | undefined;
  const checks: ReadinessCheck[] = [
    {
      name: 'identity',
      check: async () => {
        pings += 1;
        await held;
        if (failing) throw new Error('identity timed out at 10.0.0.7');
      },
    },
  ];
  const logger = testLogger();
  const app = createHttpApp({ logger });
  mountPublicProbes(app, { checks, timeoutMs: 1_000, isShuttingDown: () => shuttingDown });
  finishHttpApp(app, logger);
  const server = createAppServer(app);
  let url = '';
  let requests = 0;
  server.on('request', () => (requests += 1));

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const readyz = async () => {
    const res = await fetch(`${url}/readyz`);
    return { status: res.status, text: await res.text() };
  };

  it('says ready or not, naming no check and no detail', async () => {
    expect(await readyz()).toEqual({ status: 200, text: '{"status":"ready"}' });
    failing = true;
    expect(await readyz()).toEqual({ status: 503, text: '{"status":"not_ready"}' });
    failing = false;
    shuttingDown = true;
    expect(await readyz()).toEqual({ status: 503, text: '{"status":"shutting_down"}' });
    shuttingDown = false;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('runs the checks once for the probes that arrive while they run', async () => {
    let release: () => void = () => undefined;
    held = new Promise((resolve) => (release = resolve));
    pings = 0;
    requests = 0;
    const answers = Promise.all(Array.from({ length: 20 }, readyz));
    // Every probe has arrived while the first run is still held.
    await waitFor(() => requests === 20, { what: 'the 20 probes to arrive' });
    release();
    held = undefined;
    expect((await answers).every((answer) => answer.status === 200)).toBe(true);
    expect(pings).toBe(1);
  });

  it('serves no metrics', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });
});

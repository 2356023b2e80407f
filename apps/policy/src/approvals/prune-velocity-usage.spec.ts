import { MAX_VELOCITY_WINDOW_MS } from '@custody/contracts';
import { clientOf, createPolicyHarness, type PolicyHarness, withdrawal } from '../test-harness';

// The sweep's pruning against a real PostgreSQL: counted operations no velocity window can reach
// any longer are forgotten; the others keep counting.

let h: PolicyHarness;

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

it('forgets counted operations older than the longest window, and keeps the rest', async () => {
  await h.policy('pu', {
    action: 'block',
    approvers: undefined,
    rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '10' },
  });
  const old = withdrawal('pu', '1');
  const recent = withdrawal('pu', '2');
  await h.evaluation.evaluate(clientOf('pu', 1), [old, recent]);
  await h.pool.query(
    `UPDATE policy.velocity_usage SET created_at = now() - make_interval(secs => $2::float8 / 1000)
      WHERE operation_id = $1`,
    [old.operationId, MAX_VELOCITY_WINDOW_MS + 60_000],
  );

  expect(await h.prune.prune()).toBe(1);
  expect(await h.prune.prune()).toBe(0);
  expect(await h.usage('pu')).toEqual([{ op: recent.operationId, amount: '2', released: false }]);
});

it('keeps what the longest window still reaches at the time it is given', async () => {
  await h.policy('pv', {
    action: 'block',
    approvers: undefined,
    rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '10' },
  });
  const op = withdrawal('pv', '1');
  await h.evaluation.evaluate(clientOf('pv', 1), [op]);
  const counted = await h.count('velocity_usage');
  // A minute before the window no longer reaches it: nothing goes; a minute after, all of it.
  const soon = new Date(Date.now() + MAX_VELOCITY_WINDOW_MS - 60_000);
  expect(await h.prune.prune(soon)).toBe(0);
  const later = new Date(Date.now() + MAX_VELOCITY_WINDOW_MS + 60_000);
  expect(await h.prune.prune(later)).toBe(counted);
  expect(await h.usage('pv')).toEqual([]);
});

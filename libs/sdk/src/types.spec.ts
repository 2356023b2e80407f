// Compile-time checks of the SDK's typing (`npm run typecheck` fails when they break); the
// calls are never made.
import { createCustodyClient, createIssuerClient } from './index';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_ok?: T) => undefined;

async function typed() {
  const custody = createCustodyClient({ baseUrl: 'http://localhost:3000' });
  const user = await custody.post('/users/individual-person', {
    body: { generalConditions: '2026-01-01', name: 'Alice' },
  });
  assertType<Equal<typeof user.id, string>>();
  const _wallet = await custody.get('/users/{user}/wallets/{wallet}', {
    params: { path: { user: user.id, wallet: 'w' } },
  });
  assertType<Equal<typeof _wallet.id, string>>();
  for await (const _transfer of custody.list('/transfers')) {
    assertType<
      Equal<typeof _transfer.status, 'approved' | 'pending_approval' | 'rejected' | 'failed'>
    >();
  }
  // @ts-expect-error a path that does not exist
  await custody.get('/nowhere');
  // @ts-expect-error a body field of the wrong type
  await custody.post('/users/individual-person', { body: { generalConditions: 'x', name: 1 } });
  // @ts-expect-error a required body field missing
  await custody.post('/users/{user}/wallets', { params: { path: { user: 'u' } }, body: {} });
  // @ts-expect-error not a list: the answer is one record
  custody.list('/users/{user}', { params: { path: { user: 'u' } } });
  // @ts-expect-error path parameters are required
  await custody.get('/users/{user}/wallets/{wallet}');

  const issuer = createIssuerClient({ baseUrl: 'http://localhost:3000' });
  for await (const _activity of issuer.list(
    '/issuers/{clientIssuerId}/issues/{clientIssueId}/activities',
    { params: { path: { clientIssuerId: 'i', clientIssueId: 'j' } } },
  )) {
    assertType<Equal<typeof _activity.readed, boolean>>();
  }
}

describe('the SDK types', () => {
  it('compile (checked by tsc)', () => {
    expect(typeof typed).toBe('function');
  });
});

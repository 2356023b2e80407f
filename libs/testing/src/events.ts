import { type NewEvent, RPC_REFUSED_EVENT } from '@custody/contracts';

/**
 * The event the outbox and consumer tests write, where the name does not matter: a refused RPC,
 * whose payload is small and carries a number (`suppressed`, set to `n`).
 */
export const TEST_EVENT = RPC_REFUSED_EVENT;

export function testEvent(n = 0, tenantId: string | null = 't1'): NewEvent<typeof TEST_EVENT> {
  return {
    name: TEST_EVENT,
    tenantId,
    data: {
      service: 'identity',
      method: 'test.method',
      brokerUser: null,
      caller: null,
      requestId: `req-${n}`,
      reason: 'test',
      failed: 'proof',
      suppressed: n,
    },
  };
}

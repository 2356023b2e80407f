import { EVENT_NAMES, SERVICES, TOPOLOGY, namespaced } from './index';

describe('contracts', () => {
  it('names every event as <entity>.is-<verb>', () => {
    for (const name of EVENT_NAMES) expect(name).toMatch(/^[a-z-]+\.is-[a-z]+$/);
  });

  it('keeps event names unique', () => {
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('derives one RPC queue per service and prefixes names only inside a namespace', () => {
    const queues = SERVICES.map((s) => TOPOLOGY.rpcQueue(s));
    expect(new Set(queues).size).toBe(SERVICES.length);
    expect(namespaced('', 'rpc.identity')).toBe('rpc.identity');
    expect(namespaced('t1', 'rpc.identity')).toBe('t1.rpc.identity');
  });
});

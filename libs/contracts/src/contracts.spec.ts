import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_NAMES, SERVICES, TOPOLOGY, namespaced } from './index';

/** The modules each source file of this library imports from the library itself. */
function localImports(): Map<string, string[]> {
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
  return new Map(
    files.map((file) => [
      file.replace(/\.ts$/, ''),
      [...readFileSync(path.join(__dirname, file), 'utf8').matchAll(/from '\.\/([\w-]+)'/g)].map(
        (m) => m[1]!,
      ),
    ]),
  );
}

/** The first import cycle found, as the chain of modules, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: string, chain: string[]): string[] | undefined => {
    if (state.get(node) === 'visiting') return [...chain.slice(chain.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'visiting');
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...chain, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

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

  it('has no import cycle between its modules (the index aside)', () => {
    const graph = localImports();
    graph.delete('index');
    expect(graph.get('wallet-ledger')).toContain('trading');
    expect(findCycle(graph)).toBeUndefined();
  });

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});

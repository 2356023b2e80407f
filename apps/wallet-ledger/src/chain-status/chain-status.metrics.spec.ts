import { Registry } from 'prom-client';
import type { ChainStatusView } from '@custody/contracts';
import { testLogger } from '@custody/testing';
import { chainStatusMetrics } from './chain-status.metrics';

/** The adapter's status with one node, or the nodes given. */
const evm = (cursor: number | null, nodes = [node('node-0', true, 0)]): ChainStatusView => ({
  mode: 'evm',
  network: 'ethereum',
  chainId: 1,
  confirmations: 12,
  head: 1_250,
  cursor,
  nativeAssetId: 'eth',
  tokens: {},
  gasStation: { address: '0x00000000000000000000000000000000000000aa', balance: '1' },
  quorum: 1,
  nodes,
});

function node(label: string, up: boolean, disagreements: number) {
  return { label, origin: 'http://127.0.0.1:8545', up, disagreements };
}

/** The samples of one scrape, without the HELP and TYPE lines. */
async function samples(
  status: () => Promise<ChainStatusView>,
  registry = new Registry(),
): Promise<string[]> {
  if ((await registry.getMetricsAsJSON()).length === 0)
    chainStatusMetrics(registry, status, testLogger());
  return (await registry.metrics()).split('\n').filter((l) => l && !l.startsWith('#'));
}

it("reports the node's head and the deposit scan's cursor, asking the adapter once a scrape", async () => {
  let asked = 0;
  const found = await samples(async () => {
    asked += 1;
    return evm(1_180);
  });
  expect(found).toEqual([
    'chain_head_block{network="ethereum"} 1250',
    'chain_scan_cursor_block{network="ethereum"} 1180',
    'chain_node_up{network="ethereum",node="node-0"} 1',
    'chain_node_disagreements_total{network="ethereum",node="node-0"} 0',
  ]);
  expect(asked).toBe(1);
});

it('reports the head alone before the first scan', async () => {
  expect(await samples(async () => evm(null))).toEqual([
    'chain_head_block{network="ethereum"} 1250',
    'chain_node_up{network="ethereum",node="node-0"} 1',
    'chain_node_disagreements_total{network="ethereum",node="node-0"} 0',
  ]);
});

it('reports nothing without the EVM adapter, or while the node does not answer', async () => {
  expect(await samples(async () => ({ mode: 'manual' }))).toEqual([]);
  expect(await samples(async () => ({ mode: 'starting' }))).toEqual([]);
  expect(
    await samples(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:8545');
    }),
  ).toEqual([]);
});

it('reports each node up or dropped, and counts its disagreements across scrapes', async () => {
  const registry = new Registry();
  let nodes = [node('node-0', true, 0), node('node-1', true, 2)];
  const status = async () => evm(1_180, nodes);
  const first = await samples(status, registry);
  expect(first.filter((l) => l.startsWith('chain_node'))).toEqual([
    'chain_node_up{network="ethereum",node="node-0"} 1',
    'chain_node_up{network="ethereum",node="node-1"} 1',
    'chain_node_disagreements_total{network="ethereum",node="node-0"} 0',
    'chain_node_disagreements_total{network="ethereum",node="node-1"} 2',
  ]);
  nodes = [node('node-0', true, 0), node('node-1', false, 5)];
  const second = await samples(status, registry);
  expect(second.filter((l) => l.startsWith('chain_node'))).toEqual([
    'chain_node_up{network="ethereum",node="node-0"} 1',
    'chain_node_up{network="ethereum",node="node-1"} 0',
    'chain_node_disagreements_total{network="ethereum",node="node-0"} 0',
    'chain_node_disagreements_total{network="ethereum",node="node-1"} 5',
  ]);
});

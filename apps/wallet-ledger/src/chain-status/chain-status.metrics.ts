import { Counter, Gauge, type Registry } from 'prom-client';
import type { ChainStatusView } from '@custody/contracts';
import type { Logger } from '@custody/logging';
import { sharedRun } from '@custody/service-kit';

/**
 * `chain_head_block{network}` and `chain_scan_cursor_block{network}`: the node's head and how far
 * the deposit scan got, from the adapter's status (what `GET /v1/admin/chain` shows) at each
 * scrape. The head minus the cursor is how far deposits lag; a head that stops moving is a node
 * that stopped following the chain. No sample without the EVM adapter, or while the node does
 * not answer.
 */
export function chainStatusMetrics(
  registry: Registry,
  status: () => Promise<ChainStatusView>,
  logger: Logger,
): void {
  const read = sharedRun(async () => {
    try {
      const view = await status();
      return view.mode === 'evm' ? view : undefined;
    } catch (error) {
      logger.warn({ err: error }, 'chain metrics not read');
      return undefined;
    }
  });
  new Gauge({
    name: 'chain_head_block',
    help: "The chain node's latest block number",
    labelNames: ['network'],
    registers: [registry],
    async collect() {
      this.reset();
      const view = await read();
      if (view) this.set({ network: view.network }, view.head);
    },
  });
  new Gauge({
    name: 'chain_scan_cursor_block',
    help: 'The last block the deposit scan has read',
    labelNames: ['network'],
    registers: [registry],
    async collect() {
      this.reset();
      const view = await read();
      if (view?.cursor !== null && view?.cursor !== undefined)
        this.set({ network: view.network }, view.cursor);
    },
  });
  // Several nodes (EVM_RPC_URLS): each one's state as the adapter last saw it. A node is labelled
  // `node-<i>` (its URL may carry a key).
  new Gauge({
    name: 'chain_node_up',
    help: 'Whether the node answered the configured chain id at its last check (1) or was dropped (0)',
    labelNames: ['network', 'node'],
    registers: [registry],
    async collect() {
      this.reset();
      const view = await read();
      if (!view) return;
      for (const node of view.nodes)
        this.set({ network: view.network, node: node.label }, node.up ? 1 : 0);
    },
  });
  // The adapter counts in memory since its start; the counter adds what it counted since the
  // last scrape (a restart of the process restarts both, which Prometheus's increase() handles).
  const counted = new Map<string, number>();
  new Counter({
    name: 'chain_node_disagreements_total',
    help: "Times a node named another block hash than its peers at a deposit's block",
    labelNames: ['network', 'node'],
    registers: [registry],
    async collect() {
      const view = await read();
      if (!view) return;
      for (const node of view.nodes) {
        const key = `${view.network}/${node.label}`;
        const labels = { network: view.network, node: node.label };
        const delta = node.disagreements - (counted.get(key) ?? 0);
        if (delta > 0) this.inc(labels, delta);
        else if (!counted.has(key)) this.inc(labels, 0);
        counted.set(key, node.disagreements);
      }
    },
  });
}

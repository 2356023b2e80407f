// Makes three JSON-RPC calls in one tick, which ethers sends as one batch: one in a trace A, one
// in a trace B, one outside any trace. Prints the two traces' contexts (traced-provider.spec.ts).
// The node is a few lines of JSON-RPC here: what is tested is where the provider's spans land,
// not what a node answers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shutdownTracing, startSpan, startTracing } from '@custody/telemetry';

async function main(): Promise<void> {
  if (!(await startTracing('wallet-ledger'))) throw new Error('tracing is off');
  const { Network } = await import('ethers');
  const { TracedJsonRpcProvider } = await import('../traced-provider');
  let posts = 0;
  const node = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posts += 1;
      const payload = JSON.parse(body) as { id: number } | { id: number }[];
      const answer = (call: { id: number }) => ({ jsonrpc: '2.0', id: call.id, result: '0x1' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(payload) ? payload.map(answer) : answer(payload)));
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  const { port } = node.address() as AddressInfo;
  const provider = new TracedJsonRpcProvider(`http://127.0.0.1:${port}`, undefined, {
    staticNetwork: Network.from(31337),
  });
  const a = startSpan('trace a', 'internal', { parent: null });
  const b = startSpan('trace b', 'internal', { parent: null });
  if (!a || !b) throw new Error('no span');
  await Promise.all([
    a.run(() => provider.send('eth_blockNumber', [])),
    b.run(() => provider.send('eth_getTransactionCount', ['0x' + '11'.repeat(20), 'latest'])),
    provider.send('eth_gasPrice', []),
  ]);
  a.end();
  b.end();
  process.stdout.write(
    `${JSON.stringify({ a: a.carrier()?.traceparent, b: b.carrier()?.traceparent, posts })}\n`,
  );
  provider.destroy();
  node.close();
  await shutdownTracing();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

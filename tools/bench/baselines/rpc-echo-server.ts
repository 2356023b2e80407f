// The RPC benchmark's server: the messaging library's RpcServer answering `bench.echo` on
// `rpc.signing` of a private namespace (a stand-in service name; nothing else listens there).
import { Broker, CallerPolicy, proofKeys, RpcServer } from '@custody/messaging';
import { createLogger } from '@custody/logging';

async function main() {
  const logger = createLogger({ service: 'bench-rpc', level: 'warn' });
  const broker = new Broker({
    url: process.env['AMQP_URL'] ?? 'amqp://guest:guest@localhost:5672',
    namespace: process.env['MQ_NAMESPACE'] ?? 'bench',
    quorumQueues: false,
    logger,
    connectionName: 'bench-rpc-server',
  });
  await broker.connect();
  const server = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=*'),
    service: 'signing',
    prefetch: Number(process.env['RPC_PREFETCH'] ?? 64),
    logger,
    handlers: { 'bench.echo': async (params) => params },
    // The benchmark's client plays the gateway.
    access: { 'bench.echo': { callers: ['gateway'], auth: 'gateway' } },
    // Proofs checked as every service checks them (development keys).
    proofs: {
      verifier: proofKeys('signing', {}).verifier,
      authority: 'gateway',
      onRefused: (refusal) => logger.warn(refusal, 'bench RPC refused'),
    },
  });
  await server.start();
  process.stdout.write('{"ready":true}\n');
  process.on('SIGTERM', () => {
    void server
      .stop(1000)
      .then(() => broker.close())
      .then(() => process.exit(0));
  });
}

void main();

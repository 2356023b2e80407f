// Runs an outbox relay until killed (the test enables the outbox.after-publish failpoint).
import { OutboxRelay } from '../outbox-relay';
import { childSetup } from './child-env';

async function main() {
  const { env, logger, pool, broker } = childSetup();
  await broker.connect();
  const relay = new OutboxRelay({ broker, pool, schema: env('SCHEMA'), logger });
  await relay.start();
  await relay.drain();
  process.stdout.write('drained\n');
}

void main();

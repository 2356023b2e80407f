// Consumes events into the fixture's effect table until killed (consumer.before-ack failpoint).
import { sql } from 'drizzle-orm';
import { TEST_EVENT } from '@custody/testing';
import { EventConsumer } from '../event-consumer';
import { CallerPolicy } from '../rpc-server';
import { childSetup } from './child-env';

async function main() {
  const { env, logger, db, broker } = childSetup();
  await broker.connect();
  const schema = env('SCHEMA');
  const consumer = new EventConsumer({
    broker,
    db,
    schema,
    consumer: env('CONSUMER'),
    callers: new CallerPolicy('guest=*'),
    logger,
    handlers: {
      [TEST_EVENT]: async (event, tx) => {
        await tx.execute(
          sql`INSERT INTO ${sql.raw(schema)}.effects (event_id) VALUES (${event.id})`,
        );
      },
    },
  });
  await consumer.start();
  process.stdout.write('consuming\n');
}

void main();

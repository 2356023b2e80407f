// Shared by the child-process fixtures that the crash tests kill.
import { createLogger } from '@custody/logging';
import { createDatabase, createPool } from '@custody/persistence';
import { Broker } from '../broker';

export function childSetup() {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const logger = createLogger({
    service: 'fixture',
    level: process.env['TEST_LOG_LEVEL'] ?? 'silent',
  });
  const pool = createPool(env('DATABASE_URL'));
  const broker = new Broker({ url: env('AMQP_URL'), namespace: env('MQ_NAMESPACE'), logger });
  return { env, logger, pool, db: createDatabase(pool), broker };
}

import path from 'node:path';
import type { ServiceDefinition } from '@custody/service-kit';

/** The trading service: its schema, migrations, RPC handlers and event handlers. */
export const tradingService: ServiceDefinition<'trading'> = {
  app: 'trading',
  migrationsDir: path.join(__dirname, 'migrations'),
};

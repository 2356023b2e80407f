import path from 'node:path';
import type { ServiceDefinition } from '@custody/service-kit';

/** The notifier service: its schema, migrations, RPC handlers and event handlers. */
export const notifierService: ServiceDefinition<'notifier'> = {
  app: 'notifier',
  migrationsDir: path.join(__dirname, 'migrations'),
};

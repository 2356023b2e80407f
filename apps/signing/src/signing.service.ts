import path from 'node:path';
import type { ServiceDefinition } from '@custody/service-kit';

/** The signing service: its schema, migrations, RPC handlers and event handlers. */
export const signingService: ServiceDefinition<'signing'> = {
  app: 'signing',
  migrationsDir: path.join(__dirname, 'migrations'),
};

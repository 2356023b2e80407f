import path from 'node:path';
import type { ServiceDefinition } from '@custody/service-kit';

/** The identity service: its schema, migrations, RPC handlers and event handlers. */
export const identityService: ServiceDefinition<'identity'> = {
  app: 'identity',
  migrationsDir: path.join(__dirname, 'migrations'),
};

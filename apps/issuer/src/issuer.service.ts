import path from 'node:path';
import type { ServiceDefinition } from '@custody/service-kit';

/** The issuer service: its schema, migrations, RPC handlers and event handlers. */
export const issuerService: ServiceDefinition<'issuer'> = {
  app: 'issuer',
  migrationsDir: path.join(__dirname, 'migrations'),
};

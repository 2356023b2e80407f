import path from 'node:path';
import type { ServiceDefinition } from '@custody/service-kit';

/** The wallet-ledger service: its schema, migrations, RPC handlers and event handlers. */
export const walletLedgerService: ServiceDefinition<'wallet-ledger'> = {
  app: 'wallet-ledger',
  migrationsDir: path.join(__dirname, 'migrations'),
};

import type { Logger } from '@custody/logging';
import * as apiClientsRepo from './api-clients/api-clients.repository';
import type { CreateApiClient } from './api-clients/create-api-client';
import * as clientsRepo from './clients/clients.repository';
import type { CreateClient } from './clients/create-client';
import type { Database } from '@custody/persistence';

export interface BootstrapSettings {
  adminEmail: string;
  adminPassword: string;
  apiClientId: string;
  apiClientSecret: string;
}

/**
 * First start: with no admin client, create one and the api client to log in through
 * (docs/decisions/identity-and-authentication.md). Idempotent: later starts, and replicas racing
 * the first one, change nothing.
 */
export async function bootstrap(
  db: Database,
  settings: BootstrapSettings,
  services: { clients: CreateClient; apiClients: CreateApiClient },
  logger: Logger,
): Promise<void> {
  if (!(await apiClientsRepo.findApiClient(db, settings.apiClientId))) {
    await services.apiClients
      .createUnchecked({
        id: settings.apiClientId,
        name: 'Bootstrap api client',
        description: 'Created at first start from BOOTSTRAP_API_CLIENT_ID',
        secret: settings.apiClientSecret,
        audience: 'admin',
      })
      .then(() =>
        logger.info({ apiClientId: settings.apiClientId }, 'bootstrap api client created'),
      )
      .catch((error: { status?: number }) => {
        if (error.status !== 409) throw error; // another replica won the race
      });
  }
  if (!(await clientsRepo.findAnyAdmin(db))) {
    await services.clients
      .createUnchecked({
        name: 'Administrator',
        email: settings.adminEmail,
        password: settings.adminPassword,
        audience: ['admin'],
      })
      .then(() => logger.info('bootstrap admin client created'))
      .catch((error: { status?: number }) => {
        if (error.status !== 409) throw error;
      });
  }
}

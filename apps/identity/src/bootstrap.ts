import type { Logger } from '@custody/logging';
import * as apiClientsRepo from './api-clients/api-clients.repository';
import type { CreateApiClient } from './api-clients/create-api-client';
import * as clientsRepo from './clients/clients.repository';
import type { CreateClient } from './clients/create-client';
import type { EnrollmentCodes } from './passkeys/enrollment-codes';
import type { Database } from '@custody/persistence';

export interface BootstrapSettings {
  adminEmail: string;
  adminPassword: string;
  apiClientId: string;
  apiClientSecret: string;
}

/**
 * First start: with no admin client, create one and the api client to log in through
 * (docs/decisions/identity-and-authentication.md), and print the admin's one-time enrollment
 * code once (production refuses an admin's password: the code lets it register its first
 * passkey). Idempotent: later starts, and replicas racing the first one, change nothing.
 */
export async function bootstrap(
  db: Database,
  settings: BootstrapSettings,
  services: { clients: CreateClient; apiClients: CreateApiClient; enrollment: EnrollmentCodes },
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
      .then(async (admin) => {
        logger.info('bootstrap admin client created');
        const code = await services.enrollment.issueOnce(admin.id);
        // Printed here only, once: it is stored hashed (docs/decisions/identity-and-authentication.md).
        if (code !== undefined)
          logger.warn(
            { adminEmail: settings.adminEmail, enrollmentCode: code },
            'the bootstrap admin enrolls its first passkey with this one-time code (grant_type urn:custody:enrollment-code, within 24 h)',
          );
      })
      .catch((error: { status?: number }) => {
        if (error.status !== 409) throw error;
      });
  }
}

import type { Executor } from '@custody/persistence';
import * as clientsRepo from '../clients/clients.repository';
import type { ClientRow } from '../schema';
import { passkeysRequired } from './passkeys.rules';

/** Whether passkeys are required of a client: reads its tenant's setting (passkeys.rules.ts). */
export class PasskeyRequirement {
  constructor(private readonly production: boolean) {}

  async of(db: Executor, client: Pick<ClientRow, 'audience' | 'tenantId'>): Promise<boolean> {
    const tenant =
      client.tenantId === null ? undefined : await clientsRepo.findClient(db, client.tenantId);
    return passkeysRequired(client, tenant, this.production);
  }
}

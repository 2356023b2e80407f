import type { AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import * as repo from './api-clients.repository';

/** Deletes an api client softly (admin only): its credentials no longer issue tokens. */
export class DeleteApiClient {
  constructor(private readonly db: Database) {}

  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    requireAdmin(auth);
    const row = await repo.updateApiClient(this.db, id, { deletedAt: new Date() });
    if (!row) throw Errors.notFound('api client');
    return { id };
  }
}

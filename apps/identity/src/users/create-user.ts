import { type AuthContext, EVENTS, type KycRecord as Kyc } from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import type { UserRow } from '../schema';
import { publishUser } from './user-events';
import * as repo from './users.repository';
import { duplicateUser, kycColumns } from './users.rules';

/**
 * A tenant's new user, an individual or a legal person, from its KYC record, with
 * `user.is-created`; unique per tenant by idNumber and email (409 `user_exists`).
 */
export class CreateUser {
  constructor(private readonly db: Database) {}

  async create(
    auth: AuthContext | undefined,
    kind: UserRow['kind'],
    kyc: Kyc,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    if (caller.userId !== undefined)
      throw Errors.forbidden('A user-bound token cannot create users.', 'user_forbidden');
    return withTransaction(this.db, async (tx) => {
      const row = await repo
        .insertUser(tx, {
          id: uuidv7(),
          tenantId: caller.tenantId,
          kind,
          generalConditions: String(kyc['generalConditions']),
          blocked: false,
          kyc,
          ...kycColumns(kyc),
        })
        .catch(duplicateUser);
      await publishUser(tx, EVENTS.userCreated, row);
      return { id: row.id };
    });
  }
}

import { v7 as uuidv7 } from 'uuid';
import { Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import * as clientsRepo from '../clients/clients.repository';
import { randomToken, tokenHash } from '../crypto/passwords';
import type { ClientRow } from '../schema';
import * as repo from './passkeys.repository';
import { ENROLLMENT_CODE_TTL_MS } from './passkeys.rules';

/**
 * One-time enrollment codes (grant `urn:custody:enrollment-code`): the first admin's, made at
 * bootstrap and printed once, signs it in only to register its first passkey, where production
 * refuses its password. Stored as its SHA-256; used once; expires after ENROLLMENT_CODE_TTL_MS.
 */
export class EnrollmentCodes {
  constructor(private readonly db: Database) {}

  /** A new code for this client, unless it ever had one: the code, to print; else undefined. */
  async issueOnce(clientId: string, now = new Date()): Promise<string | undefined> {
    if (await repo.hasEnrollmentCode(this.db, clientId)) return undefined;
    const code = randomToken(24);
    await repo.insertEnrollmentCode(this.db, {
      id: uuidv7(),
      clientId,
      codeHash: tokenHash(code),
      expiresAt: new Date(now.getTime() + ENROLLMENT_CODE_TTL_MS),
    });
    return code;
  }

  /** The client this code of this e-mail signs in, using the code; 401 `invalid_grant` else. */
  async redeem(email: string, code: string, now = new Date()): Promise<ClientRow> {
    const client = await clientsRepo.findClientByEmail(this.db, email);
    if (!client || !(await repo.useEnrollmentCode(this.db, client.id, tokenHash(code), now)))
      throw Errors.unauthorized('The enrollment code is not valid.', 'invalid_grant');
    return client;
  }
}

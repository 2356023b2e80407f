import type { ApiClientInput, ApiClientView, AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, sqlState } from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import { requireAdmin } from '@custody/tenancy';
import { randomToken } from '../crypto/passwords';
import { apiClientView } from './api-client.view';
import * as repo from './api-clients.repository';

export const DEFAULT_ACCESS_TOKEN_TTL = 3_600;
export const DEFAULT_REFRESH_TOKEN_TTL = 30 * 24 * 3_600;

/**
 * A new api client (admin only): the id and secret given, or generated; the secret sealed for the
 * api client's id, never stored in the clear.
 */
export class CreateApiClient {
  constructor(
    private readonly db: Database,
    /** The box of api client secrets: each sealed for its api client's id. */
    private readonly box: PurposeBox,
  ) {}

  async create(auth: AuthContext | undefined, input: ApiClientInput): Promise<ApiClientView> {
    requireAdmin(auth);
    return this.createUnchecked(input);
  }

  /** Also used by the bootstrap, which runs before any admin exists. */
  async createUnchecked(input: ApiClientInput): Promise<ApiClientView> {
    try {
      const id = input.id ?? `app_${randomToken(12)}`;
      const row = await repo.insertApiClient(this.db, {
        id,
        name: input.name,
        description: input.description ?? '',
        secretCiphertext: this.box.seal(input.secret ?? randomToken(32), id),
        audience: input.audience ?? 'general',
        accessTokenExpiresIn: input.accessTokenExpiresIn ?? DEFAULT_ACCESS_TOKEN_TTL,
        refreshTokenExpiresIn: input.refreshTokenExpiresIn ?? DEFAULT_REFRESH_TOKEN_TTL,
      });
      return apiClientView(row, this.box);
    } catch (error) {
      if (sqlState(error) === '23505')
        throw Errors.conflict('An api client with this id already exists.');
      throw error;
    }
  }
}

import type { ApiClientInput, ApiClientView, AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import { requireAdmin } from '@custody/tenancy';
import { apiClientView } from './api-client.view';
import * as repo from './api-clients.repository';

/** A change of an api client (admin only); a new secret is sealed as the first was. */
export class UpdateApiClient {
  constructor(
    private readonly db: Database,
    /** The box of api client secrets: each sealed for its api client's id. */
    private readonly box: PurposeBox,
  ) {}

  async update(
    auth: AuthContext | undefined,
    id: string,
    patch: Partial<Omit<ApiClientInput, 'id'>>,
  ): Promise<ApiClientView> {
    requireAdmin(auth);
    const row = await repo.updateApiClient(this.db, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.secret !== undefined ? { secretCiphertext: this.box.seal(patch.secret, id) } : {}),
      ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
      ...(patch.accessTokenExpiresIn !== undefined
        ? { accessTokenExpiresIn: patch.accessTokenExpiresIn }
        : {}),
      ...(patch.refreshTokenExpiresIn !== undefined
        ? { refreshTokenExpiresIn: patch.refreshTokenExpiresIn }
        : {}),
    });
    if (!row) throw Errors.notFound('api client');
    return apiClientView(row, this.box);
  }
}

import type { ApiClientView, AuthContext, ListQuery, ListResult } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, listResult } from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import { requireAdmin } from '@custody/tenancy';
import { randomToken } from '../crypto/passwords';
import type { ApiClientRow } from '../schema';
import { apiClientView } from './api-client.view';
import * as repo from './api-clients.repository';

/**
 * Api clients as the admin API reads them, and the check of their credentials token issuance
 * makes (creation is create-api-client.ts, changes update-api-client.ts, deletion
 * delete-api-client.ts).
 */
export class ApiClientsService {
  constructor(
    private readonly db: Database,
    /** The box of api client secrets: each sealed for its api client's id. */
    private readonly box: PurposeBox,
  ) {}

  async list(auth: AuthContext | undefined, query: ListQuery): Promise<ListResult<ApiClientView>> {
    requireAdmin(auth);
    const page = await repo.listApiClients(this.db, query);
    return listResult(
      page,
      page.rows.map((row) => apiClientView(row, this.box)),
    );
  }

  async get(auth: AuthContext | undefined, id: string): Promise<ApiClientView> {
    requireAdmin(auth);
    const row = await repo.findApiClient(this.db, id);
    if (!row) throw Errors.notFound('api client');
    return apiClientView(row, this.box);
  }

  /** The api client named in a Basic header, if its secret matches (401 otherwise). */
  async authenticate(
    id: string,
    secret: string,
    secretsEqual: (a: string, b: string) => boolean,
  ): Promise<ApiClientRow> {
    const row = await repo.findApiClient(this.db, id);
    const expected = row ? this.box.open(row.secretCiphertext, row.id) : randomToken(32);
    if (!row || !secretsEqual(expected, secret)) {
      throw Errors.unauthorized('The api client credentials are not valid.', 'invalid_client');
    }
    return row;
  }
}

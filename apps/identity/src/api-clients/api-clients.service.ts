import {
  type ApiClientInput,
  type ApiClientView,
  type AuthContext,
  type ListQuery,
  type ListResult,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, listResult, sqlState } from '@custody/persistence';
import { requireAdmin } from '@custody/tenancy';
import { randomToken } from '../crypto/passwords';
import type { PurposeBox } from '@custody/secrets';
import type { ApiClientRow } from '../schema';
import * as repo from './api-clients.repository';

export type { ApiClientInput } from '@custody/contracts';

export const DEFAULT_ACCESS_TOKEN_TTL = 3_600;
export const DEFAULT_REFRESH_TOKEN_TTL = 30 * 24 * 3_600;

export function apiClientView(row: ApiClientRow, box: PurposeBox): ApiClientView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    description: row.description,
    secret: box.open(row.secretCiphertext, row.id),
    audience: row.audience,
    accessTokenExpiresIn: row.accessTokenExpiresIn,
    refreshTokenExpiresIn: row.refreshTokenExpiresIn,
  };
}

export class ApiClientsService {
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

  async remove(auth: AuthContext | undefined, id: string): Promise<{ id: string }> {
    requireAdmin(auth);
    const row = await repo.updateApiClient(this.db, id, { deletedAt: new Date() });
    if (!row) throw Errors.notFound('api client');
    return { id };
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

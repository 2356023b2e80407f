import type { ApiClientView } from '@custody/contracts';
import type { PurposeBox } from '@custody/secrets';
import type { ApiClientRow } from '../schema';

/** An api client as the admin API shows it: its secret opened from the box it is sealed in. */
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

import type { Database } from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import {
  legacySealedApiClientSecrets,
  resealApiClientSecret,
} from '../api-clients/api-clients.repository';
import { legacySealedSigningKeys, resealSigningKey } from './keys.repository';

/**
 * Seals anew, for their purpose and record, the secrets an earlier version sealed with the master
 * key alone (`v1`): at every start, so that none is left once every replica runs this version.
 * Returns how many were sealed anew.
 */
export async function resealLegacySecrets(
  db: Database,
  boxes: { signingKeys: PurposeBox; apiClients: PurposeBox },
): Promise<number> {
  let count = 0;
  for (const row of await legacySealedSigningKeys(db)) {
    const box = boxes.signingKeys;
    await resealSigningKey(
      db,
      row.kid,
      row.sealed,
      box.seal(box.open(row.sealed, row.kid), row.kid),
    );
    count += 1;
  }
  for (const row of await legacySealedApiClientSecrets(db)) {
    const box = boxes.apiClients;
    await resealApiClientSecret(
      db,
      row.id,
      row.sealed,
      box.seal(box.open(row.sealed, row.id), row.id),
    );
    count += 1;
  }
  return count;
}

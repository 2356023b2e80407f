import { and, eq, like } from 'drizzle-orm';
import type { Database } from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import { apiClients, signingKeys } from '../schema';

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
  for (const row of await db
    .select({ kid: signingKeys.kid, sealed: signingKeys.privateKeyCiphertext })
    .from(signingKeys)
    .where(like(signingKeys.privateKeyCiphertext, 'v1.%'))) {
    const box = boxes.signingKeys;
    await db
      .update(signingKeys)
      .set({ privateKeyCiphertext: box.seal(box.open(row.sealed, row.kid), row.kid) })
      .where(and(eq(signingKeys.kid, row.kid), eq(signingKeys.privateKeyCiphertext, row.sealed)));
    count += 1;
  }
  for (const row of await db
    .select({ id: apiClients.id, sealed: apiClients.secretCiphertext })
    .from(apiClients)
    .where(like(apiClients.secretCiphertext, 'v1.%'))) {
    const box = boxes.apiClients;
    await db
      .update(apiClients)
      .set({ secretCiphertext: box.seal(box.open(row.sealed, row.id), row.id) })
      // Unless the secret was changed meanwhile (then it is sealed anew already).
      .where(and(eq(apiClients.id, row.id), eq(apiClients.secretCiphertext, row.sealed)));
    count += 1;
  }
  return count;
}

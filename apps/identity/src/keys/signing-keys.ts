import { sql, isNull, desc } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type KeyLike,
} from 'jose';
import { type Database, one, withTransaction } from '@custody/persistence';
import type { SecretBox } from '@custody/secrets';
import { signingKeys } from '../schema';
import type { PublicJwk } from '@custody/contracts';

export interface ActiveKey {
  kid: string;
  privateKey: KeyLike;
  publicKey: KeyLike;
  publicJwk: PublicJwk;
}

export const TOKEN_ALG = 'EdDSA';

/**
 * The Ed25519 key that signs access tokens: loaded from the database (private part sealed with
 * the identity encryption key), created on first start. Replicas starting together create one.
 */
export async function loadSigningKey(db: Database, box: SecretBox): Promise<ActiveKey> {
  const row = await withTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('identity:signing-key'))`);
    const [existing] = await tx
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALG, {
      crv: 'Ed25519',
      extractable: true,
    });
    const publicJwk = { ...(await exportJWK(publicKey)), alg: TOKEN_ALG, use: 'sig' };
    const kid = await calculateJwkThumbprint(publicJwk);
    return one(
      await tx
        .insert(signingKeys)
        .values({
          kid,
          privateKeyCiphertext: box.seal(await exportPKCS8(privateKey)),
          publicJwk: { ...publicJwk, kid },
        })
        .returning(),
    );
  });
  return {
    kid: row.kid,
    privateKey: await importPKCS8(box.open(row.privateKeyCiphertext), TOKEN_ALG),
    publicKey: (await importJWK(row.publicJwk, TOKEN_ALG)) as KeyLike,
    publicJwk: row.publicJwk,
  };
}

/** Every key that may still have signed a live token (retired ones until their tokens expire). */
export async function publicKeys(db: Database): Promise<PublicJwk[]> {
  const rows = await db
    .select({ jwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(
      sql`${signingKeys.retiredAt} IS NULL OR ${signingKeys.retiredAt} > now() - interval '1 day'`,
    );
  return rows.map((row) => row.jwk);
}

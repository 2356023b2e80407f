import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type KeyLike,
} from 'jose';
import type { KeyPurpose, PublicJwk } from '@custody/contracts';
import { type Database, type Executor, withTransaction } from '@custody/persistence';
import type { PurposeBox } from '@custody/secrets';
import type { SigningKeyRow } from '../schema';
import {
  insertSigningKey,
  lockPurpose,
  newestActiveKey,
  publishedKeys,
  retireActiveKeys,
} from './keys.repository';

export interface ActiveKey {
  kid: string;
  privateKey: KeyLike;
  publicKey: KeyLike;
  publicJwk: PublicJwk;
}

export const TOKEN_ALG = 'EdDSA';

async function insertKey(
  tx: Executor,
  box: PurposeBox,
  purpose: KeyPurpose,
): Promise<SigningKeyRow> {
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALG, {
    crv: 'Ed25519',
    extractable: true,
  });
  const publicJwk = { ...(await exportJWK(publicKey)), alg: TOKEN_ALG, use: 'sig' };
  const kid = await calculateJwkThumbprint(publicJwk);
  return insertSigningKey(tx, {
    kid,
    purpose,
    privateKeyCiphertext: box.seal(await exportPKCS8(privateKey), kid),
    publicJwk: { ...publicJwk, kid },
  });
}

async function activeKeyOf(row: SigningKeyRow, box: PurposeBox): Promise<ActiveKey> {
  return {
    kid: row.kid,
    privateKey: await importPKCS8(box.open(row.privateKeyCiphertext, row.kid), TOKEN_ALG),
    publicKey: (await importJWK(row.publicJwk, TOKEN_ALG)) as KeyLike,
    publicJwk: row.publicJwk,
  };
}

/**
 * The Ed25519 keys that sign access tokens, one per purpose (`access`: v1 tokens, `issuer`: v2
 * tokens), so that neither kind can be made with the other's key. Private parts are sealed with
 * the identity encryption key, each for its own kid. A purpose's key is created on first use;
 * replicas starting together create one. A rotation (`rotateSigningKey`, the
 * `rotate-signing-key` command) adds a new key and retires the old one, which stays published
 * until the tokens it signed have expired; running replicas pick the new key within
 * `SIGNING_KEY_RELOAD_MS`.
 */
export class SigningKeys {
  private readonly cache = new Map<KeyPurpose, { key: Promise<ActiveKey>; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly box: PurposeBox,
    /** How often a newer key is looked for (a rotation by another process). */
    private readonly reloadMs = 30_000,
  ) {}

  active(purpose: KeyPurpose): Promise<ActiveKey> {
    const cached = this.cache.get(purpose);
    if (cached && Date.now() - cached.at < this.reloadMs) return cached.key;
    const key = this.load(purpose);
    this.cache.set(purpose, { key, at: Date.now() });
    key.catch(() => this.cache.delete(purpose));
    return key;
  }

  private async load(purpose: KeyPurpose): Promise<ActiveKey> {
    const row = await withTransaction(this.db, async (tx) => {
      const existing = await newestActiveKey(tx, purpose);
      if (existing) return existing;
      await lockPurpose(tx, purpose);
      return (await newestActiveKey(tx, purpose)) ?? insertKey(tx, this.box, purpose);
    });
    return activeKeyOf(row, this.box);
  }
}

/** Adds a new key for `purpose` and retires the others: the answer names both. */
export async function rotateSigningKey(
  db: Database,
  box: PurposeBox,
  purpose: KeyPurpose,
): Promise<{ kid: string; retired: string[] }> {
  return withTransaction(db, async (tx) => {
    await lockPurpose(tx, purpose);
    const retired = await retireActiveKeys(tx, purpose);
    const row = await insertKey(tx, box, purpose);
    return { kid: row.kid, retired };
  });
}

/**
 * Every key that may still have signed a live token (retired ones until their tokens expire),
 * each with its `purpose`: the gateway verifies v1 tokens with `access` keys only, v2 tokens
 * with `issuer` keys only.
 */
export async function publicKeys(db: Database): Promise<PublicJwk[]> {
  const rows = await publishedKeys(db);
  return rows.map((row) => ({ ...row.jwk, purpose: row.purpose }));
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getBytes, HDNodeWallet, Mnemonic, Wallet } from 'ethers';
import * as pkcs11js from 'pkcs11js';
import type pg from 'pg';
import { loadConfig } from '@custody/config';
import type { Database } from '@custody/persistence';
import { testLogger, type TestDatabase } from '@custody/testing';
import { EvmSigner } from '../chains/evm-signer';
import { KeyStoreUnavailable } from '../keystore/pkcs11-token';
import { findSealedSeed } from '../keystore/sealed-seed.repository';
import { TokenSeedVault } from '../keystore/seed-vault';
import { ceremonyContext, ceremonyDatabase, SOFTHSM_MODULE, softHsm } from '../test-harness';
import {
  backupSeed,
  CeremonyError,
  importMnemonic,
  initSeed,
  restoreSeed,
  rotateKey,
  sealedIdentity,
} from './ceremony';
import { ShareError } from './shares.rules';

const hsm = softHsm();
// SoftHSM lists the tokens of its directory as they were at C_Initialize: all of them first.
const main = hsm.init('main');
const fresh = hsm.init('fresh');
const other = hsm.init('other');
const spare = hsm.init('spare');
const prod = hsm.init('prod');

type Opened = { database: TestDatabase; pool: pg.Pool; db: Database };
const opened: Opened[] = [];
const contexts: ReturnType<typeof ceremonyContext>[] = [];
async function database(): Promise<Database> {
  const made = await ceremonyDatabase();
  opened.push(made);
  return made.db;
}
function context(db: Database, token: typeof main, production = false) {
  const ctx = ceremonyContext(db, token.config, production);
  contexts.push(ctx);
  return ctx;
}

/** The first EVM addresses a signer derives through the token vault of `ctx`. */
async function addresses(ctx: ReturnType<typeof context>, count = 3): Promise<string[]> {
  const signer = new EvmSigner(new TokenSeedVault(ctx.db, ctx.token, testLogger(), false));
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push((await signer.derive(i)).address);
  return out;
}

afterAll(async () => {
  for (const ctx of contexts) ctx.token.close();
  for (const made of opened) {
    await made.pool.end();
    await made.database.drop();
  }
});

describe('the token key', () => {
  it('is generated in the token and can never leave it (no CKA_VALUE, no C_WrapKey)', async () => {
    const ctx = context(await database(), main);
    await initSeed(ctx);
    const row = (await findSealedSeed(ctx.db))!;
    const { lib, session } = ctx.token.open();
    lib.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_ID, value: row.keyId }]);
    const [key] = lib.C_FindObjects(session, 2);
    lib.C_FindObjectsFinal(session);
    expect(key).toBeDefined();
    const flags = lib.C_GetAttributeValue(session, key!, [
      { type: pkcs11js.CKA_EXTRACTABLE },
      { type: pkcs11js.CKA_SENSITIVE },
      { type: pkcs11js.CKA_TOKEN },
      { type: pkcs11js.CKA_VALUE_LEN },
    ]);
    expect(flags.map((a) => a.value[0])).toEqual([0, 1, 1, 32]);
    expect(() => lib.C_GetAttributeValue(session, key!, [{ type: pkcs11js.CKA_VALUE }])).toThrow(
      expect.objectContaining({ code: pkcs11js.CKR_ATTRIBUTE_SENSITIVE }),
    );
    // Wrapped by a key made to wrap (extractable, in this session only), or by itself: refused.
    const wrapper = lib.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
      { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
      { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
      { type: pkcs11js.CKA_TOKEN, value: false },
      { type: pkcs11js.CKA_WRAP, value: true },
    ]);
    for (const wrapping of [wrapper, key!])
      expect(() =>
        lib.C_WrapKey(
          session,
          { mechanism: pkcs11js.CKM_AES_KEY_WRAP_PAD },
          wrapping,
          key!,
          Buffer.alloc(128),
        ),
      ).toThrow(expect.objectContaining({ code: expect.any(Number) }));
    expect(() =>
      lib.C_WrapKey(
        session,
        { mechanism: pkcs11js.CKM_AES_KEY_WRAP_PAD },
        wrapper,
        key!,
        Buffer.alloc(128),
      ),
    ).toThrow(expect.objectContaining({ code: pkcs11js.CKR_KEY_UNEXTRACTABLE }));
    lib.C_DestroyObject(session, wrapper);
    // The database holds only the ciphertext: neither the seed nor anything of it in clear.
    expect(row.ciphertext.length).toBe(64 + 16);
    expect(row.iv.length).toBe(12);
  });
});

describe('the sealed seed', () => {
  it('derives through the token the addresses the same seed gives today', async () => {
    const phrase = Wallet.createRandom().mnemonic!.phrase;
    const ctx = context(await database(), spare);
    const identity = await importMnemonic(ctx, phrase);
    const root = HDNodeWallet.fromSeed(getBytes(Mnemonic.fromPhrase(phrase).computeSeed()));
    const expected = [0, 1, 2].map((i) => root.derivePath(`m/44'/60'/0'/0/${i}`).address);
    expect(await addresses(ctx)).toEqual(expected);
    expect(identity.firstAddress).toBe(expected[0]);
    const row = (await findSealedSeed(ctx.db))!;
    expect(row.ciphertext.toString('hex')).not.toContain(
      Mnemonic.fromPhrase(phrase).computeSeed().slice(2, 34),
    );
    // A second seed for the same service is refused.
    await expect(initSeed(ctx)).rejects.toThrow(/A sealed seed exists already/);
  });

  it('does not decrypt once its fingerprint was changed in the database (it is the AAD)', async () => {
    const ctx = context(await database(), spare);
    await expect(sealedIdentity(ctx)).rejects.toThrow(/No sealed seed/);
    const { fingerprint } = await initSeed(ctx);
    const forged = fingerprint.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    await opened.at(-1)!.pool.query('UPDATE signing.sealed_seed SET fingerprint = $1', [forged]);
    await expect(sealedIdentity(ctx)).rejects.toThrow(KeyStoreUnavailable);
  });
});

describe('the ceremony', () => {
  it('backs up 5 shares of which 3 restore the same addresses into a fresh token', async () => {
    const source = context(await database(), main);
    // `main` holds a key from the first test's database; this one seals its own seed.
    const { fingerprint, firstAddress } = await initSeed(source);
    const before = await addresses(source);
    const outDir = path.join(hsm.dir, 'backup-1');
    const backup = await backupSeed(source, { shares: 5, threshold: 3, outDir });
    expect(backup.files).toHaveLength(5);
    expect(backup).toMatchObject({ fingerprint, firstAddress });
    for (const file of backup.files) {
      const share = JSON.parse(readFileSync(file, 'utf8'));
      expect(share).toMatchObject({
        backupId: backup.backupId,
        fingerprint,
        threshold: 3,
        shares: 5,
      });
    }

    // Two shares: refused before combining, and, with the threshold edited, by the fingerprint.
    const target = context(await database(), fresh);
    await expect(restoreSeed(target, backup.files.slice(0, 2))).rejects.toThrow(
      expect.objectContaining({ fault: 'too_few' }),
    );
    const edited = backup.files.slice(0, 2).map((file, i) => {
      const share = JSON.parse(readFileSync(file, 'utf8'));
      const copy = path.join(hsm.dir, `edited-${i}.json`);
      writeFileSync(copy, JSON.stringify({ ...share, threshold: 2 }));
      return copy;
    });
    await expect(restoreSeed(target, edited)).rejects.toThrow(
      expect.objectContaining({ fault: 'fingerprint_mismatch' }),
    );
    expect(await findSealedSeed(target.db)).toBeUndefined();
    expect(target.token.hasKeys()).toBe(false);

    // Three of five (any three): the same seed, sealed by the fresh token's own new key.
    const restored = await restoreSeed(target, [
      backup.files[4]!,
      backup.files[1]!,
      backup.files[3]!,
    ]);
    expect(restored).toEqual({ fingerprint, firstAddress });
    expect(await addresses(target)).toEqual(before);
    expect((await findSealedSeed(target.db))!.origin).toBe('restored');
    // A token that holds a seal key already is no place for a restore.
    await expect(restoreSeed(target, backup.files.slice(0, 3))).rejects.toThrow(/new token/);
  });

  it('names a share of another backup, of another seed or of the same one', async () => {
    const a = context(await database(), other);
    await initSeed(a);
    const first = await backupSeed(a, {
      shares: 3,
      threshold: 2,
      outDir: path.join(hsm.dir, 'a1'),
    });
    const second = await backupSeed(a, {
      shares: 3,
      threshold: 2,
      outDir: path.join(hsm.dir, 'a2'),
    });
    const b = context(await database(), prod);
    await importMnemonic(b, Wallet.createRandom().mnemonic!.phrase);
    const otherSeed = await backupSeed(b, {
      shares: 3,
      threshold: 2,
      outDir: path.join(hsm.dir, 'b'),
    });

    const target = context(await database(), fresh);
    for (const stray of [second.files[1]!, otherSeed.files[1]!]) {
      const refused = restoreSeed(target, [first.files[0]!, stray]);
      await expect(refused).rejects.toThrow(ShareError);
      await expect(refused).rejects.toThrow(expect.objectContaining({ fault: 'another_backup' }));
      await expect(refused).rejects.toThrow(path.basename(stray));
    }
    await expect(restoreSeed(target, [first.files[0]!, first.files[0]!])).rejects.toThrow(
      expect.objectContaining({ fault: 'duplicate' }),
    );
    expect(await findSealedSeed(target.db)).toBeUndefined();
  });

  it('rotates the token key: the seed re-encrypted, the old key destroyed, running vaults follow', async () => {
    const ctx = context(await database(), other);
    await importMnemonic(ctx, Wallet.createRandom().mnemonic!.phrase);
    const vault = new TokenSeedVault(ctx.db, ctx.token, testLogger(), false);
    const signer = new EvmSigner(vault);
    const before = (await signer.derive(5)).address;
    const was = (await findSealedSeed(ctx.db))!;
    const rotated = await rotateKey(ctx);
    expect(rotated.oldKeyId).toBe(was.keyId.toString('hex'));
    expect(rotated.newKeyId).not.toBe(rotated.oldKeyId);
    const now = (await findSealedSeed(ctx.db))!;
    expect(now.keyId.toString('hex')).toBe(rotated.newKeyId);
    expect(now.ciphertext.equals(was.ciphertext)).toBe(false);
    expect(() => ctx.token.checkKey(was.keyId)).toThrow(/key_missing/);
    // The vault read the old row before: it finds the new one at its next use.
    expect((await signer.derive(5)).address).toBe(before);
    await vault.check();
  });
});

describe('production', () => {
  it('refuses a public test mnemonic, in the config and in the ceremony', async () => {
    expect(() =>
      loadConfig('signing', {
        NODE_ENV: 'production',
        SIGNING_MASTER_MNEMONIC: 'test test test test test test test test test test test junk',
      }),
    ).toThrow(/SIGNING_MASTER_MNEMONIC: Not allowed in production/);
    const ctx = context(await database(), prod, true);
    for (const phrase of [
      'test test test test test test test test test test test junk',
      `${'abandon '.repeat(11)}about`,
      `${'zoo '.repeat(23)}vote`,
    ])
      await expect(importMnemonic(ctx, phrase)).rejects.toThrow(CeremonyError);
    expect(await findSealedSeed(ctx.db)).toBeUndefined();
  });

  it('does not sign with a test seed sealed before (a development database deployed)', async () => {
    const db = await database();
    await importMnemonic(
      context(db, spare),
      'test test test test test test test test test test test junk',
    );
    const ctx = context(db, spare, true);
    const vault = new TokenSeedVault(db, ctx.token, testLogger(), true);
    await expect(vault.check()).rejects.toThrow(/test_seed/);
    await expect(new EvmSigner(vault).derive(0)).rejects.toMatchObject({
      status: 503,
      code: 'key_store_unavailable',
    });
  });

  it('names the module in the config it loads', () => {
    expect(SOFTHSM_MODULE).toMatch(/softhsm2\.so$/);
  });
});

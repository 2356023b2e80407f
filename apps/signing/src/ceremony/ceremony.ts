import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { combine, split } from 'shamir-secret-sharing';
import type { Database } from '@custody/persistence';
import { evmAddress, privateKeyAt, seedFingerprint, wipe } from '../keystore/hd-keys';
import { KeyStoreUnavailable, type Pkcs11Token } from '../keystore/pkcs11-token';
import * as repo from '../keystore/sealed-seed.repository';
import {
  isKnownTestFingerprint,
  isKnownTestMnemonic,
  mnemonicSeed,
  SEED_BYTES,
  sealAad,
} from '../keystore/seed.rules';
import {
  checkShareSet,
  checkSplit,
  parseShareFile,
  SHARE_FORMAT,
  ShareError,
  type ShareFile,
  shareFileName,
} from './shares.rules';

/**
 * The key ceremony (docs/operations/key-ceremony.md): creating the master seed inside the token,
 * backing it up as Shamir shares, restoring it into a new token, and rotating the token key. The
 * CLI (ceremony/cli.ts) and the development start (keystore/open-seed-vault.ts) call these.
 */
export interface CeremonyContext {
  db: Database;
  token: Pkcs11Token;
  keyLabel: string;
  production: boolean;
}

export class CeremonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CeremonyError';
  }
}

/** What an operator checks after each step: the seed's public identity, never its content. */
export interface SeedIdentity {
  fingerprint: string;
  /** m/44'/60'/0'/0/0: any wallet software shows the same for the same seed. */
  firstAddress: string;
}

const FIRST_EVM_PATH = "m/44'/60'/0'/0/0";

export function identityOf(seed: Uint8Array): SeedIdentity {
  const key = privateKeyAt(seed, FIRST_EVM_PATH);
  try {
    return { fingerprint: seedFingerprint(seed), firstAddress: evmAddress(key) };
  } finally {
    wipe(key);
  }
}

/** The sealed seed's row, or why there is none. */
async function sealedRow(ctx: CeremonyContext): Promise<repo.SealedSeedRow> {
  const row = await repo.findSealedSeed(ctx.db);
  if (!row) throw new CeremonyError('No sealed seed: run `init` or `restore` first');
  return row;
}

/** Decrypts the sealed seed with its token key (the caller wipes it). */
export function unsealRow(token: Pkcs11Token, row: repo.SealedSeedRow): Uint8Array {
  return token.decrypt(
    row.keyId,
    { iv: row.iv, ciphertext: row.ciphertext },
    sealAad(row.fingerprint),
  );
}

/** Seals `seed` under a new token key and stores it as the first seed. */
async function sealFirst(
  ctx: CeremonyContext,
  seed: Uint8Array,
  origin: repo.SeedOrigin,
): Promise<SeedIdentity> {
  const identity = identityOf(seed);
  if (ctx.production && isKnownTestFingerprint(identity.fingerprint))
    throw new CeremonyError('A public test seed is refused in production');
  if (await repo.findSealedSeed(ctx.db))
    throw new CeremonyError('A sealed seed exists already: one service has one master seed');
  const keyId = ctx.token.generateKey();
  const sealed = ctx.token.encrypt(keyId, seed, sealAad(identity.fingerprint));
  const stored = await repo.insertSealedSeed(ctx.db, {
    keyLabel: ctx.keyLabel,
    keyId,
    iv: sealed.iv,
    ciphertext: sealed.ciphertext,
    fingerprint: identity.fingerprint,
    origin,
  });
  if (!stored) {
    ctx.token.destroyKey(keyId);
    throw new CeremonyError('Another ceremony stored a seed meanwhile: nothing was changed');
  }
  return identity;
}

/** `init`: a new seed from the token's random generator, sealed by a new token key. */
export async function initSeed(ctx: CeremonyContext): Promise<SeedIdentity> {
  const random = ctx.token.random(SEED_BYTES);
  const seed = Uint8Array.from(random);
  random.fill(0);
  try {
    return await sealFirst(ctx, seed, 'generated');
  } finally {
    wipe(seed);
  }
}

/**
 * `import-mnemonic`: an existing BIP-39 mnemonic (a deployment that kept its seed in the
 * environment) sealed into the token. Production refuses the public test mnemonics.
 */
export async function importMnemonic(ctx: CeremonyContext, phrase: string): Promise<SeedIdentity> {
  if (ctx.production && isKnownTestMnemonic(phrase))
    throw new CeremonyError('A public test mnemonic is refused in production');
  let seed: Uint8Array;
  try {
    seed = mnemonicSeed(phrase);
  } catch (error) {
    throw new CeremonyError((error as Error).message);
  }
  try {
    return await sealFirst(ctx, seed, 'imported');
  } finally {
    wipe(seed);
  }
}

/** The sealed seed's identity, checked by decrypting it (the `status` command). */
export async function sealedIdentity(
  ctx: CeremonyContext,
): Promise<SeedIdentity & { keyId: string; origin: string; sealedAt: Date }> {
  const row = await sealedRow(ctx);
  const seed = unsealRow(ctx.token, row);
  try {
    const identity = identityOf(seed);
    if (identity.fingerprint !== row.fingerprint)
      throw new CeremonyError('The sealed seed does not match its fingerprint');
    return {
      ...identity,
      keyId: row.keyId.toString('hex'),
      origin: row.origin,
      sealedAt: row.sealedAt,
    };
  } finally {
    wipe(seed);
  }
}

/**
 * `backup`: N shares of which any M restore the seed, one file per custodian, written to `outDir`
 * (never over an existing file). Each names the backup and the seed's fingerprint.
 */
export async function backupSeed(
  ctx: CeremonyContext,
  options: { shares: number; threshold: number; outDir: string },
): Promise<SeedIdentity & { backupId: string; files: string[] }> {
  checkSplit(options.shares, options.threshold);
  const row = await sealedRow(ctx);
  const seed = unsealRow(ctx.token, row);
  let parts: Uint8Array[] = [];
  try {
    const identity = identityOf(seed);
    if (identity.fingerprint !== row.fingerprint)
      throw new CeremonyError('The sealed seed does not match its fingerprint');
    parts = await split(seed, options.shares, options.threshold);
    const backupId = randomUUID();
    const createdAt = new Date().toISOString();
    mkdirSync(options.outDir, { recursive: true, mode: 0o700 });
    const files = parts.map((part, i) => {
      const share: ShareFile = {
        format: SHARE_FORMAT,
        backupId,
        ...identity,
        threshold: options.threshold,
        shares: options.shares,
        index: i + 1,
        data: Buffer.from(part).toString('base64'),
        createdAt,
      };
      const file = path.join(options.outDir, shareFileName(share));
      writeFileSync(file, `${JSON.stringify(share, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      return file;
    });
    return { ...identity, backupId, files };
  } finally {
    wipe(seed, ...parts);
  }
}

/**
 * `restore`: the seed from at least M shares of one backup, sealed into a new token (one that
 * holds no seal key yet). The restored seed must have the shares' fingerprint, and the
 * database's sealed seed's when there is one (the old token was lost): else nothing changes.
 */
export async function restoreSeed(ctx: CeremonyContext, files: string[]): Promise<SeedIdentity> {
  const read = files.map((file) => ({
    name: path.basename(file),
    share: parseShareFile(readFileSync(file, 'utf8'), path.basename(file)),
  }));
  const expected = checkShareSet(read);
  const row = await repo.findSealedSeed(ctx.db);
  if (row && row.fingerprint !== expected.fingerprint)
    throw new CeremonyError(
      `These shares are of another seed (${expected.fingerprint.slice(0, 16)}…) than the sealed one (${row.fingerprint.slice(0, 16)}…)`,
    );
  if (ctx.token.hasKeys())
    throw new CeremonyError('The token holds a seal key already: restore into a new token');
  const shares = read.map(({ share }) => Uint8Array.from(Buffer.from(share.data, 'base64')));
  const seed = await combine(shares);
  try {
    const identity = identityOf(seed);
    // Fewer shares than the threshold combine to some other value: this is where it shows.
    if (identity.fingerprint !== expected.fingerprint)
      throw new ShareError(
        'fingerprint_mismatch',
        'The shares do not restore the seed of their fingerprint (too few, or altered): nothing was restored',
      );
    if (!row) return await sealFirst(ctx, seed, 'restored');
    const keyId = ctx.token.generateKey();
    const sealed = ctx.token.encrypt(keyId, seed, sealAad(identity.fingerprint));
    const stored = await repo.resealSeed(ctx.db, row, {
      keyLabel: ctx.keyLabel,
      keyId,
      iv: sealed.iv,
      ciphertext: sealed.ciphertext,
      origin: 'restored',
    });
    if (!stored) {
      ctx.token.destroyKey(keyId);
      throw new CeremonyError(
        'Another ceremony changed the sealed seed meanwhile: nothing was restored',
      );
    }
    return identity;
  } finally {
    wipe(seed, ...shares);
  }
}

/**
 * `rotate-key`: a new token key; the seed is decrypted with the old one, encrypted with the new
 * one, the row switched to it, and only then the old key destroyed. Running services pick the new
 * row up at their next signature.
 */
export async function rotateKey(
  ctx: CeremonyContext,
): Promise<{ fingerprint: string; oldKeyId: string; newKeyId: string }> {
  const row = await sealedRow(ctx);
  const seed = unsealRow(ctx.token, row);
  try {
    const keyId = ctx.token.generateKey();
    const sealed = ctx.token.encrypt(keyId, seed, sealAad(row.fingerprint));
    const switched = await repo.resealSeed(ctx.db, row, {
      keyLabel: ctx.keyLabel,
      keyId,
      iv: sealed.iv,
      ciphertext: sealed.ciphertext,
    });
    if (!switched) {
      ctx.token.destroyKey(keyId);
      throw new CeremonyError(
        'Another ceremony changed the sealed seed meanwhile: nothing was rotated',
      );
    }
    try {
      ctx.token.destroyKey(row.keyId);
    } catch (error) {
      // The seed is sealed by the new key already; an old key left behind is only untidy.
      if (!(error instanceof KeyStoreUnavailable && error.problem === 'key_missing')) throw error;
    }
    return {
      fingerprint: row.fingerprint,
      oldKeyId: row.keyId.toString('hex'),
      newKeyId: keyId.toString('hex'),
    };
  } finally {
    wipe(seed);
  }
}

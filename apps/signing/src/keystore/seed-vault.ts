import { type AppError, Errors } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { unsealRow } from '../ceremony/ceremony';
import { wipe } from './hd-keys';
import { type IndexMarks, TokenIndexMarks } from './index-marks';
import { KeyStoreUnavailable, type Pkcs11Token } from './pkcs11-token';
import { findSealedSeed, type SealedSeedRow } from './sealed-seed.repository';
import { isKnownTestFingerprint } from './seed.rules';

/**
 * Where the signers get the master seed from, for one derivation at a time: `use` receives the
 * seed's bytes, zero-filled as soon as it settles (it must not keep them or a copy).
 */
export interface SeedVault {
  withSeed<T>(use: (seed: Uint8Array) => T | Promise<T>): Promise<T>;
  /** Resolves when signing can work; throws why not (signing's readiness check). */
  check(): Promise<void>;
  /** Where the highest key index reserved is kept outside the database: the token's, if any. */
  indexMarks(): IndexMarks | undefined;
  close(): void;
}

/** The answer of a signature the keys cannot make now: 503, the cause logged, not told. */
function unavailable(error: KeyStoreUnavailable, logger: Logger): AppError {
  logger.error(
    { problem: error.problem, err: error },
    'the key store refused: signing fails closed',
  );
  return Errors.unavailable(
    'Signing keys are not available now (the key store does not answer).',
    'key_store_unavailable',
  );
}

/**
 * The seed sealed by the PKCS#11 token (docs/decisions/wallets-and-signing.md): each use reads
 * the ciphertext (cached until its key is gone) and has the token decrypt it. Without the token,
 * its PIN or its key, every use fails closed with `key_store_unavailable`.
 */
export class TokenSeedVault implements SeedVault {
  private row: SealedSeedRow | undefined;

  constructor(
    private readonly db: Database,
    private readonly token: Pkcs11Token,
    private readonly logger: Logger,
    private readonly production: boolean,
  ) {}

  private async sealed(fresh: boolean): Promise<SealedSeedRow> {
    if (fresh || !this.row) this.row = await findSealedSeed(this.db);
    const row = this.row;
    if (!row)
      throw new KeyStoreUnavailable(
        'seed_missing',
        'no sealed seed: run the key ceremony (init or restore)',
      );
    if (this.production && isKnownTestFingerprint(row.fingerprint))
      throw new KeyStoreUnavailable('test_seed', 'the sealed seed is a public test seed');
    return row;
  }

  private async unseal(): Promise<Uint8Array> {
    // The token first: readiness and the logs name a missing token before a missing seed.
    this.token.open();
    const row = await this.sealed(false);
    try {
      return unsealRow(this.token, row);
    } catch (error) {
      // A rotation replaced the key (and the row) since this process read it: read it again.
      if (!(error instanceof KeyStoreUnavailable && error.problem === 'key_missing')) throw error;
      const again = await this.sealed(true);
      if (again.keyId.equals(row.keyId)) throw error;
      return unsealRow(this.token, again);
    }
  }

  async withSeed<T>(use: (seed: Uint8Array) => T | Promise<T>): Promise<T> {
    let seed: Uint8Array;
    try {
      seed = await this.unseal();
    } catch (error) {
      if (error instanceof KeyStoreUnavailable) throw unavailable(error, this.logger);
      throw error;
    }
    try {
      return await use(seed);
    } finally {
      wipe(seed);
    }
  }

  async check(): Promise<void> {
    this.token.open();
    const row = await this.sealed(true);
    this.token.checkKey(row.keyId);
  }

  indexMarks(): IndexMarks {
    return new TokenIndexMarks(this.token);
  }

  close(): void {
    this.token.close();
  }
}

/**
 * Development and tests without a token: the seed in process memory, as before the token
 * (libs/config refuses this in production). Each use gets a copy, wiped after.
 */
export class MemorySeedVault implements SeedVault {
  constructor(private readonly seed: Uint8Array) {}

  async withSeed<T>(use: (seed: Uint8Array) => T | Promise<T>): Promise<T> {
    const copy = Uint8Array.from(this.seed);
    try {
      return await use(copy);
    } finally {
      wipe(copy);
    }
  }

  /** The seed is in memory: always ready. */
  check(): Promise<void> {
    return Promise.resolve();
  }

  /** No token: indexes come from the database's sequence alone (development, tests). */
  indexMarks(): undefined {
    return undefined;
  }

  close(): void {
    wipe(this.seed);
  }
}

import { readFileSync } from 'node:fs';
import type { AppConfig } from '@custody/config';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { type CeremonyContext, identityOf, importMnemonic, initSeed } from '../ceremony/ceremony';
import { loadMasterSeed } from '../master-seed';
import { wipe } from './hd-keys';
import { KeyStoreUnavailable, Pkcs11Token, type TokenConfig } from './pkcs11-token';
import { findSealedSeed } from './sealed-seed.repository';
import { mnemonicSeed } from './seed.rules';
import { MemorySeedVault, type SeedVault, TokenSeedVault } from './seed-vault';

/** The token of the config, when one is configured (all three variables, libs/config). */
export function tokenConfig(config: AppConfig<'signing'>): TokenConfig | undefined {
  if (
    !config.SIGNING_PKCS11_MODULE ||
    !config.SIGNING_PKCS11_TOKEN_LABEL ||
    !config.SIGNING_PKCS11_PIN_FILE
  )
    return undefined;
  return {
    module: config.SIGNING_PKCS11_MODULE,
    tokenLabel: config.SIGNING_PKCS11_TOKEN_LABEL,
    pinFile: config.SIGNING_PKCS11_PIN_FILE,
    keyLabel: config.SIGNING_PKCS11_KEY_LABEL,
  };
}

/** The development mnemonic of the config, if any (libs/config refuses it in production). */
function configuredMnemonic(config: AppConfig<'signing'>): string | undefined {
  if (config.SIGNING_MASTER_MNEMONIC) return config.SIGNING_MASTER_MNEMONIC;
  if (config.SIGNING_MASTER_SEED_FILE)
    return readFileSync(config.SIGNING_MASTER_SEED_FILE, 'utf8').trim();
  return undefined;
}

/**
 * Outside production, what the token should hold is sealed at the first start: the configured
 * mnemonic (the tests' and `npm start`'s known seeds), or in development a seed from the token's
 * random generator. A sealed seed of another mnemonic stops the start: two seeds, one service.
 */
async function sealDevelopmentSeed(
  config: AppConfig<'signing'>,
  ctx: CeremonyContext,
  logger: Logger,
): Promise<void> {
  const phrase = configuredMnemonic(config);
  const row = await findSealedSeed(ctx.db);
  if (row) {
    if (!phrase) return;
    const seed = mnemonicSeed(phrase);
    try {
      if (identityOf(seed).fingerprint !== row.fingerprint)
        throw new Error(
          'The sealed seed is not the one SIGNING_MASTER_MNEMONIC names: unset it, or use a new database and token',
        );
    } finally {
      wipe(seed);
    }
    return;
  }
  if (phrase) {
    const { fingerprint } = await importMnemonic(ctx, phrase);
    logger.warn({ fingerprint }, 'sealed the configured development mnemonic into the token');
  } else if (config.NODE_ENV === 'development') {
    const { fingerprint, firstAddress } = await initSeed(ctx);
    logger.warn(
      { fingerprint, firstAddress },
      'generated a development master seed in the token (back it up: key ceremony `backup`)',
    );
  }
}

/**
 * The seed vault of the config: the PKCS#11 token when configured (always in production), else
 * the development seed in memory. A token that cannot be used does not stop the start: signing
 * fails closed and readiness says why until it can.
 */
export async function openSeedVault(
  config: AppConfig<'signing'>,
  db: Database,
  logger: Logger,
): Promise<SeedVault> {
  const token = tokenConfig(config);
  if (!token) return new MemorySeedVault(loadMasterSeed(config, logger));
  const production = config.NODE_ENV === 'production';
  const pkcs11 = new Pkcs11Token(token);
  if (!production) {
    try {
      await sealDevelopmentSeed(
        config,
        { db, token: pkcs11, keyLabel: token.keyLabel, production },
        logger,
      );
    } catch (error) {
      if (!(error instanceof KeyStoreUnavailable)) throw error;
      logger.error({ problem: error.problem }, 'the development seed could not be sealed');
    }
  }
  return new TokenSeedVault(db, pkcs11, logger, production);
}

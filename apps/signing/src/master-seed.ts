import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import type { AppConfig } from '@custody/config';
import type { Logger } from '@custody/logging';
import { mnemonicSeed } from './keystore/seed.rules';

/**
 * The master seed without a PKCS#11 token (development and tests only; keystore/open-seed-vault.ts
 * uses the token when one is configured, as production must): from SIGNING_MASTER_MNEMONIC or
 * SIGNING_MASTER_SEED_FILE. In development, when neither is set, a mnemonic is generated once into
 * a file outside the repository (its path is logged, never its content); production refuses.
 */
export function loadMasterSeed(config: AppConfig<'signing'>, logger: Logger): Uint8Array {
  let phrase = config.SIGNING_MASTER_MNEMONIC;
  if (!phrase && config.SIGNING_MASTER_SEED_FILE) {
    phrase = readFileSync(config.SIGNING_MASTER_SEED_FILE, 'utf8').trim();
  }
  if (!phrase) {
    if (config.NODE_ENV === 'production') {
      throw new Error(
        'Production seals the master seed in a PKCS#11 token: set SIGNING_PKCS11_MODULE, SIGNING_PKCS11_TOKEN_LABEL and SIGNING_PKCS11_PIN_FILE',
      );
    }
    const file =
      config.SIGNING_DEV_SEED_FILE ?? path.join(os.homedir(), '.custody', 'dev-master-seed');
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const generated = Wallet.createRandom().mnemonic;
      if (!generated) throw new Error('Could not generate a mnemonic');
      writeFileSync(file, `${generated.phrase}\n`, { mode: 0o600 });
      logger.warn(
        { file },
        'generated a development master seed; back it up or set SIGNING_MASTER_MNEMONIC',
      );
    } else {
      logger.warn({ file }, 'using the development master seed file');
    }
    phrase = readFileSync(file, 'utf8').trim();
  }
  return mnemonicSeed(phrase);
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getBytes, Mnemonic, Wallet } from 'ethers';
import type { AppConfig } from '@custody/config';
import type { Logger } from '@custody/logging';

/**
 * The master seed, read once by this service and nowhere else: from SIGNING_MASTER_MNEMONIC or
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
        'SIGNING_MASTER_MNEMONIC or SIGNING_MASTER_SEED_FILE must be set in production',
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
  if (!Mnemonic.isValidMnemonic(phrase))
    throw new Error('The master seed is not a valid BIP-39 mnemonic');
  return getBytes(Mnemonic.fromPhrase(phrase).computeSeed());
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { createTestDatabase, type TestDatabase } from '@custody/testing';
import type { CeremonyContext } from './ceremony/ceremony';
import { Pkcs11Token, type TokenConfig } from './keystore/pkcs11-token';

/** Debian's SoftHSM2 module (`apt-get install softhsm2`). */
export const SOFTHSM_MODULE = process.env['SOFTHSM2_MODULE'] ?? '/usr/lib/softhsm/libsofthsm2.so';

/**
 * SoftHSM2 tokens of one spec file, in the run's token directory (apps/signing/jest.config.js
 * set SOFTHSM2_CONF before the workers started). SoftHSM lists the tokens as they were at the
 * module's C_Initialize: initialize every token a spec uses before its first use.
 */
export function softHsm() {
  const conf = process.env['SOFTHSM2_CONF'];
  if (!conf) throw new Error('SOFTHSM2_CONF is not set (apps/signing/jest.config.js sets it)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'softhsm-spec-'));
  const suffix = path.basename(dir).slice(-6);
  const pinFile = (name: string, pin: string) => {
    const file = path.join(dir, `${name}.pin`);
    writeFileSync(file, `${pin}\n`, { mode: 0o600 });
    return file;
  };
  return {
    dir,
    pinFile,
    /** A new token `label` with user PIN `pin`; its env for the signing service. */
    init(name: string, pin = '2468') {
      // Labels are unique in the run's directory: several spec files share it.
      const label = `${name}-${suffix}`;
      const result = spawnSync(
        'softhsm2-util',
        ['--init-token', '--free', '--label', label, '--so-pin', '13579', '--pin', pin],
        { env: { ...process.env, SOFTHSM2_CONF: conf }, encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`softhsm2-util failed: ${result.stderr}`);
      const config: TokenConfig = {
        module: SOFTHSM_MODULE,
        tokenLabel: label,
        pinFile: pinFile(label, pin),
        keyLabel: 'custody-master-seed',
      };
      return {
        config,
        env: {
          SIGNING_PKCS11_MODULE: config.module,
          SIGNING_PKCS11_TOKEN_LABEL: config.tokenLabel,
          SIGNING_PKCS11_PIN_FILE: config.pinFile,
        },
      };
    },
  };
}

/** A migrated signing schema in a new database, and a ceremony context over `token`. */
export async function ceremonyDatabase(): Promise<{
  database: TestDatabase;
  pool: pg.Pool;
  db: Database;
}> {
  const database = await createTestDatabase();
  const pool = createPool(database.url);
  await migrate(pool, { schema: 'signing', dir: path.join(__dirname, 'migrations') });
  return { database, pool, db: createDatabase(pool) };
}

export function ceremonyContext(
  db: Database,
  config: TokenConfig,
  production = false,
): CeremonyContext & { token: Pkcs11Token } {
  return { db, token: new Pkcs11Token(config), keyLabel: config.keyLabel, production };
}

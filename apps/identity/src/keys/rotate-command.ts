import type { KeyPurpose } from '@custody/contracts';
import { loadConfig } from '@custody/config';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { SecretBox } from '@custody/secrets';
import { MIGRATIONS_DIR } from '../migrations-dir';
import { rotateSigningKey } from './signing-keys';

const PURPOSES: readonly KeyPurpose[] = ['access', 'issuer'];

/**
 * `node dist/apps/identity/main.js rotate-signing-key [access|issuer]`: a new token signing key
 * for the purpose, the old one retired (still published until its tokens expire). Running
 * identity replicas sign with the new key within half a minute; the gateway fetches it when it
 * first sees its kid. Prints `{"purpose", "kid", "retired"}`.
 */
export async function rotateSigningKeyCommand(args: string[]): Promise<number> {
  const purpose = (args[0] ?? 'access') as KeyPurpose;
  if (!PURPOSES.includes(purpose)) {
    process.stderr.write(`usage: rotate-signing-key [${PURPOSES.join('|')}]\n`);
    return 2;
  }
  const config = loadConfig('identity');
  const pool = createPool(config.DATABASE_URL, { max: 1, applicationName: 'identity-keys' });
  try {
    await migrate(pool, { schema: 'identity', dir: MIGRATIONS_DIR });
    const box = new SecretBox(config.IDENTITY_ENCRYPTION_KEY).purpose('token-signing-key');
    const rotated = await rotateSigningKey(createDatabase(pool), box, purpose);
    process.stdout.write(`${JSON.stringify({ purpose, ...rotated })}\n`);
    return 0;
  } finally {
    await pool.end();
  }
}

import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's baseline parameters (19 MiB, 2 iterations).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A one-way argon2id hash of a password or client secret (PHC string). */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

// Verified against when the account is unknown, so that the answer takes as long either way.
let dummyHash: Promise<string> | undefined;

/**
 * Whether `secret` matches `secretHash`. Without a hash (unknown account) a dummy hash is
 * verified all the same, so that an unknown account and a wrong secret take the same time.
 */
export async function verifySecret(
  secretHash: string | undefined,
  secret: string,
): Promise<boolean> {
  if (!secretHash) {
    dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
    await verify(await dummyHash, secret).catch(() => false);
    return false;
  }
  return verify(secretHash, secret).catch(() => false);
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashSecret, verifySecret } from '@custody/secrets';

// argon2id (libs/secrets): an unknown e-mail is verified against a dummy hash, so that the answer
// takes as long either way.
export const hashPassword = hashSecret;
export const verifyPassword = verifySecret;

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Refresh tokens are random and stored as their SHA-256 (they are high-entropy already). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

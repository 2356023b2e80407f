import type { Request } from 'express';
import { isAppError } from '@custody/errors';

/**
 * Runs a sign-in. Identity's 429 `account_locked` says in `retryAfter` how many seconds the
 * account stays locked (docs/decisions/identity-and-authentication.md, "Sign-in lockout"): the
 * answer carries it as Retry-After, as every 429 does.
 */
export async function withLockoutRetryAfter<T>(req: Request, signIn: Promise<T>): Promise<T> {
  try {
    return await signIn;
  } catch (error) {
    if (isAppError(error) && error.code === 'account_locked') {
      const seconds = error.details?.['retryAfter'];
      if (typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0)
        req.res?.setHeader('Retry-After', String(seconds));
    }
    throw error;
  }
}

import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '@custody/errors';
import type { StoredAuditRecord } from '../audit/audit.repository';
import { effectiveAudience } from '../clients/clients.rules';
import type { ClientRow } from '../schema';

// Password sign-in's lockout and its audit records, without I/O
// (docs/decisions/identity-and-authentication.md, "Sign-in lockout").

export interface LockoutSettings {
  /** Failed sign-ins that lock an account; 0: no lockout. */
  failures: number;
  /** Failures count within this window from the first one. */
  windowMs: number;
  /** How long a lock lasts. */
  lockMs: number;
}

/** What a failed sign-in did to its account's count. */
export type FailureOutcome =
  | { locked: false; failures: number }
  /** This failure locked the account. */
  | { locked: true; failures: number };

/**
 * The key of an account's counters: the e-mail as sign-in finds the client (case-insensitively),
 * hashed, so Redis holds no address and an unknown e-mail counts exactly as a known one does
 * (its answers tell nothing of whether the account exists).
 */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex');
}

/** 429 `account_locked`; `retryAfter` (seconds) becomes the answer's Retry-After. */
export function accountLocked(remainingMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(remainingMs / 1000));
  return new AppError(
    429,
    'account_locked',
    'Too many failed sign-ins: this account is locked for a while.',
    { details: { retryAfter } },
  );
}

/** Admins and auditors of the platform: the accounts whose every failed sign-in is recorded. */
export function signsInAsAdmin(client: Pick<ClientRow, 'audience' | 'tenantId'>): boolean {
  const audience = effectiveAudience(client);
  return audience === 'admin' || (audience === 'auditor' && client.tenantId === null);
}

/**
 * The audit chain an account's records go to: the platform's for admins and platform auditors,
 * else its tenant's (a member's lockout is its tenant's to see).
 */
function chainTenant(client: Pick<ClientRow, 'id' | 'audience' | 'tenantId'> | undefined) {
  if (!client || signsInAsAdmin(client)) return null;
  return client.tenantId ?? client.id;
}

interface Attempt {
  requestId: string;
  /** The account the e-mail names; undefined for an unknown e-mail. */
  client: Pick<ClientRow, 'id' | 'audience' | 'tenantId'> | undefined;
  now: Date;
}

function record(
  attempt: Attempt,
  action: string,
  status: number,
  detail: string,
): StoredAuditRecord {
  return {
    id: uuidv7(),
    occurredAt: attempt.now.toISOString(),
    record: {
      requestId: attempt.requestId,
      action,
      // Identity sees the RPC; the gateway's record of the same requestId has the HTTP side
      // (path, remote IP).
      method: 'RPC',
      path: 'rpc.identity/tokens.issue',
      // Nobody signed in: the account is the target, not the caller.
      clientId: null,
      tenantId: chainTenant(attempt.client),
      userId: null,
      targetId: attempt.client?.id ?? null,
      device: null,
      ip: null,
      remoteIp: null,
      status,
      outcome: 'failure',
    },
    detail,
  };
}

/**
 * The records of a wrong password: the failed sign-in when the account is an admin's, and the
 * lockout when this failure locked the account (whoever's it is, or an unknown e-mail).
 */
export function failureRecords(
  attempt: Attempt,
  outcome: FailureOutcome,
  settings: LockoutSettings,
): StoredAuditRecord[] {
  const records: StoredAuditRecord[] = [];
  if (attempt.client && signsInAsAdmin(attempt.client)) {
    const count =
      settings.failures <= 0
        ? 'no lockout'
        : outcome.failures === 0
          ? 'the account was locked meanwhile'
          : `failure ${outcome.failures} of ${settings.failures}`;
    records.push(record(attempt, 'adminSignInFailed', 401, `wrong password (${count})`));
  }
  if (outcome.locked) {
    records.push(
      record(
        attempt,
        'signInLocked',
        429,
        `${outcome.failures} failed sign-ins within ${settings.windowMs / 1000} s: ` +
          `${attempt.client ? 'account' : 'unknown e-mail'} locked for ${settings.lockMs / 1000} s`,
      ),
    );
  }
  return records;
}

/** The record of an admin's sign-in refused because the account is locked (any password). */
export function lockedAttemptRecords(attempt: Attempt, remainingMs: number): StoredAuditRecord[] {
  if (!attempt.client || !signsInAsAdmin(attempt.client)) return [];
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return [
    record(
      attempt,
      'adminSignInFailed',
      429,
      `refused: the account is locked for ${seconds} s more`,
    ),
  ];
}

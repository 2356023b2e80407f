import { AppError, Errors } from '@custody/errors';
import { checkRelyingParty } from '@custody/intents';
import { effectiveAudience } from '../clients/clients.rules';
import type { ClientRow } from '../schema';

// Passkeys' rules, without I/O (docs/decisions/identity-and-authentication.md, "Passkeys").

/** The relying party: WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME, WEBAUTHN_ORIGINS. */
export interface WebAuthnSettings {
  rpId: string;
  rpName: string;
  origins: readonly string[];
}

/**
 * Each origin's host must be the relying party's id or a subdomain of it, or no browser would
 * accept the id there: a misconfiguration found at start rather than at the first ceremony (the
 * policy service and the signer check theirs alike, libs/intents `checkRelyingParty`).
 */
export function checkWebAuthnSettings(settings: WebAuthnSettings): void {
  checkRelyingParty(settings);
}

/** A challenge lives this long; it is used once (taken from Redis as it is checked). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** What a challenge was issued for: a client's registration, or a sign-in through an api client. */
export type ChallengePurpose =
  | { kind: 'registration'; clientId: string }
  | { kind: 'sign-in'; apiClientId: string; clientId: string | null };

/** The challenge a ceremony's `clientDataJSON` (base64url JSON) answers, if it names one. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return undefined;
    return typeof data.challenge === 'string' && data.challenge !== '' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** 400 `webauthn_challenge_invalid`: unknown, expired, used, or issued for something else. */
export function challengeInvalid(): AppError {
  return Errors.badRequest(
    'The WebAuthn challenge is unknown, expired, already used or not issued for this; ask for a new one.',
    'webauthn_challenge_invalid',
  );
}

/**
 * Whether passkeys are required of a client: an admin's in production, and a member's of a
 * tenant that requires them (`passkeyRequired`). A tenant's own client (often a server) is not a
 * member: its tenant setting binds its members only.
 */
export function passkeysRequired(
  client: Pick<ClientRow, 'audience' | 'tenantId'>,
  tenant: Pick<ClientRow, 'passkeyRequired'> | undefined,
  production: boolean,
): boolean {
  if (effectiveAudience(client) === 'admin') return production;
  return client.tenantId !== null && tenant?.passkeyRequired === true;
}

/** How a login began; a refresh keeps it. */
export type SignInMethod = 'password' | 'webauthn' | 'enrollment';

/** 403 `passkey_required`: this client signs in with its passkey, never its password. */
export function passkeyRequired(): AppError {
  return Errors.forbidden(
    'This client must sign in with its passkey (grant_type urn:custody:webauthn).',
    'passkey_required',
  );
}

/**
 * What a login may do: everything (`full`), or only enroll a passkey (`enrollment`, a token
 * with `enr`) while passkeys are required of its client and it has none. A password login of a
 * client that must and can use its passkey is refused (403 `passkey_required`), at sign-in and
 * at its next refresh; an enrollment code's login ends once a passkey is registered.
 */
export function loginScope(
  method: SignInMethod,
  required: boolean,
  enrolled: boolean,
): 'full' | 'enrollment' {
  if (method === 'webauthn') return 'full';
  if (method === 'enrollment') {
    if (enrolled) throw passkeyRequired();
    return 'enrollment';
  }
  if (!required) return 'full';
  if (enrolled) throw passkeyRequired();
  return 'enrollment';
}

/** 409 `passkey_last_required`: removing it would leave a client that must use one without. */
export function checkRemoval(required: boolean, passkeysLeft: number): void {
  if (required && passkeysLeft <= 1)
    throw Errors.conflict(
      'Passkeys are required of this client: register another before removing its last one.',
      'passkey_last_required',
    );
}

/** The transports WebAuthn defines; anything else an authenticator says is dropped. */
export const TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
export type Transport = (typeof TRANSPORTS)[number];

export function knownTransports(values: readonly string[] | undefined): Transport[] {
  return (values ?? []).filter((value): value is Transport =>
    (TRANSPORTS as readonly string[]).includes(value),
  );
}

/** The name a passkey gets when none is given: the next in the client's count. */
export function passkeyName(given: string | undefined, existing: number): string {
  const trimmed = given?.trim();
  return trimmed ? trimmed : `Passkey ${existing + 1}`;
}

/** An enrollment code (the first admin's) is good this long after bootstrap printed it. */
export const ENROLLMENT_CODE_TTL_MS = 24 * 60 * 60_000;

import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialDescriptorJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

// The WebAuthn ceremonies in the browser (docs/decisions/identity-and-authentication.md,
// "Passkeys"), through @simplewebauthn/browser. The API answers the options as plain JSON
// strings; WebAuthn's enumerations are read back from them here (unknown values dropped).

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const REQUIREMENTS = ['discouraged', 'preferred', 'required'] as const;
const ATTACHMENTS = ['platform', 'cross-platform'] as const;
const ATTESTATIONS = ['none', 'indirect', 'direct', 'enterprise'] as const;

function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

interface Descriptor {
  id: string;
  type: string;
  transports?: string[];
}

function descriptors(list: Descriptor[] | undefined): PublicKeyCredentialDescriptorJSON[] {
  return (list ?? []).map((d) => ({
    id: d.id,
    type: 'public-key',
    transports: (d.transports ?? []).flatMap((t) => oneOf(TRANSPORTS, t) ?? []),
  }));
}

/** The creation options as the API answers them (`POST /v1/clients/me/passkeys/registration-options`). */
export interface CreationOptions {
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  excludeCredentials?: Descriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: string;
    requireResidentKey?: boolean;
    residentKey?: string;
    userVerification?: string;
  };
  attestation?: string;
}

/** The request options as the API answers them (a sign-in challenge). */
export interface RequestOptions {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: Descriptor[];
  userVerification?: string;
}

/**
 * What is sent of a ceremony's answer: extensions are not used, so their results stay here.
 */
type Sent<T extends { clientExtensionResults: unknown }> = Omit<T, 'clientExtensionResults'>;

function withoutExtensions<T extends { clientExtensionResults: unknown }>(answer: T): Sent<T> {
  const { clientExtensionResults: _unused, ...sent } = answer;
  return sent;
}

/** Asks the browser's authenticator for a new passkey (the person verifies on the device). */
export async function createPasskey(
  options: CreationOptions,
): Promise<Sent<RegistrationResponseJSON>> {
  const selection = options.authenticatorSelection ?? {};
  const attachment = oneOf(ATTACHMENTS, selection.authenticatorAttachment);
  const residentKey = oneOf(REQUIREMENTS, selection.residentKey);
  const userVerification = oneOf(REQUIREMENTS, selection.userVerification);
  const attestation = oneOf(ATTESTATIONS, options.attestation);
  const optionsJSON: PublicKeyCredentialCreationOptionsJSON = {
    rp: options.rp,
    user: options.user,
    challenge: options.challenge,
    pubKeyCredParams: options.pubKeyCredParams,
    excludeCredentials: descriptors(options.excludeCredentials),
    authenticatorSelection: {
      ...{},
      ...(attachment ? { authenticatorAttachment: attachment } : {}),
      ...(residentKey ? { residentKey } : {}),
      ...(selection.requireResidentKey !== undefined
        ? { requireResidentKey: selection.requireResidentKey }
        : {}),
      ...(userVerification ? { userVerification } : {}),
    },
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(attestation ? { attestation } : {}),
  };
  return withoutExtensions(await startRegistration({ optionsJSON }));
}

/** Asks the browser for an assertion of one of its passkeys over the challenge. */
export async function assertPasskey(
  options: RequestOptions,
): Promise<Sent<AuthenticationResponseJSON>> {
  const userVerification = oneOf(REQUIREMENTS, options.userVerification);
  const optionsJSON: PublicKeyCredentialRequestOptionsJSON = {
    challenge: options.challenge,
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.rpId !== undefined ? { rpId: options.rpId } : {}),
    ...(options.allowCredentials
      ? { allowCredentials: descriptors(options.allowCredentials) }
      : {}),
    ...(userVerification ? { userVerification } : {}),
  };
  return withoutExtensions(await startAuthentication({ optionsJSON }));
}

/**
 * Passkeys for people (docs/decisions/identity-and-authentication.md, "Passkeys"): WebAuthn
 * credentials a client registers (several each) and signs in with. The shapes below are the
 * WebAuthn JSON serializations (`PublicKeyCredential.toJSON()`, `@simplewebauthn/browser`).
 */

/** The grant that signs in with a passkey's assertion (`POST /v1/tokens`). */
export const WEBAUTHN_GRANT = 'urn:custody:webauthn';

/**
 * The grant that redeems a one-time enrollment code (the first admin's, printed at bootstrap):
 * a session that may only register a passkey.
 */
export const ENROLLMENT_CODE_GRANT = 'urn:custody:enrollment-code';

/** A registered passkey, as the API answers it. */
export interface PasskeyView {
  id: string;
  /** The WebAuthn credential id, base64url. */
  credentialId: string;
  /**
   * Its COSE public key, base64url: what its registration as an approver credential names (the
   * registration digest's `publicKey`).
   */
  publicKey: string;
  /** The relying party's id it is registered with: what a WebAuthn request for it names. */
  rpId: string;
  name: string;
  /** How the browser may reach it (`internal`, `hybrid`, `usb`…), as the authenticator said. */
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyCredentialDescriptor {
  id: string;
  /** `public-key` */
  type: string;
  transports?: string[];
}

/** `PublicKeyCredentialCreationOptionsJSON`: what `navigator.credentials.create` takes. */
export interface PasskeyCreationOptions {
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  excludeCredentials?: PasskeyCredentialDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: string;
    requireResidentKey?: boolean;
    residentKey?: string;
    userVerification?: string;
  };
  attestation?: string;
}

/** `PublicKeyCredentialRequestOptionsJSON`: what `navigator.credentials.get` takes. */
export interface PasskeyRequestOptions {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: PasskeyCredentialDescriptor[];
  userVerification?: string;
}

/** `RegistrationResponseJSON`: the new credential and its attestation. */
export interface PasskeyRegistrationResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment?: string;
  response: {
    clientDataJSON: string;
    attestationObject: string;
    authenticatorData?: string;
    transports?: string[];
    publicKeyAlgorithm?: number;
    publicKey?: string;
  };
}

/** `AuthenticationResponseJSON`: a passkey's assertion over a challenge. */
export interface PasskeyAuthenticationResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment?: string;
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
}

/** `POST /v1/clients/me/passkeys`: the ceremony's answer, and a name to tell passkeys apart. */
export interface PasskeyRegistrationInput {
  response: PasskeyRegistrationResponse;
  name?: string;
}

/** `POST /v1/tokens/webauthn-challenge`: the challenge for one e-mail's passkeys, or any. */
export interface PasskeySignInOptionsInput {
  /** The client's e-mail: only its passkeys may answer. Absent: any discoverable passkey. */
  username?: string;
}

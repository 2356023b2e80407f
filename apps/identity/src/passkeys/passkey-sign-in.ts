import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type {
  PasskeyAuthenticationResponse,
  PasskeyRequestOptions,
  PasskeySignInOptionsInput,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import { signInChallenge } from '@custody/sdk/approval-statements';
import * as clientsRepo from '../clients/clients.repository';
import type { ApiClientRow, ClientRow } from '../schema';
import * as repo from './passkeys.repository';
import {
  CHALLENGE_TTL_MS,
  challengeInvalid,
  challengeOf,
  type WebAuthnSettings,
} from './passkeys.rules';
import type { WebAuthnChallenges } from './webauthn-challenges';

const invalidGrant = () => Errors.unauthorized('The credentials are not valid.', 'invalid_grant');

/** 401 `passkey_assertion_invalid`: the signature, user verification, origin or counter fail. */
function assertionInvalid(reason: string): AppError {
  return Errors.unauthorized(
    `The passkey's assertion does not verify: ${reason}.`,
    'passkey_assertion_invalid',
  );
}

/**
 * Sign-in with a passkey (grant `urn:custody:webauthn`): a challenge for an api client (for one
 * e-mail's passkeys, or any discoverable one), then the assertion over its sign-in derivation
 * (`signInChallenge`: the client signs that, never the challenge as issued, so no sign-in
 * assertion is ever an approval's), verified with the passkey's public key, user verification
 * required, its counter only forward.
 */
export class PasskeySignIn {
  constructor(
    private readonly db: Database,
    private readonly challenges: WebAuthnChallenges,
    private readonly settings: WebAuthnSettings,
  ) {}

  /** The options of a sign-in through this (authenticated) api client. */
  async options(
    apiClient: ApiClientRow,
    input: PasskeySignInOptionsInput,
  ): Promise<PasskeyRequestOptions> {
    let clientId: string | null = null;
    let allow: { id: string; transports: string[] }[] | undefined;
    if (input.username !== undefined) {
      const client = await clientsRepo.findClientByEmail(this.db, input.username);
      // An unknown e-mail gets a challenge no passkey can answer, and looks the same.
      clientId = client?.id ?? 'unknown';
      allow = client
        ? (await repo.listPasskeys(this.db, client.id)).map((p) => ({
            id: p.credentialId,
            transports: p.transports,
          }))
        : [];
    }
    // Loaded on first use: at the top it costs each service bundling it about half a second of
    // CPU at every start (its ASN.1 schemas), and most starts verify no passkey.
    const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
    const options = await generateAuthenticationOptions({
      rpID: this.settings.rpId,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
      ...(allow !== undefined && allow.length > 0 ? { allowCredentials: allow } : {}),
    });
    // Kept under the answer the client's authenticator signs: the assertion's client data names
    // it, and only the challenge issued here derives it.
    await this.challenges.keep(await signInChallenge(options.challenge), {
      kind: 'sign-in',
      apiClientId: apiClient.id,
      clientId,
    });
    return options;
  }

  /**
   * The client whose passkey signed the derivation of this api client's challenge; refuses
   * anything else (an assertion over the challenge as issued finds nothing: 400).
   */
  async verify(
    apiClient: ApiClientRow,
    assertion: PasskeyAuthenticationResponse,
  ): Promise<ClientRow> {
    const challenge = challengeOf(assertion.response.clientDataJSON);
    const purpose = challenge === undefined ? undefined : await this.challenges.take(challenge);
    if (
      challenge === undefined ||
      purpose?.kind !== 'sign-in' ||
      purpose.apiClientId !== apiClient.id
    )
      throw challengeInvalid();
    const passkey = await repo.findByCredentialId(this.db, assertion.id);
    if (!passkey) throw invalidGrant();
    // A challenge for one e-mail is answered by that client's passkeys only.
    if (purpose.clientId !== null && purpose.clientId !== passkey.clientId) throw invalidGrant();
    const handle = assertion.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(passkey.clientId).toString('base64url'))
      throw invalidGrant();
    const response: AuthenticationResponseJSON = {
      id: assertion.id,
      rawId: assertion.rawId,
      type: assertion.type,
      response: assertion.response,
      clientExtensionResults: {},
    };
    let verified;
    try {
      const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: [...this.settings.origins],
        expectedRPID: this.settings.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      throw assertionInvalid(error instanceof Error ? error.message : 'it does not verify');
    }
    if (!verified.verified) throw assertionInvalid('it does not verify');
    const { newCounter } = verified.authenticationInfo;
    if (!(await repo.recordUse(this.db, passkey.id, passkey.counter, newCounter)))
      throw assertionInvalid('its counter was used already');
    const client = await clientsRepo.findClient(this.db, passkey.clientId);
    if (!client) throw invalidGrant();
    return client;
  }
}

import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { v7 as uuidv7 } from 'uuid';
import type {
  AuthContext,
  PasskeyCreationOptions,
  PasskeyRegistrationInput,
  PasskeyView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, sqlState } from '@custody/persistence';
import { requireAuth } from '@custody/tenancy';
import * as clientsRepo from '../clients/clients.repository';
import { passkeyView } from './passkey.view';
import * as repo from './passkeys.repository';
import {
  CHALLENGE_TTL_MS,
  challengeInvalid,
  challengeOf,
  knownTransports,
  passkeyName,
  type WebAuthnSettings,
} from './passkeys.rules';
import type { WebAuthnChallenges } from './webauthn-challenges';

/** The WebAuthn user handle of a client: its id's bytes (no personal data in authenticators). */
export function userHandleOf(clientId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(clientId, 'utf8'));
}

/**
 * A client registers a passkey (several each): the options (a challenge kept for
 * CHALLENGE_TTL_MS, user verification required, its passkeys excluded), then the
 * authenticator's answer, verified against that challenge, the relying party's id and origins,
 * and kept with its public key and counter.
 */
export class RegisterPasskey {
  constructor(
    private readonly db: Database,
    private readonly challenges: WebAuthnChallenges,
    private readonly settings: WebAuthnSettings,
  ) {}

  async options(auth: AuthContext | undefined): Promise<PasskeyCreationOptions> {
    const caller = requireAuth(auth);
    const client = await clientsRepo.findClient(this.db, caller.clientId);
    if (!client) throw Errors.notFound('client');
    const existing = await repo.listPasskeys(this.db, client.id);
    // Loaded on first use: at the top it costs each service bundling it about half a second of
    // CPU at every start (its ASN.1 schemas), and most starts verify no passkey.
    const { generateRegistrationOptions } = await import('@simplewebauthn/server');
    const options = await generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: this.settings.rpId,
      userName: client.email,
      userDisplayName: client.name,
      userID: userHandleOf(client.id),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      // Discoverable (signs in without an e-mail), and the person verified on the device.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.challenges.keep(options.challenge, { kind: 'registration', clientId: client.id });
    return options;
  }

  async register(
    auth: AuthContext | undefined,
    input: PasskeyRegistrationInput,
  ): Promise<PasskeyView> {
    const caller = requireAuth(auth);
    const challenge = challengeOf(input.response.response.clientDataJSON);
    const purpose = challenge === undefined ? undefined : await this.challenges.take(challenge);
    if (
      challenge === undefined ||
      purpose?.kind !== 'registration' ||
      purpose.clientId !== caller.clientId
    )
      throw challengeInvalid();
    const response: RegistrationResponseJSON = {
      id: input.response.id,
      rawId: input.response.rawId,
      type: input.response.type,
      response: input.response.response,
      clientExtensionResults: {},
    };
    let verified;
    try {
      const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: [...this.settings.origins],
        expectedRPID: this.settings.rpId,
        requireUserVerification: true,
      });
    } catch (error) {
      throw registrationInvalid(error instanceof Error ? error.message : 'it does not verify');
    }
    if (!verified.verified) throw registrationInvalid('it does not verify');
    const { credential } = verified.registrationInfo;
    const count = await repo.countPasskeys(this.db, caller.clientId);
    const row = await repo
      .insertPasskey(this.db, {
        id: uuidv7(),
        clientId: caller.clientId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: knownTransports(input.response.response.transports),
        name: passkeyName(input.name, count),
      })
      .catch((error: unknown) => {
        if (sqlState(error) === '23505')
          throw Errors.conflict('This passkey is registered already.', 'passkey_exists');
        throw error;
      });
    return passkeyView(row, this.settings.rpId);
  }
}

function registrationInvalid(reason: string) {
  return Errors.badRequest(
    `The passkey's registration does not verify: ${reason}.`,
    'passkey_registration_invalid',
  );
}

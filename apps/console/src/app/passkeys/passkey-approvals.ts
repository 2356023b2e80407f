import {
  type ApprovalStatement,
  approvalChallenge,
  approverRegistrationChallenge,
  type CustodyClient,
  passkeyAssertionVerifies,
  passkeySignature,
} from '@custody/sdk';
import type { Who } from '../session/who';
import { assertPasskey } from './webauthn';

// Approving with a passkey (docs/decisions/policies-and-approvals.md, "Passkeys"): a passkey
// registered as an approver credential signs by answering a WebAuthn request whose challenge is
// the digest, computed here from the facts the page shows (never a digest the server hands
// over), the person verified on the device.

type Passkey = Awaited<ReturnType<typeof listPasskeys>>[number];

function listPasskeys(api: CustodyClient) {
  return api.get('/clients/me/passkeys', {});
}

/** Whose approvals the signed-in client's credentials sign: its tenant's, an admin the platform's. */
function approverTenant(who: Who): string {
  return who.isAdmin ? 'platform' : who.tenantId;
}

/**
 * Registers one of the client's passkeys as an approver credential: its assertion over the
 * credential's registration digest is the proof the API (and the signer) check. The page sends it
 * only if the passkey that answered is the one listed and its assertion verifies under the public
 * key being registered: a compromised identity listing one passkey's id with another key would
 * otherwise get an assertion by the first over the second's registration digest. (Endorsements
 * sign another digest, so such an assertion never endorses either; this check keeps the page from
 * registering a key its holder does not have.)
 */
export async function enrollPasskeyAsApprover(api: CustodyClient, who: Who, passkey: Passkey) {
  const challenge = await approverRegistrationChallenge({
    tenantId: approverTenant(who),
    clientId: who.id,
    kind: 'webauthn',
    publicKey: passkey.publicKey,
  });
  const assertion = await assertPasskey({
    challenge,
    rpId: passkey.rpId,
    allowCredentials: [
      { id: passkey.credentialId, type: 'public-key', transports: passkey.transports },
    ],
    userVerification: 'required',
  });
  if (
    assertion.id !== passkey.credentialId ||
    !(await passkeyAssertionVerifies(passkey.publicKey, challenge, assertion))
  )
    throw new Error(
      'The passkey that answered does not hold the public key the server listed for it: nothing was registered. Tell your administrator.',
    );
  return api.post('/clients/me/approver-keys', {
    body: { kind: 'webauthn', passkeyId: passkey.id, proof: passkeySignature(assertion) },
  });
}

/**
 * The signature of an approve: an assertion, by one of the client's passkeys that sign approvals
 * (active approver credentials), over the approval's statement.
 */
export async function signApprovalWithPasskey(
  api: CustodyClient,
  statement: ApprovalStatement,
): Promise<{ credentialId: string; signature: string }> {
  const [keys, passkeys] = await Promise.all([
    api.get('/clients/me/approver-keys', {}),
    listPasskeys(api),
  ]);
  const signing = keys.filter((k) => k.kind === 'webauthn' && k.status === 'active' && k.passkey);
  const usable = passkeys.filter((p) => signing.some((k) => k.passkey?.id === p.id));
  const [first] = usable;
  if (!first)
    throw new Error(
      'This approval must be signed, and none of your passkeys signs approvals yet: on the Passkeys page, use one for approvals.',
    );
  const assertion = await assertPasskey({
    challenge: await approvalChallenge(statement),
    rpId: first.rpId,
    allowCredentials: usable.map((p) => ({
      id: p.credentialId,
      type: 'public-key',
      transports: p.transports,
    })),
    userVerification: 'required',
  });
  const credential = signing.find((k) => k.passkey?.credentialId === assertion.id);
  if (!credential) throw new Error('The passkey that answered does not sign approvals.');
  return { credentialId: credential.id, signature: passkeySignature(assertion) };
}

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { verifyMessage, Wallet } from 'ethers';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  type AppName,
  type AuditEventView,
  type DecisionApproval,
  type DecisionClaims,
  POLICY_RPC,
  SIGNING_RPC,
} from '@custody/contracts';
import { decisionSignerKey, evmMessageDigest, signDecision } from '@custody/intents';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import {
  approvalChallenge,
  approverEndorsementChallenge,
  approverEndorsementDigest,
  approverKeyFingerprint,
  approverKeyRegistration,
  approverOf,
  approverPublicKey,
  approverRegistrationChallenge,
  approverRegistrationDigest,
  type ApprovalStatement,
  newApproverKey,
  passkeySignature,
  signApproval,
  signDigest,
} from '@custody/sdk';
import { appBrokerUrl, testLogger, waitFor } from '@custody/testing';
import { Api } from './api';
import { type AssertionOptions, SoftAuthenticator } from './soft-authenticator';
import { BOOTSTRAP, type Stack, startStack } from './stack';
import { DEFAULT_RP, newUser, openWallet } from './world';

/**
 * Approvals as signatures (docs/decisions/policies-and-approvals.md, signing-decisions.md), on a
 * real stack. A tenant's held signatures need one signed approval. Its approvers register Ed25519
 * keys: the first is admitted by the signer's registry at once, later ones only once endorsed
 * (and a rogue with identity's credentials adds none without). The policy service refuses an
 * approve without a signature, with another approval's, another operation's, another client's,
 * a pending or a revoked key's, or an approver's passkey sign-in to a challenge a rogue identity
 * made of the approval's digest, counting nothing; a valid one counts and the message is signed.
 * A rogue holding the policy service's decision key and wallet-ledger's credentials presents
 * decisions for that approval with forged signatures, keys outside the registry, a replayed
 * signature, a signature of another payload, another voter's, that passkey sign-in: the signer
 * refuses each, audits it and signs nothing; the same decision with the approver's real
 * signature is signed. The CLI
 * makes, registers and signs with a key of its own.
 */

const BIN = path.resolve(__dirname, '../../cli/bin/custody.mjs');
const exec = promisify(execFile);
const PASSWORD = 'a-long-member-password';

let stack: Stack;
let api: Api;
let admin: string;
let db: pg.Client;
let configDir: string;
const closers: (() => Promise<void>)[] = [];

let tenant: { id: string; token: string; user: string; wallet: string; address: string };
interface Member {
  id: string;
  email: string;
  token: string;
}
let m1: Member;
let m2: Member;
let m3: Member;
let m4: Member;
/** Approver keys: k1 (m1's, the tenant's first), k2 (m2's), k3 (m3's), k4 (m4's, pending). */
const keys: Record<'k1' | 'k2' | 'k3' | 'k4', { pem: string; id: string }> = {
  k1: { pem: '', id: '' },
  k2: { pem: '', id: '' },
  k3: { pem: '', id: '' },
  k4: { pem: '', id: '' },
};
/** Held messages: X (decided by the API tests), Y (by the CLI), Z (with a passkey). */
let held: Record<'x' | 'y' | 'z', { id: string; approvalId: string; message: string }>;
let asLedger: RpcClient;
let asIdentity: RpcClient;

async function rogue(app: AppName): Promise<RpcClient> {
  const broker = new Broker({
    url: appBrokerUrl(app),
    namespace: stack.namespace,
    logger: testLogger(),
  });
  await broker.connect();
  const client = new RpcClient({
    broker,
    caller: app,
    signer: devProofSigner(app),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await client.start();
  closers.push(async () => {
    await client.stop();
    await broker.close();
  });
  return client;
}

async function member(name: string): Promise<Member> {
  const email = `${name}-${randomUUID().slice(0, 8)}@e2e.test`;
  const created = await api.post('/v1/clients', {
    token: admin,
    body: { name, email, password: PASSWORD, tenantId: tenant.id },
  });
  expect(created.status).toBe(201);
  const login = await api.login(email, PASSWORD);
  return { id: created.body.id as string, email, token: login.access_token };
}

function walletPath(): string {
  return `/v1/users/${tenant.user}/wallets/${tenant.wallet}`;
}

async function holdMessage(message: string) {
  const created = await api.post(`${walletPath()}/sign-message`, {
    token: tenant.token,
    body: { message },
  });
  expect(created.status).toBe(200);
  const read = await readMessage(created.body.id as string);
  expect(read.status).toBe('pending_approval');
  return { id: created.body.id as string, approvalId: read.approvalId, message };
}

async function readMessage(id: string) {
  return (await api.get(`${walletPath()}/sign-message/${id}`, { token: tenant.token })).body as {
    status: string;
    approvalId: string;
    signedMessage?: string;
  };
}

async function register(who: Member, pem: string, body: Record<string, unknown> = {}) {
  return api.post('/v1/clients/me/approver-keys', {
    token: who.token,
    body: { ...{}, ...approverKeyRegistration(pem, approverOf(who.token)), ...body },
  });
}

/** `who` endorses `keyId` with its key `pem` (its credential `credentialId`). */
async function endorse(who: Member, keyId: string, pem: string, credentialId: string) {
  const pending = (await api.get(`/v1/approver-keys/${keyId}`, { token: who.token })).body as {
    tenantId: string;
    clientId: string;
    kind: 'ed25519' | 'webauthn';
    publicKey: string;
  };
  return api.post(`/v1/approver-keys/${keyId}/endorsements`, {
    token: who.token,
    body: {
      credentialId,
      signature: signDigest(approverEndorsementDigest(pending, credentialId), pem),
    },
  });
}

async function statementOf(approvalId: string, token = m1.token) {
  const approval = await api.get(`/v1/approvals/${approvalId}`, { token });
  expect(approval.status).toBe(200);
  return approval.body.signing as { required: boolean; statement: ApprovalStatement };
}

function approve(who: Member, approvalId: string, signature?: object) {
  return api.post(`/v1/approvals/${approvalId}/decisions`, {
    token: who.token,
    body: { decision: 'approve', ...(signature ? { signature } : {}) },
  });
}

async function registryRow(publicKey: string) {
  const { rows } = await db.query<{
    id: string;
    admitted_as: string;
    endorsements: { clientId: string }[];
    revoked_at: Date | null;
  }>(
    'SELECT id, admitted_as, endorsements, revoked_at FROM signing.approver_credentials WHERE public_key = $1',
    [publicKey],
  );
  return rows[0];
}

beforeAll(async () => {
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: { signing: { SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase } },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  closers.push(() => db.end());
  configDir = mkdtempSync(path.join(tmpdir(), 'custody-signed-'));
  closers.push(async () => rmSync(configDir, { recursive: true, force: true }));

  const client = await api.newClient(admin, 'Signed approvals');
  const user = await newUser(api, client.token);
  const wallet = await openWallet(api, client.token, user);
  const address = (await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: client.token }))
    .body.address as string;
  tenant = { id: client.id, token: client.token, user, wallet, address };
  m1 = await member('m1');
  m2 = await member('m2');
  m3 = await member('m3');
  m4 = await member('m4');
  const policy = await api.post('/v1/policies', {
    token: tenant.token,
    body: {
      name: 'Every message waits for one signed approval',
      activity: 'sign-message',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1, signed: true },
    },
  });
  expect(policy.status).toBe(201);
  const stored = await api.get(`/v1/policies/${policy.body.id}`, { token: tenant.token });
  expect(stored.body.approvers).toEqual({ quorum: 1, signed: true });
  held = {
    x: await holdMessage('Pay the coupon of May'),
    y: await holdMessage('Pay June'),
    z: await holdMessage('Pay July'),
  };
  for (const name of ['k1', 'k2', 'k3', 'k4'] as const)
    keys[name].pem = newApproverKey().privateKeyPem;
  asLedger = await rogue('wallet-ledger');
  asIdentity = await rogue('identity');
}, 180_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await stack?.cleanup();
});

describe("the signer's registry of approver keys", () => {
  it("admits the tenant's first key at once", async () => {
    const first = await register(m1, keys.k1.pem);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ clientId: m1.id, tenantId: tenant.id, status: 'active' });
    keys.k1.id = first.body.id;
    expect(await registryRow(first.body.publicKey)).toMatchObject({
      id: keys.k1.id,
      admitted_as: 'first',
      revoked_at: null,
    });
  });

  it('refuses a key without its proof, a passkey without its passkey, and a key registered already', async () => {
    const other = newApproverKey();
    const wrongProof = await register(m2, keys.k2.pem, {
      proof: signDigest('00'.repeat(32), keys.k2.pem),
    });
    expect(wrongProof.body).toMatchObject({ status: 403, code: 'approver_proof_invalid' });
    // A passkey's credential names the passkey, not a public key.
    const passkey = await register(m2, other.privateKeyPem, { kind: 'webauthn' });
    expect(passkey.body).toMatchObject({ status: 400, code: 'approver_key_invalid' });
    const unknown = await api.post('/v1/clients/me/approver-keys', {
      token: m2.token,
      body: { kind: 'webauthn', passkeyId: uuidv7(), proof: 'A'.repeat(86) },
    });
    expect(unknown.body).toMatchObject({ status: 404, code: 'not_found' });
    const taken = await register(m2, keys.k1.pem);
    expect(taken.body).toMatchObject({ status: 409, code: 'approver_key_exists' });
    expect((await api.get('/v1/clients/me/approver-keys', { token: m2.token })).body).toEqual([]);
  });

  it("keeps a second client's key pending until a registered key endorses it", async () => {
    const second = await register(m2, keys.k2.pem);
    expect(second.body).toMatchObject({ status: 'pending', endorsements: 0 });
    keys.k2.id = second.body.id;
    expect(await registryRow(second.body.publicKey)).toBeUndefined();
    // m1 endorses it with k1: one client has keys, so one endorsement is enough.
    const endorsed = await endorse(m1, keys.k2.id, keys.k1.pem, keys.k1.id);
    expect(endorsed.status).toBe(201);
    expect(endorsed.body).toMatchObject({ status: 'active', endorsements: 1 });
    expect(await registryRow(second.body.publicKey)).toMatchObject({
      admitted_as: 'endorsed',
      endorsements: [expect.objectContaining({ clientId: m1.id })],
    });
  });

  it('refuses a key that a rogue with identity’s credentials offers without endorsements', async () => {
    const forged = newApproverKey();
    const credential = {
      id: uuidv7(),
      kind: 'ed25519' as const,
      publicKey: forged.publicKey,
      clientId: m4.id,
      tenantId: tenant.id,
    };
    const proof = signDigest(approverRegistrationDigest(credential), forged.privateKeyPem);
    await expect(
      asIdentity.call('signing', SIGNING_RPC.addApproverCredential, {
        credential,
        proof,
        endorsements: [],
      }),
    ).rejects.toMatchObject({ status: 403, code: 'endorsements_insufficient' });
    // Endorsed by keys the registry does not hold (the rogue's own): refused alike.
    const accomplice = newApproverKey();
    await expect(
      asIdentity.call('signing', SIGNING_RPC.addApproverCredential, {
        credential,
        proof,
        endorsements: [
          {
            credentialId: uuidv7(),
            signature: signDigest(
              approverEndorsementDigest(credential, uuidv7()),
              accomplice.privateKeyPem,
            ),
          },
          {
            credentialId: keys.k1.id,
            signature: signDigest(
              approverEndorsementDigest(credential, keys.k1.id),
              accomplice.privateKeyPem,
            ),
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 403, code: 'endorsements_insufficient' });
    expect(await registryRow(forged.publicKey)).toBeUndefined();
  });

  it('admits a third key only once two clients endorsed it', async () => {
    const third = await register(m3, keys.k3.pem);
    expect(third.body).toMatchObject({ status: 'pending' });
    keys.k3.id = third.body.id;
    const once = await endorse(m1, keys.k3.id, keys.k1.pem, keys.k1.id);
    expect(once.body).toMatchObject({ status: 'pending', endorsements: 1 });
    expect(await registryRow(third.body.publicKey)).toBeUndefined();
    // A signature that does not verify endorses nothing.
    const bad = await api.post(`/v1/approver-keys/${keys.k3.id}/endorsements`, {
      token: m2.token,
      body: { credentialId: keys.k2.id, signature: signDigest('11'.repeat(32), keys.k2.pem) },
    });
    expect(bad.body).toMatchObject({ status: 403, code: 'endorsement_invalid' });
    const twice = await endorse(m2, keys.k3.id, keys.k2.pem, keys.k2.id);
    expect(twice.body).toMatchObject({ status: 'active', endorsements: 2 });
    expect(await registryRow(third.body.publicKey)).toMatchObject({
      admitted_as: 'endorsed',
      endorsements: [
        expect.objectContaining({ clientId: m1.id }),
        expect.objectContaining({ clientId: m2.id }),
      ],
    });
    const again = await endorse(m2, keys.k3.id, keys.k2.pem, keys.k2.id);
    expect(again.body).toMatchObject({ status: 409, code: 'approver_key_not_pending' });
    // m4's key waits (three clients have keys now: two endorsements).
    const fourth = await register(m4, keys.k4.pem);
    expect(fourth.body).toMatchObject({ status: 'pending' });
    keys.k4.id = fourth.body.id;
    // Another tenant reads none of them.
    const outsider = await api.newClient(admin, 'Outsider');
    expect(
      (await api.get(`/v1/approver-keys/${keys.k4.id}`, { token: outsider.token })).status,
    ).toBe(404);
  });
});

describe('an approve where a policy asks for signatures', () => {
  const refusedWithNothingCounted = async (
    answer: Promise<{ status: number; body: { code?: string } }>,
    status: number,
    code: string,
  ) => {
    expect((await answer).body).toMatchObject({ status, code });
    const approval = await api.get(`/v1/approvals/${held.x.approvalId}`, { token: m1.token });
    expect(approval.body).toMatchObject({ status: 'pending', decisions: [] });
  };

  it('says what to sign', async () => {
    const signing = await statementOf(held.x.approvalId);
    expect(signing).toEqual({
      required: true,
      statement: {
        v: 1,
        approvalId: held.x.approvalId,
        tenantId: tenant.id,
        activity: 'sign-message',
        operation: {
          kind: 'signature',
          owner: tenant.wallet,
          intent: { kind: 'evm-message', digest: evmMessageDigest(held.x.message) },
        },
        decision: 'approve',
        policyVersion: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
  });

  it('is refused without a signature, and with any signature but its own', async () => {
    const { statement: x } = await statementOf(held.x.approvalId);
    const { statement: y } = await statementOf(held.y.approvalId);
    await refusedWithNothingCounted(
      approve(m1, held.x.approvalId),
      400,
      'approval_signature_required',
    );
    // Another approval's signature, replayed.
    await refusedWithNothingCounted(
      approve(m1, held.x.approvalId, {
        credentialId: keys.k1.id,
        signature: signApproval(y, keys.k1.pem),
      }),
      403,
      'approval_signature_invalid',
    );
    // A signature of another intent (what the approver was shown to sign is not this message).
    const otherIntent = {
      ...x,
      operation: {
        kind: 'signature',
        owner: tenant.wallet,
        intent: { kind: 'evm-message', digest: evmMessageDigest('Pay me instead') },
      },
    };
    await refusedWithNothingCounted(
      approve(m1, held.x.approvalId, {
        credentialId: keys.k1.id,
        signature: signApproval(otherIntent, keys.k1.pem),
      }),
      403,
      'approval_signature_invalid',
    );
    // m1's key and signature, presented by m2.
    await refusedWithNothingCounted(
      approve(m2, held.x.approvalId, {
        credentialId: keys.k1.id,
        signature: signApproval(x, keys.k1.pem),
      }),
      403,
      'approval_signature_invalid',
    );
    // A key not active yet (m4's waits for endorsements).
    await refusedWithNothingCounted(
      approve(m4, held.x.approvalId, {
        credentialId: keys.k4.id,
        signature: signApproval(x, keys.k4.pem),
      }),
      403,
      'approval_signature_invalid',
    );
    // A revoked key: m2 revokes k2 (here and in the signer's registry).
    const revoked = await api.delete(`/v1/clients/me/approver-keys/${keys.k2.id}`, {
      token: m2.token,
    });
    expect(revoked.body).toMatchObject({ status: 'revoked' });
    expect((await registryRow(revoked.body.publicKey))?.revoked_at).toBeInstanceOf(Date);
    await refusedWithNothingCounted(
      approve(m2, held.x.approvalId, {
        credentialId: keys.k2.id,
        signature: signApproval(x, keys.k2.pem),
      }),
      403,
      'approval_signature_invalid',
    );
    // Revoking another client's key: not found.
    const others = await api.delete(`/v1/clients/me/approver-keys/${keys.k1.id}`, {
      token: m3.token,
    });
    expect(others.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('counts a valid signature: approved, and the message is signed', async () => {
    const { statement } = await statementOf(held.x.approvalId);
    const made = await approve(m1, held.x.approvalId, {
      credentialId: keys.k1.id,
      signature: signApproval(statement, keys.k1.pem),
    });
    expect(made.status).toBe(201);
    const approval = await api.get(`/v1/approvals/${held.x.approvalId}`, { token: m1.token });
    expect(approval.body).toMatchObject({
      status: 'approved',
      decisions: [{ clientId: m1.id, decision: 'approve', credentialId: keys.k1.id }],
    });
    await waitFor(async () => (await readMessage(held.x.id)).status === 'sent', {
      timeoutMs: 15_000,
      what: 'the approved message signed',
    });
    const signed = await readMessage(held.x.id);
    expect(verifyMessage(held.x.message, signed.signedMessage!)).toBe(tenant.address);
    // The decision carries the approver's signature and what the signer needs to check it.
    const { decision } = await asLedger.call('policy', POLICY_RPC.authorize, {
      operationId: held.x.id,
      owner: tenant.wallet,
      intent: { kind: 'evm-message', digest: evmMessageDigest(held.x.message) },
    });
    expect(claimsOf(decision).approval).toEqual({
      id: held.x.approvalId,
      quorum: 1,
      decisions: [
        {
          clientId: m1.id,
          decision: 'approve',
          signature: { credentialId: keys.k1.id, signature: signApproval(statement, keys.k1.pem) },
        },
      ],
      signed: { quorum: 1, policyVersion: statement.policyVersion },
    });
  });
});

/** A member's passkey, registered in identity with a software authenticator. */
interface MemberPasskey {
  device: SoftAuthenticator;
  /** The passkey's id (`/v1/clients/me/passkeys`) and its WebAuthn credential id. */
  id: string;
  credentialId: string;
  publicKey: string;
}

async function newPasskey(who: Member): Promise<MemberPasskey> {
  const device = new SoftAuthenticator(DEFAULT_RP.origin, DEFAULT_RP.rpId);
  const options = await api.post('/v1/clients/me/passkeys/registration-options', {
    token: who.token,
  });
  const made = await api.post('/v1/clients/me/passkeys', {
    token: who.token,
    body: { response: device.register(options.body) },
  });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ rpId: DEFAULT_RP.rpId, publicKey: expect.any(String) });
  return {
    device,
    id: made.body.id,
    credentialId: made.body.credentialId,
    publicKey: made.body.publicKey,
  };
}

/** The passkey's assertion over a WebAuthn challenge, as the API takes a signature. */
function asserted(passkey: MemberPasskey, challenge: string, opts: AssertionOptions = {}) {
  return passkeySignature(
    passkey.device.assert({ challenge }, { credentialId: passkey.credentialId, ...opts }),
  );
}

/**
 * The passkey's answer to a sign-in whose challenge a rogue identity (or gateway) picked, as the
 * console and the SDK answer one (`signIn`: over the challenge's sign-in derivation), packed as
 * an approval's signature.
 */
async function signedInOver(passkey: MemberPasskey, challenge: string) {
  return passkeySignature(
    await passkey.device.signIn(
      { challenge, allowCredentials: [{ id: passkey.credentialId }] },
      { credentialId: passkey.credentialId },
    ),
  );
}

/** `who` registers `passkey` as an approver credential (its assertion over the digest). */
async function registerPasskey(who: Member, passkey: MemberPasskey, opts: AssertionOptions = {}) {
  const challenge = await approverRegistrationChallenge({
    ...approverOf(who.token),
    kind: 'webauthn',
    publicKey: passkey.publicKey,
  });
  return api.post('/v1/clients/me/approver-keys', {
    token: who.token,
    body: { kind: 'webauthn', passkeyId: passkey.id, proof: asserted(passkey, challenge, opts) },
  });
}

let m5: Member;
let m6: Member;
/** m5's passkey (endorsed by k1 and k3), m6's (endorsed by k1 and m5's passkey). */
let p5: MemberPasskey & { credential: string };
let p6: MemberPasskey & { credential: string };

describe('passkeys as approver credentials', () => {
  it('join the registry on their assertion, endorsed by keys, and endorse in turn', async () => {
    m5 = await member('m5');
    m6 = await member('m6');
    const made5 = await newPasskey(m5);
    // An assertion of another origin, or without user verification, proves nothing.
    for (const opts of [{ origin: 'https://evil.example' }, { userVerified: false }])
      expect((await registerPasskey(m5, made5, opts)).body).toMatchObject({
        status: 403,
        code: 'approver_proof_invalid',
      });
    // Another client's passkey: not found.
    expect(
      (
        await api.post('/v1/clients/me/approver-keys', {
          token: m6.token,
          body: { kind: 'webauthn', passkeyId: made5.id, proof: 'A'.repeat(86) },
        })
      ).body,
    ).toMatchObject({ status: 404, code: 'not_found' });

    const registered5 = await registerPasskey(m5, made5);
    expect(registered5.status).toBe(201);
    expect(registered5.body).toMatchObject({
      kind: 'webauthn',
      publicKey: made5.publicKey,
      passkey: { id: made5.id, credentialId: made5.credentialId },
      status: 'pending',
    });
    p5 = { ...made5, credential: registered5.body.id };
    // Two clients have live keys (m1, m3): two endorsements.
    expect((await endorse(m1, p5.credential, keys.k1.pem, keys.k1.id)).body).toMatchObject({
      status: 'pending',
    });
    expect((await endorse(m3, p5.credential, keys.k3.pem, keys.k3.id)).body).toMatchObject({
      status: 'active',
      endorsements: 2,
    });
    expect(await registryRow(p5.publicKey)).toMatchObject({
      id: p5.credential,
      admitted_as: 'endorsed',
      revoked_at: null,
    });

    // m6's passkey, endorsed by k1 and by m5's passkey (its assertion over the digest).
    const made6 = await newPasskey(m6);
    const registered6 = await registerPasskey(m6, made6);
    p6 = { ...made6, credential: registered6.body.id };
    const pending = (await api.get(`/v1/approver-keys/${p6.credential}`, { token: m5.token }))
      .body as { tenantId: string; clientId: string; kind: 'webauthn'; publicKey: string };
    const digestChallenge = await approverEndorsementChallenge(pending, p5.credential);
    // An assertion over another digest endorses nothing.
    const wrong = await api.post(`/v1/approver-keys/${p6.credential}/endorsements`, {
      token: m5.token,
      body: {
        credentialId: p5.credential,
        signature: asserted(
          p5,
          await approvalChallenge((await statementOf(held.z.approvalId)).statement),
        ),
      },
    });
    expect(wrong.body).toMatchObject({ status: 403, code: 'endorsement_invalid' });
    // What a compromised identity gets from m5's routine "use for approvals" click when it lists
    // p5's credential id with another key: p5's assertion over that key's registration digest (a
    // proof-style signature). Offered as an endorsement it is refused, by identity and by the
    // signer's registry (with a proof-style signature of m1's key as the second client's).
    const tricked = asserted(p5, await approverRegistrationChallenge(pending));
    const asEndorsement = await api.post(`/v1/approver-keys/${p6.credential}/endorsements`, {
      token: m5.token,
      body: { credentialId: p5.credential, signature: tricked },
    });
    expect(asEndorsement.body).toMatchObject({ status: 403, code: 'endorsement_invalid' });
    const attacker = newApproverKey();
    const attackerKey = {
      id: uuidv7(),
      kind: 'ed25519' as const,
      publicKey: attacker.publicKey,
      clientId: m4.id,
      tenantId: tenant.id,
    };
    const attackerDigest = approverRegistrationDigest(attackerKey);
    await expect(
      asIdentity.call('signing', SIGNING_RPC.addApproverCredential, {
        credential: attackerKey,
        proof: signDigest(attackerDigest, attacker.privateKeyPem),
        endorsements: [
          {
            credentialId: p5.credential,
            signature: asserted(p5, await approverRegistrationChallenge(attackerKey)),
          },
          { credentialId: keys.k1.id, signature: signDigest(attackerDigest, keys.k1.pem) },
        ],
      }),
    ).rejects.toMatchObject({ status: 403, code: 'endorsements_insufficient' });
    await expect(
      asIdentity.call('signing', SIGNING_RPC.addApproverCredential, {
        credential: {
          id: p6.credential,
          kind: pending.kind,
          publicKey: pending.publicKey,
          clientId: pending.clientId,
          tenantId: pending.tenantId,
        },
        proof: asserted(
          made6,
          await approverRegistrationChallenge({
            ...approverOf(m6.token),
            kind: 'webauthn',
            publicKey: made6.publicKey,
          }),
        ),
        endorsements: [
          { credentialId: p5.credential, signature: tricked },
          {
            credentialId: keys.k1.id,
            signature: signDigest(approverRegistrationDigest(pending), keys.k1.pem),
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 403, code: 'endorsements_insufficient' });
    expect(await registryRow(attacker.publicKey)).toBeUndefined();
    expect(await registryRow(p6.publicKey)).toBeUndefined();
    const byPasskey = await api.post(`/v1/approver-keys/${p6.credential}/endorsements`, {
      token: m5.token,
      body: { credentialId: p5.credential, signature: asserted(p5, digestChallenge) },
    });
    expect(byPasskey.body).toMatchObject({ status: 'pending', endorsements: 1 });
    expect((await endorse(m1, p6.credential, keys.k1.pem, keys.k1.id)).body).toMatchObject({
      status: 'active',
      endorsements: 2,
    });
    expect(await registryRow(p6.publicKey)).toMatchObject({
      endorsements: expect.arrayContaining([expect.objectContaining({ clientId: m5.id })]),
    });
  });

  it("refuses an approve whose assertion does not verify, was made over another approval or intent, or is a passkey's outside the registry", async () => {
    const { statement: z } = await statementOf(held.z.approvalId);
    const { statement: x } = await statementOf(held.x.approvalId);
    const nothingCounted = async (what: string, signature: object) => {
      const answer = await approve(m5, held.z.approvalId, signature);
      expect([what, answer.body]).toMatchObject([
        what,
        { status: 403, code: 'approval_signature_invalid' },
      ]);
      const approval = await api.get(`/v1/approvals/${held.z.approvalId}`, { token: m1.token });
      expect(approval.body).toMatchObject({ status: 'pending', decisions: [] });
    };
    const otherIntent = {
      ...z,
      operation: {
        kind: 'signature',
        owner: tenant.wallet,
        intent: { kind: 'evm-message', digest: evmMessageDigest('Pay me instead') },
      },
    };
    const good = asserted(p5, await approvalChallenge(z));
    const [authData, clientData] = good.split('.');
    const cases: [string, string, string?][] = [
      ['replayed from another approval', asserted(p5, await approvalChallenge(x))],
      ['over another intent', asserted(p5, await approvalChallenge(otherIntent))],
      [
        'of another origin',
        asserted(p5, await approvalChallenge(z), { origin: 'https://evil.example' }),
      ],
      [
        'without user verification',
        asserted(p5, await approvalChallenge(z), { userVerified: false }),
      ],
      [
        'a signature that does not verify',
        `${authData}.${clientData}.${asserted(p6, await approvalChallenge(z)).split('.')[2]}`,
      ],
      // m6's real assertion, presented as m5's with m6's credential.
      ["another client's passkey", asserted(p6, await approvalChallenge(z)), p6.credential],
      // A credential id the registry (and identity) never held.
      ['outside the registry', good, uuidv7()],
    ];
    for (const [what, signature, credentialId] of cases)
      await nothingCounted(what, { credentialId: credentialId ?? p5.credential, signature });
  });

  it("refuses, as an approve, the approver's passkey sign-in to a challenge a rogue identity made of the approval's digest", async () => {
    const { statement: z } = await statementOf(held.z.approvalId);
    const digest = await approvalChallenge(z);
    const signIn = await signedInOver(p5, digest);
    // A sign-in assertion is the same ceremony as an approval's (type, origin, relying party):
    // only the challenge it signed, the digest's sign-in derivation, keeps it from counting.
    const clientData = JSON.parse(
      Buffer.from(signIn.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { type: string; origin: string; challenge: string };
    expect(clientData).toMatchObject({ type: 'webauthn.get', origin: DEFAULT_RP.origin });
    expect(clientData.challenge).not.toBe(digest);
    const answer = await approve(m5, held.z.approvalId, {
      credentialId: p5.credential,
      signature: signIn,
    });
    expect(answer.body).toMatchObject({ status: 403, code: 'approval_signature_invalid' });
    const approval = await api.get(`/v1/approvals/${held.z.approvalId}`, { token: m1.token });
    expect(approval.body).toMatchObject({ status: 'pending', decisions: [] });
    expect((await readMessage(held.z.id)).status).toBe('pending_approval');
  });

  it('counts the passkey’s assertion over its approval: approved, and the signer signs the message', async () => {
    const { statement } = await statementOf(held.z.approvalId);
    const made = await approve(m5, held.z.approvalId, {
      credentialId: p5.credential,
      signature: asserted(p5, await approvalChallenge(statement)),
    });
    expect(made.status).toBe(201);
    await waitFor(async () => (await readMessage(held.z.id)).status === 'sent', {
      timeoutMs: 15_000,
      what: 'the message approved with a passkey signed',
    });
    expect(verifyMessage(held.z.message, (await readMessage(held.z.id)).signedMessage!)).toBe(
      tenant.address,
    );
    // The same assertion, replayed on another approval (Y waits for the CLI): refused, its
    // challenge is Z's.
    expect(
      (
        await approve(m5, held.y.approvalId, {
          credentialId: p5.credential,
          signature: asserted(p5, await approvalChallenge(statement)),
        })
      ).body,
    ).toMatchObject({ status: 403, code: 'approval_signature_invalid' });
  });
});

/** A decision's claims: the JWS payload. */
function claimsOf(decision: string): DecisionClaims {
  return JSON.parse(
    Buffer.from(decision.split('.')[1]!, 'base64url').toString('utf8'),
  ) as DecisionClaims;
}

describe("a rogue with the policy service's decision key", () => {
  const refusals: string[] = [];

  /** A decision for X's message, signed with the policy service's real key, carrying `approval`. */
  async function forgedDecision(
    approval: DecisionApproval,
    message = held.x.message,
    operationId = held.x.id,
  ) {
    const now = Date.now();
    return signDecision(
      {
        v: 1,
        decisionId: uuidv7(),
        tenantId: tenant.id,
        activity: 'sign-message',
        owner: tenant.wallet,
        operationId,
        intent: { kind: 'evm-message', digest: evmMessageDigest(message) },
        approval,
        issuedAt: now,
        expiresAt: now + 60_000,
      },
      decisionSignerKey({}).key,
    );
  }

  async function signatureCount(): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM signing.signature_log WHERE owner_id = $1',
      [tenant.wallet],
    );
    return rows[0]!.n;
  }

  function sign(decision: string, message = held.x.message, requestId?: string) {
    return asLedger.call(
      'signing',
      SIGNING_RPC.signEvmMessage,
      { ownerId: tenant.wallet, chain: 'evm', message, decision },
      requestId ? { requestId } : {},
    );
  }

  const vote = (clientId: string, credentialId: string, signature: string) => ({
    id: held.x.approvalId,
    quorum: 1,
    decisions: [{ clientId, decision: 'approve' as const, signature: { credentialId, signature } }],
    signed: { quorum: 1, policyVersion: '' },
  });

  it('gets no signature with forged approvals; with the real one, one', async () => {
    const { statement: x } = await statementOf(held.x.approvalId);
    const { statement: y } = await statementOf(held.y.approvalId);
    const approval = (clientId: string, credentialId: string, signature: string) => {
      const made = vote(clientId, credentialId, signature);
      return { ...made, signed: { quorum: 1, policyVersion: x.policyVersion } };
    };
    const stranger = newApproverKey().privateKeyPem;
    const cases: [string, DecisionApproval, string?][] = [
      // Bytes that are no signature of k1's.
      ['a forged signature', approval(m1.id, keys.k1.id, signApproval(x, stranger))],
      // A key the registry never admitted.
      ['a key outside the registry', approval(m1.id, uuidv7(), signApproval(x, stranger))],
      // m4's key: registered in identity, pending, never in the registry.
      ['a pending key', approval(m4.id, keys.k4.id, signApproval(x, keys.k4.pem))],
      // k1's real signature of the other approval.
      ['a replayed signature', approval(m1.id, keys.k1.id, signApproval(y, keys.k1.pem))],
      // k1's real signature, claimed as m3's vote.
      ["another client's vote", approval(m3.id, keys.k1.id, signApproval(x, keys.k1.pem))],
      // k1's real signature of X, for another message than the one approved.
      [
        'another payload',
        approval(m1.id, keys.k1.id, signApproval(x, keys.k1.pem)),
        'Pay the attacker',
      ],
      // k2's real signature, revoked since.
      ['a revoked key', approval(m2.id, keys.k2.id, signApproval(x, keys.k2.pem))],
      // A quorum of two with one signature.
      [
        'too few signatures',
        {
          ...approval(m1.id, keys.k1.id, signApproval(x, keys.k1.pem)),
          signed: { quorum: 2, policyVersion: x.policyVersion },
        },
      ],
    ];
    for (const [what, forged, message] of cases) {
      const before = await signatureCount();
      const requestId = randomUUID();
      await expect(
        sign(await forgedDecision(forged, message), message, requestId),
      ).rejects.toMatchObject({ status: 403, code: 'approval_signatures_invalid' });
      expect([what, await signatureCount()]).toEqual([what, before]);
      refusals.push(requestId);
    }
    // The same decision with k1's real signature of X: signed, once more.
    const before = await signatureCount();
    const real = approval(m1.id, keys.k1.id, signApproval(x, keys.k1.pem));
    const signed = await sign(await forgedDecision(real));
    expect(verifyMessage(held.x.message, signed.signature)).toBe(tenant.address);
    expect(await signatureCount()).toBe(before + 1);
  });

  it("gets no signature with forged passkey approvals; with the passkey's real assertion, one", async () => {
    const { statement: z } = await statementOf(held.z.approvalId);
    const { statement: x } = await statementOf(held.x.approvalId);
    const approval = (clientId: string, credentialId: string, signature: string) => ({
      id: held.z.approvalId,
      quorum: 1,
      decisions: [
        { clientId, decision: 'approve' as const, signature: { credentialId, signature } },
      ],
      signed: { quorum: 1, policyVersion: z.policyVersion },
    });
    const real = asserted(p5, await approvalChallenge(z));
    const [authData, clientData] = real.split('.');
    // A passkey the registry never admitted (its owner registered it nowhere).
    const outsider = new SoftAuthenticator(DEFAULT_RP.origin, DEFAULT_RP.rpId);
    outsider.create();
    const outsiders = passkeySignature(outsider.assert({ challenge: await approvalChallenge(z) }));
    const cases: [string, DecisionApproval, string?][] = [
      [
        'a forged assertion',
        approval(
          m5.id,
          p5.credential,
          `${authData}.${clientData}.${asserted(p6, await approvalChallenge(z)).split('.')[2]}`,
        ),
      ],
      ['a passkey outside the registry', approval(m5.id, uuidv7(), outsiders)],
      ["an outsider's assertion as m5's", approval(m5.id, p5.credential, outsiders)],
      [
        'an assertion replayed from another approval',
        approval(m5.id, p5.credential, asserted(p5, await approvalChallenge(x))),
      ],
      [
        'an assertion of another origin',
        approval(
          m5.id,
          p5.credential,
          asserted(p5, await approvalChallenge(z), { origin: 'https://evil.example' }),
        ),
      ],
      [
        'an assertion without user verification',
        approval(
          m5.id,
          p5.credential,
          asserted(p5, await approvalChallenge(z), { userVerified: false }),
        ),
      ],
      [
        "m5's passkey sign-in to a challenge a rogue identity made of the approval's digest",
        approval(m5.id, p5.credential, await signedInOver(p5, await approvalChallenge(z))),
      ],
      ["m5's real assertion, as m6's vote", approval(m6.id, p5.credential, real)],
      ['another payload', approval(m5.id, p5.credential, real), 'Pay the attacker'],
    ];
    for (const [what, forged, message] of cases) {
      const before = await signatureCount();
      const requestId = randomUUID();
      const attempt = sign(
        await forgedDecision(forged, message ?? held.z.message, held.z.id),
        message ?? held.z.message,
        requestId,
      );
      await expect(attempt.catch((e: unknown) => [what, e])).resolves.toMatchObject([
        what,
        { status: 403, code: 'approval_signatures_invalid' },
      ]);
      expect([what, await signatureCount()]).toEqual([what, before]);
      refusals.push(requestId);
    }
    const before = await signatureCount();
    const signed = await sign(
      await forgedDecision(approval(m5.id, p5.credential, real), held.z.message, held.z.id),
      held.z.message,
    );
    expect(verifyMessage(held.z.message, signed.signature)).toBe(tenant.address);
    expect(await signatureCount()).toBe(before + 1);
  });

  it('is audited for each refusal', async () => {
    const records = await waitFor(
      async () => {
        const list = (await api.get('/v1/audit-events?action=rpcRefused&limit=0', { token: admin }))
          .body as AuditEventView[];
        const byRequest = new Map(list.map((r) => [r.requestId, r]));
        return refusals.every((id) => byRequest.has(id)) ? byRequest : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'every refusal in the audit log' },
    );
    for (const id of refusals)
      expect(records.get(id)).toMatchObject({
        path: `rpc.signing/${SIGNING_RPC.signEvmMessage}`,
        status: 403,
        outcome: 'failure',
        detail: 'decision: approval_signatures; caller wallet-ledger',
      });
  });
});

describe('the CLI', () => {
  async function custody(...args: string[]) {
    try {
      const { stdout, stderr } = await exec(
        process.execPath,
        [BIN, '--api', stack.gatewayUrl, ...args],
        {
          env: {
            ...{},
            ...process.env,
            CUSTODY_CONFIG_DIR: configDir,
            CUSTODY_PASSWORD: PASSWORD,
            CUSTODY_API_CLIENT_ID: BOOTSTRAP.apiClientId,
            CUSTODY_API_CLIENT_SECRET: BOOTSTRAP.apiClientSecret,
          },
          timeout: 60_000,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('approves with a key file, signed; makes and registers a key of its own', async () => {
    expect((await custody('login', '--email', m3.email, '--json')).code).toBe(0);
    const unsigned = await custody('approvals', 'approve', held.y.approvalId);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr).toMatch(/^error approval_signature_required:/);
    const keyFile = path.join(configDir, 'k3.pem');
    writeFileSync(keyFile, keys.k3.pem, { mode: 0o600 });
    const approved = await custody(
      'approvals',
      'approve',
      held.y.approvalId,
      '--key',
      keyFile,
      '--json',
    );
    expect({ code: approved.code, stdout: approved.stdout }).toMatchObject({ code: 0 });
    expect(JSON.parse(approved.stdout)).toMatchObject({ decision: 'approve', signed: true });
    await waitFor(async () => (await readMessage(held.y.id)).status === 'sent', {
      timeoutMs: 15_000,
      what: 'the message approved through the CLI signed',
    });
    // A new key of m3's: written 0600, registered, pending (three clients have keys).
    const out = path.join(configDir, 'new.pem');
    const created = await custody('approver-keys', 'create', '--out', out, '--json');
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ clientId: m3.id, status: 'pending' });
    const listed = await custody('approver-keys', 'list', '--json');
    expect((JSON.parse(listed.stdout) as { status: string }[]).map((k) => k.status)).toEqual([
      'active',
      'pending',
    ]);
  });

  it("endorses a pending key with the endorsement digest, only if its fingerprint is the holder's", async () => {
    const keyFile = path.join(configDir, 'k3.pem');
    const fingerprint = await approverKeyFingerprint(approverPublicKey(keys.k4.pem));
    const mismatch = await custody(
      'approver-keys',
      'endorse',
      keys.k4.id,
      '--key',
      keyFile,
      '--fingerprint',
      '0000 0000 0000 0000',
    );
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toMatch(/^error fingerprint_mismatch:/);
    const endorsed = await custody(
      'approver-keys',
      'endorse',
      keys.k4.id,
      '--key',
      keyFile,
      '--fingerprint',
      fingerprint,
      '--json',
    );
    expect({ code: endorsed.code, stderr: endorsed.stderr }).toMatchObject({ code: 0 });
    expect(JSON.parse(endorsed.stdout)).toMatchObject({
      id: keys.k4.id,
      status: 'pending',
      endorsements: 1,
    });
  });
});

describe("credentials leave the signer's registry with what they belong to", () => {
  it('a removed passkey, a passkey reset and a deleted client revoke their credentials there', async () => {
    // m5 removes its passkey: its credential is revoked in identity and in the registry at once.
    const removed = await api.delete(`/v1/clients/me/passkeys/${p5.id}`, { token: m5.token });
    expect(removed.status).toBe(200);
    expect((await api.get('/v1/clients/me/approver-keys', { token: m5.token })).body).toEqual([
      expect.objectContaining({ id: p5.credential, status: 'revoked' }),
    ]);
    expect((await registryRow(p5.publicKey))?.revoked_at).toBeInstanceOf(Date);

    // An admin's reset of m6's passkeys (no policy-change policy: at once), applied in a
    // transaction of its own: the sweep tells the signer.
    const reset = await api.patch(`/v1/clients/${m6.id}`, {
      token: admin,
      body: { passkeysReset: true },
    });
    expect(reset.status).toBe(200);
    await waitFor(async () => (await registryRow(p6.publicKey))?.revoked_at instanceof Date, {
      timeoutMs: 20_000,
      what: "the reset passkey's credential out of the registry",
    });

    // m3 deleted: its key leaves the registry, and identity keeps every credential of it revoked.
    expect((await api.delete(`/v1/clients/${m3.id}`, { token: admin })).status).toBe(200);
    expect((await registryRow(approverPublicKey(keys.k3.pem)))?.revoked_at).toBeInstanceOf(Date);
    const { rows } = await db.query<{ status: string; told: boolean; kind: string }>(
      `SELECT status, signer_revoked_at IS NOT NULL AS told, kind
         FROM identity.approver_credentials WHERE client_id = $1`,
      [m3.id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.status === 'revoked' && r.told)).toBe(true);
  });
});

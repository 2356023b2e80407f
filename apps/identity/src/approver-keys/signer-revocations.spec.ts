import { v7 as uuidv7 } from 'uuid';
import { IDENTITY_RPC, RPC_ACCESS, SIGNING_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { Broker, CallerPolicy, RpcServer } from '@custody/messaging';
import { testLogger, testServiceUrls, waitFor } from '@custody/testing';
import { admin, createIdentityHarness, type IdentityHarness } from '../test-harness';
import * as repo from './approver-keys.repository';
import { REVOCATION_SWEEP_MS } from './signer-revocations';

// A deleted client's approver credentials leave the signer's registry: identity revokes them in
// the deletion's transaction and tells the signer (a stand-in here) after it; a signer that is
// out misses nothing, the sweep tells it again. On a real PostgreSQL and RabbitMQ.

let h: IdentityHarness;
let broker: Broker;
let signer: RpcServer;
const told: string[] = [];
let signerDown = false;

beforeAll(async () => {
  h = await createIdentityHarness();
  broker = new Broker({
    url: testServiceUrls().amqpUrl,
    namespace: h.namespace,
    logger: testLogger(),
  });
  await broker.connect();
  signer = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=*'),
    service: 'signing',
    access: RPC_ACCESS.signing,
    handlers: {
      [SIGNING_RPC.revokeApproverCredential]: async (params: unknown) => {
        if (signerDown) throw Errors.unavailable('Stand-in is down.', 'signing_down');
        told.push((params as { id: string }).id);
        return { revoked: true };
      },
    },
    prefetch: 8,
    logger: testLogger(),
  });
  await signer.start();
});

afterAll(async () => {
  await signer?.stop(1_000);
  await broker?.close();
  await h?.close();
});

/** A client with an active Ed25519 key and a passkey's credential (rows as identity keeps them). */
async function clientWithCredentials(name: string) {
  const client = await h.call(
    IDENTITY_RPC.createClient,
    { name, email: `${uuidv7()}@revocations.test`, password: 'a-long-client-password' },
    admin,
  );
  const ids: string[] = [];
  for (const kind of ['ed25519', 'webauthn'] as const) {
    const id = uuidv7();
    await repo.insertCredential(h.service.deps.db, {
      id,
      tenantId: client.id,
      clientId: client.id,
      kind,
      publicKey: `key-${id}`,
      proof: 'proof',
      status: 'active',
      passkeyId: kind === 'webauthn' ? uuidv7() : null,
      passkeyCredentialId: kind === 'webauthn' ? 'credential-id' : null,
    });
    ids.push(id);
  }
  return { id: client.id, credentials: ids };
}

async function rows(ids: string[]) {
  return Promise.all(ids.map((id) => repo.findCredential(h.service.deps.db, id)));
}

describe("a deleted client's approver credentials", () => {
  it('are revoked with it, and the signer told at once', async () => {
    const client = await clientWithCredentials('Leaving');
    await h.call(IDENTITY_RPC.deleteClient, { id: client.id }, admin);
    expect(told).toEqual(expect.arrayContaining(client.credentials));
    for (const row of await rows(client.credentials))
      expect(row).toMatchObject({
        status: 'revoked',
        revokedAt: expect.any(Date),
        signerRevokedAt: expect.any(Date),
      });
  });

  it('reach the signer through the sweep when it was out', async () => {
    const client = await clientWithCredentials('Leaving while the signer is out');
    signerDown = true;
    // The deletion does not wait for the signer: identity has revoked them already.
    await h.call(IDENTITY_RPC.deleteClient, { id: client.id }, admin);
    for (const row of await rows(client.credentials))
      expect(row).toMatchObject({ status: 'revoked', signerRevokedAt: null });
    expect(told).not.toEqual(expect.arrayContaining(client.credentials));
    signerDown = false;
    await waitFor(
      async () =>
        (await rows(client.credentials)).every((row) => row?.signerRevokedAt instanceof Date),
      { timeoutMs: REVOCATION_SWEEP_MS * 4, what: 'the sweep to tell the signer' },
    );
    expect(told).toEqual(expect.arrayContaining(client.credentials));
  });
});

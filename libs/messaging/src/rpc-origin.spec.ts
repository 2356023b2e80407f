import type { AuthContext } from '@custody/contracts';
import { deleteMqNamespace, testLogger, testServiceUrls, uniqueName } from '@custody/testing';
import { Broker } from './broker';
import { RpcClient } from './rpc-client';
import { devProofSigner, proofKeys } from './rpc-proof';
import { CallerPolicy, type ProofRefusal, RpcServer } from './rpc-server';

// An auth context travels from service to service only with the gateway's attestation of it:
// identity may pass on what the gateway attested, not an auth context of its own.

const namespace = uniqueName('t');
const { amqpUrl } = testServiceUrls();
const AUTH: AuthContext = { clientId: 'c1', tenantId: 'c1', audience: 'general' };
const brokers: Broker[] = [];
const servers: RpcServer[] = [];
const refusals: ProofRefusal[] = [];
let gateway: RpcClient;

async function connected(): Promise<Broker> {
  const broker = new Broker({ url: amqpUrl, namespace, logger: testLogger() });
  brokers.push(broker);
  await broker.connect();
  return broker;
}

async function client(app: string): Promise<RpcClient> {
  const rpc = new RpcClient({
    broker: await connected(),
    caller: app,
    signer: devProofSigner(app),
    defaultTimeoutMs: 3_000,
    logger: testLogger(),
  });
  await rpc.start();
  return rpc;
}

async function serve(
  service: 'identity' | 'wallet-ledger',
  handlers: ConstructorParameters<typeof RpcServer>[0]['handlers'],
) {
  const server = new RpcServer({
    broker: await connected(),
    service,
    // One shared development user: the apps name themselves, their proofs say who they are.
    callers: new CallerPolicy('guest=*'),
    handlers,
    prefetch: 4,
    logger: testLogger(),
    proofs: {
      verifier: proofKeys(service, {}).verifier,
      authority: 'gateway',
      onRefused: (refusal) => refusals.push(refusal),
    },
  });
  await server.start();
  servers.push(server);
}

beforeAll(async () => {
  await serve('wallet-ledger', {
    tenantOf: async (_params, ctx) => ({ tenant: ctx.auth?.tenantId ?? null }),
  });
  const identity = await client('identity');
  await serve('identity', {
    // Passes on the auth context it received: the gateway's attestation goes along.
    passOn: async (_params, ctx) =>
      identity.callAny('wallet-ledger', 'tenantOf', {}, ctx.auth ? { auth: ctx.auth } : {}),
    // An auth context of its own making (the gateway's, widened): no attestation vouches for it.
    makeUp: async () =>
      identity.callAny('wallet-ledger', 'tenantOf', {}, { auth: { ...AUTH, audience: 'admin' } }),
  });
  gateway = await client('gateway');
});

afterAll(async () => {
  for (const server of servers) await server.stop(1_000);
  for (const broker of brokers) await broker.close();
  await deleteMqNamespace(namespace);
});

describe('an auth context passed from service to service', () => {
  it("is taken with the gateway's attestation it came with", async () => {
    expect(await gateway.callAny('identity', 'passOn', {}, { auth: AUTH })).toEqual({
      tenant: 'c1',
    });
  });

  it('is refused when the service made it up, and the refusal is reported', async () => {
    await expect(gateway.callAny('identity', 'makeUp', {}, { auth: AUTH })).rejects.toMatchObject({
      status: 401,
      code: 'rpc_proof_invalid',
    });
    expect(refusals.at(-1)).toMatchObject({
      method: 'tenantOf',
      caller: 'identity',
      reason: 'missing',
      failed: 'origin',
    });
  });

  it("is refused from an app's own proof alone, outside any gateway request", async () => {
    const identity = await client('identity');
    await expect(
      identity.callAny('wallet-ledger', 'tenantOf', {}, { auth: AUTH }),
    ).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    // Without an auth context, the app's own proof is all a call needs.
    expect(await identity.callAny('wallet-ledger', 'tenantOf', {})).toEqual({ tenant: null });
  });
});

import amqp from 'amqplib';
import {
  HEADERS,
  IDENTITY_RPC,
  RPC_ACCESS,
  WALLET_RPC,
  type AuthContext,
  type ForwardGrant,
  type RpcReply,
  type RpcRequest,
} from '@custody/contracts';
import { SeenProofs } from '@custody/persistence';
import { testLogger } from '@custody/testing';
import { RpcClient } from './rpc-client';
import { currentOrigin, runWithOrigin } from './rpc-origin';
import { devProofSigner, PROOF_CLOCK_SKEW_MS, proofKeys } from './rpc-proof';
import { CallerPolicy, type ProofRefusal, type RpcHandler, RpcServer } from './rpc-server';
import { createHarness, type Harness, SCHEMA } from './test-harness';

// An auth context travels from service to service only in the name of the request it came with:
// the gateway attests each forward its contract allows that request (receiver, method, request
// id); a service cannot make one up, nor reuse one for another request, receiver or method.
// And a proof is taken once: a second copy of a message is refused, on any replica.

const AUTH: AuthContext = { clientId: 'c1', tenantId: 'c1', audience: 'general' };
const servers: RpcServer[] = [];
const refusals: ProofRefusal[] = [];
let h: Harness;
let gateway: RpcClient;
/** The forwards' attestations identity received with the last request it handled. */
let captured: { auth: AuthContext; requestId: string; forwards: ForwardGrant | undefined };
let ledgerRuns = 0;

async function client(app: string): Promise<RpcClient> {
  const broker = h.newBroker();
  await broker.connect();
  const rpc = new RpcClient({
    broker,
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
  handlers: Record<string, RpcHandler>,
): Promise<void> {
  const broker = h.newBroker();
  await broker.connect();
  const server = new RpcServer({
    broker,
    service,
    // One shared development user: the apps name themselves, their proofs say who they are.
    callers: new CallerPolicy('guest=*'),
    handlers,
    access: RPC_ACCESS[service],
    prefetch: 4,
    logger: testLogger(),
    proofs: {
      verifier: proofKeys(service, {}).verifier,
      authority: 'gateway',
      // Two replicas share one memory of commands: the service's table.
      memory: new SeenProofs(h.pool, SCHEMA, PROOF_CLOCK_SKEW_MS),
      onRefused: (refusal) => refusals.push(refusal),
    },
  });
  await server.start();
  servers.push(server);
}

beforeAll(async () => {
  h = await createHarness();
  const ledger: Record<string, RpcHandler> = {
    [WALLET_RPC.getWalletRef]: async (_params, ctx) => {
      ledgerRuns += 1;
      return { tenant: ctx.auth?.tenantId ?? null };
    },
    [WALLET_RPC.countUserWallets]: async () => {
      ledgerRuns += 1;
      return { count: 0 };
    },
    // A command: its proofs are remembered in the database.
    [WALLET_RPC.applyUserRef]: async () => {
      ledgerRuns += 1;
      return { applied: true };
    },
  };
  // Two replicas of wallet-ledger on its queue.
  await serve('wallet-ledger', ledger);
  await serve('wallet-ledger', ledger);
  const identity = await client('identity');
  await serve('identity', {
    // Its contract forwards the caller's context to wallet-ledger's wallet read.
    [IDENTITY_RPC.createWhitelist]: async (_params, ctx) => {
      const origin = currentOrigin();
      if (origin) captured = { ...origin };
      return identity.callAny(
        'wallet-ledger',
        WALLET_RPC.getWalletRef,
        {},
        {
          ...(ctx.auth ? { auth: ctx.auth } : {}),
          idempotent: true,
        },
      );
    },
    // Forwards nothing by contract; tries with a context of its own making (widened).
    [IDENTITY_RPC.getWhitelist]: async () =>
      identity.callAny(
        'wallet-ledger',
        WALLET_RPC.getWalletRef,
        {},
        { auth: { ...AUTH, audience: 'admin' }, idempotent: true },
      ),
  });
  gateway = await client('gateway');
});

afterAll(async () => {
  for (const server of servers) await server.stop(1_000);
  await h.close();
});

describe('an auth context passed from service to service', () => {
  it("is taken with the gateway's attestation of that forward of that request", async () => {
    expect(
      await gateway.callAny('identity', IDENTITY_RPC.createWhitelist, {}, { auth: AUTH }),
    ).toEqual({ tenant: 'c1' });
    expect(Object.keys(captured.forwards?.macs ?? {})).toEqual([
      `identity>wallet-ledger ${WALLET_RPC.getWalletRef}`,
    ]);
  });

  it('is refused when the service made it up, and the refusal is reported', async () => {
    await expect(
      gateway.callAny('identity', IDENTITY_RPC.getWhitelist, {}, { auth: AUTH }),
    ).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    expect(refusals.at(-1)).toMatchObject({
      method: WALLET_RPC.getWalletRef,
      caller: 'identity',
      reason: 'missing',
      failed: 'origin',
    });
  });

  it('is refused in the name of another request, for another method, or from another app', async () => {
    const identity = await client('identity');
    // The attestations of an earlier request, for a request of identity's own.
    const other = { ...captured, requestId: 'another-request' };
    await expect(
      runWithOrigin(other, () =>
        identity.callAny(
          'wallet-ledger',
          WALLET_RPC.getWalletRef,
          {},
          {
            auth: other.auth,
            idempotent: true,
          },
        ),
      ),
    ).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    expect(refusals.at(-1)).toMatchObject({ reason: 'bad_signature', failed: 'origin' });
    // The same request, another method its contract does not forward.
    await expect(
      runWithOrigin(captured, () =>
        identity.callAny(
          'wallet-ledger',
          WALLET_RPC.countUserWallets,
          {},
          {
            auth: captured.auth,
            idempotent: true,
          },
        ),
      ),
    ).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    expect(refusals.at(-1)).toMatchObject({ reason: 'other_request', failed: 'origin' });
    // Captured by another app that may call the method, but was never forwarded it.
    const trading = await client('trading');
    await expect(
      runWithOrigin(captured, () =>
        trading.callAny(
          'wallet-ledger',
          WALLET_RPC.getWalletRef,
          {},
          {
            auth: captured.auth,
            idempotent: true,
          },
        ),
      ),
    ).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    expect(refusals.at(-1)).toMatchObject({ caller: 'trading', reason: 'other_request' });
  });

  it("is refused from an app's own proof alone, outside any gateway request", async () => {
    const identity = await client('identity');
    await expect(
      identity.callAny('wallet-ledger', WALLET_RPC.getWalletRef, {}, { auth: AUTH }),
    ).rejects.toMatchObject({ status: 401, code: 'rpc_proof_invalid' });
    // Without an auth context, the app's own proof is all a call needs.
    expect(await identity.callAny('wallet-ledger', WALLET_RPC.getWalletRef, {})).toEqual({
      tenant: null,
    });
  });
});

describe('a method', () => {
  it('is refused to a proven caller its declaration does not name, before it runs', async () => {
    const notifier = await client('notifier');
    const before = ledgerRuns;
    await expect(
      notifier.callAny('wallet-ledger', WALLET_RPC.getWalletRef, {}),
    ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    expect(refusals.at(-1)).toMatchObject({
      caller: 'notifier',
      reason: 'caller_not_allowed',
      failed: 'caller',
    });
    // The gateway takes an auth context straight, but only to methods that take one from it.
    await expect(
      gateway.callAny('wallet-ledger', WALLET_RPC.applyUserRef, {}, { auth: AUTH }),
    ).rejects.toMatchObject({ status: 403, code: 'caller_not_allowed' });
    expect(ledgerRuns).toBe(before);
  });

  it('without a declaration is refused whatever its handler', async () => {
    const broker = h.newBroker();
    await broker.connect();
    expect(
      () =>
        new RpcServer({
          broker,
          service: 'identity',
          callers: new CallerPolicy('guest=*'),
          handlers: { 'made.up': async () => null },
          access: RPC_ACCESS.identity,
          prefetch: 1,
          logger: testLogger(),
        }),
    ).toThrow(/no contract declares callers for: made\.up/);
  });
});

/** Sends one serialized request as a message of its own and answers its reply. */
async function sendRaw(request: RpcRequest, requestId: string): Promise<RpcReply> {
  const connection = await amqp.connect(h.amqpUrl);
  try {
    const channel = await connection.createChannel();
    const reply = new Promise<RpcReply>((resolve) => {
      void channel.consume(
        'amq.rabbitmq.reply-to',
        (msg) => msg && resolve(JSON.parse(msg.content.toString('utf8')) as RpcReply),
        { noAck: true },
      );
    });
    channel.publish(`${h.namespace}.rpc`, 'wallet-ledger', Buffer.from(JSON.stringify(request)), {
      replyTo: 'amq.rabbitmq.reply-to',
      correlationId: requestId,
      userId: 'guest',
      headers: {
        [HEADERS.requestId]: requestId,
        [HEADERS.deadline]: Date.now() + 5_000,
        [HEADERS.caller]: 'identity',
      },
    });
    return await reply;
  } finally {
    await connection.close();
  }
}

describe('a proof', () => {
  const signed = (method: string, idempotent: boolean, requestId: string): RpcRequest => ({
    method,
    params: {},
    idempotent,
    proof: devProofSigner('identity').sign({
      to: 'wallet-ledger',
      method,
      params: {},
      idempotent,
      requestId,
      expiresAt: Date.now() + 5_000,
      auth: undefined,
    }),
  });

  it.each([
    ['a read, remembered by the replica that took it', WALLET_RPC.getWalletRef, true],
    ['a command, remembered by every replica', WALLET_RPC.applyUserRef, false],
  ])('is taken once: %s', async (_what, method, idempotent) => {
    const requestId = `replay-${method}`;
    const request = signed(method, idempotent, requestId);
    const before = ledgerRuns;
    expect(await sendRaw(request, requestId)).toEqual({ ok: true, result: expect.anything() });
    // The same message again, however many times and whichever replica takes it.
    const again = await Promise.all([1, 2, 3, 4].map(() => sendRaw(request, requestId)));
    const refused = again.filter(
      (reply) => !reply.ok && reply.error.code === 'rpc_replayed' && reply.error.status === 409,
    );
    // A read's copies may reach the other replica, which did not take it: at most once there.
    expect(refused.length).toBeGreaterThanOrEqual(idempotent ? 2 : 4);
    expect(ledgerRuns - before).toBe(1 + (4 - refused.length));
    expect(refusals.at(-1)).toMatchObject({ reason: 'replayed', failed: 'proof' });
  });
});

import { Wallet } from 'ethers';
import { v7 as uuidv7 } from 'uuid';
import { SIGNING_RPC } from '@custody/contracts';
import { decisionSignerKey, evmMessageDigest, signDecision } from '@custody/intents';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  type TestDatabase,
} from '@custody/testing';
import { signingService } from '../signing.compose';
import { ceremonyContext, softHsm } from '../test-harness';

const hsm = softHsm();
// Every token first: SoftHSM lists those present at its C_Initialize.
const wrongPin = hsm.init('wrong-pin');
const removed = hsm.init('removed');
const healthy = hsm.init('healthy');

const mnemonic = Wallet.createRandom().mnemonic!.phrase;
const policyKey = decisionSignerKey({}).key;
const databases: TestDatabase[] = [];
const started: Started[] = [];

interface Started {
  service: RunningService<'signing'>;
  namespace: string;
  broker: Broker;
  walletLedger: RpcClient;
}

afterAll(async () => {
  for (const { service, namespace, broker, walletLedger } of started) {
    await walletLedger.stop();
    await broker.close();
    await service.stop();
    await deleteMqNamespace(namespace);
  }
  for (const database of databases) await database.drop();
});

/**
 * A signing service with `env` on its own database and broker namespace (services of one
 * namespace share their RPC queue), a key registered for `w1` in it, and a caller.
 */
async function start(env: Record<string, string>): Promise<Started> {
  const database = await createTestDatabase();
  databases.push(database);
  const namespace = uniqueName('t');
  const { amqpUrl } = testServiceUrls();
  const service = await startService(signingService, {
    DATABASE_URL: database.url,
    AMQP_URL: amqpUrl,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: process.env['DEBUG_SIGNING'] ? 'error' : 'silent',
    NODE_ENV: 'test',
    SIGNING_MASTER_MNEMONIC: mnemonic,
    ...env,
  });
  const broker = new Broker({ url: amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  const walletLedger = new RpcClient({
    broker,
    caller: 'wallet-ledger',
    signer: devProofSigner('wallet-ledger'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await walletLedger.start();
  const one = { service, namespace, broker, walletLedger };
  started.push(one);
  // The key position only (as a derivation before the token was lost would have left it).
  await service.deps.pool.query(
    `INSERT INTO signing.keys (owner_id, chain, derivation_index, derivation_path, address)
     VALUES ('w1', 'evm', 0, $1, $2)`,
    ["m/44'/60'/0'/0/0", Wallet.fromPhrase(mnemonic).address],
  );
  return one;
}

async function readiness({ service }: Started) {
  const res = await fetch(`${service.url}/readyz`);
  const body = (await res.json()) as {
    checks: Record<string, { status: string; detail?: string }>;
  };
  return { status: res.status, keyStore: body.checks['key_store'] };
}

/** Asks for an EIP-191 signature with a valid decision: the outcome, and what was recorded. */
async function sign({ service, walletLedger }: Started) {
  const now = Date.now();
  const decision = await signDecision(
    {
      v: 1,
      decisionId: uuidv7(),
      tenantId: 'tenant-a',
      activity: 'sign-message',
      owner: 'w1',
      operationId: uuidv7(),
      intent: { kind: 'evm-message', digest: evmMessageDigest('hello') },
      approval: null,
      issuedAt: now,
      expiresAt: now + 60_000,
    },
    policyKey,
  );
  const outcome = await walletLedger
    .call('signing', SIGNING_RPC.signEvmMessage, {
      ownerId: 'w1',
      chain: 'evm',
      message: 'hello',
      decision,
    })
    .then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
  const { rows } = await service.deps.pool.query(
    `SELECT (SELECT count(*) FROM signing.signature_log)::int AS signatures,
            (SELECT count(*) FROM signing.decision_uses)::int AS uses`,
  );
  return { outcome, recorded: rows[0] as { signatures: number; uses: number } };
}

/** The refusal every case below must give: 503, a stable code, and nothing signed or used. */
async function expectFailsClosed(service: Started, problem: RegExp) {
  const ready = await readiness(service);
  expect(ready.status).toBe(503);
  expect(ready.keyStore).toEqual({ status: 'failed', detail: expect.stringMatching(problem) });
  const { outcome, recorded } = await sign(service);
  expect(outcome).toEqual({
    error: expect.objectContaining({ status: 503, code: 'key_store_unavailable' }),
  });
  expect(recorded).toEqual({ signatures: 0, uses: 0 });
}

describe('without its token, signing fails closed and is not ready', () => {
  it('with a wrong PIN', async () => {
    const service = await start({
      ...wrongPin.env,
      SIGNING_PKCS11_PIN_FILE: hsm.pinFile('wrong', '0000'),
    });
    await expectFailsClosed(service, /^pin_incorrect/);
  });

  it('with no such token (removed), or no PKCS#11 module', async () => {
    await expectFailsClosed(
      await start({ ...removed.env, SIGNING_PKCS11_TOKEN_LABEL: 'not-plugged-in' }),
      /^token_not_found/,
    );
    await expectFailsClosed(
      await start({ ...removed.env, SIGNING_PKCS11_MODULE: '/nonexistent/libpkcs11.so' }),
      /^module_unavailable/,
    );
  });

  it('when its key is destroyed while it runs', async () => {
    const service = await start(healthy.env);
    expect((await readiness(service)).status).toBe(200);
    const before = await sign(service);
    expect(before.outcome).toEqual({
      result: expect.objectContaining({ signature: expect.any(String) }),
    });
    const { rows } = await service.service.deps.pool.query(
      'SELECT key_id FROM signing.sealed_seed',
    );
    const ctx = ceremonyContext(service.service.deps.db, healthy.config);
    try {
      ctx.token.destroyKey(rows[0].key_id as Buffer);
    } finally {
      ctx.token.close();
    }
    const ready = await readiness(service);
    expect(ready).toEqual({
      status: 503,
      keyStore: { status: 'failed', detail: expect.stringMatching(/^key_missing/) },
    });
    const after = await sign(service);
    expect(after.outcome).toEqual({
      error: expect.objectContaining({ status: 503, code: 'key_store_unavailable' }),
    });
    expect(after.recorded).toEqual(before.recorded);
  });

  it('when no seed was sealed yet (production before the ceremony)', async () => {
    const service = await start({ ...removed.env, SIGNING_MASTER_MNEMONIC: '' });
    await expectFailsClosed(service, /^seed_missing/);
  });
});

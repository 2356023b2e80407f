import {
  HDNodeWallet,
  Mnemonic,
  Transaction,
  verifyMessage,
  verifyTypedData,
  Wallet,
} from 'ethers';
import crypto from '@qubic-lib/qubic-ts-library/dist/crypto';
import { QubicHelper } from '@qubic-lib/qubic-ts-library/dist/qubicHelper';
import { v7 as uuidv7 } from 'uuid';
import {
  type DecisionClaims,
  issuerKeyOwner,
  SIGNING_RPC,
  type RpcMethod,
  type RpcParams,
  type SignIntent,
} from '@custody/contracts';
import {
  decisionSignerKey,
  evmMessageDigest,
  evmTxDigest,
  evmTypedDataDigest,
  qubicDigest,
  signDecision,
  unsignedEvmTransaction,
} from '@custody/intents';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  waitFor,
  type TestDatabase,
} from '@custody/testing';
import { signingService } from './signing.compose';
import { softHsm } from './test-harness';

const mnemonic = Wallet.createRandom().mnemonic!.phrase;
// The seed sealed by a SoftHSM2 token, as in production: the mnemonic is sealed at the first start.
const token = softHsm().init('rpc');
let database: TestDatabase;
let namespace: string;
let env: Record<string, string>;
let service: RunningService<'signing'>;
let broker: Broker;
let walletLedger: RpcClient;
let gateway: RpcClient;

beforeAll(async () => {
  const urls = testServiceUrls();
  database = await createTestDatabase();
  namespace = uniqueName('t');
  env = {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SIGNING_MASTER_MNEMONIC: mnemonic,
    ...token.env,
  };
  service = await startService(signingService, env);
  broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  walletLedger = new RpcClient({
    broker,
    caller: 'wallet-ledger',
    signer: devProofSigner('wallet-ledger'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  gateway = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await walletLedger.start();
  await gateway.start();
});

afterAll(async () => {
  await walletLedger.stop();
  await gateway.stop();
  await broker.close();
  await service.stop();
  await deleteMqNamespace(namespace);
  await database.drop();
});

const call = <M extends RpcMethod<'signing'>>(method: M, params: RpcParams<'signing', M>) =>
  walletLedger.call('signing', method, params);

/** The policy service's development key: what `npm start` and these tests trust. */
const policyKey = decisionSignerKey({}).key;

/** A decision as the policy service would sign it, for `owner` and exactly `intent`. */
async function decide(owner: string, intent: SignIntent, claims: Partial<DecisionClaims> = {}) {
  const now = Date.now();
  return signDecision(
    {
      v: 1,
      decisionId: uuidv7(),
      tenantId: 'tenant-a',
      activity: owner.startsWith('issuer:') ? 'issuer-activity' : 'sign-message',
      owner,
      operationId: uuidv7(),
      intent,
      approval: null,
      issuedAt: now,
      expiresAt: now + 60_000,
      ...claims,
    },
    policyKey,
  );
}
const messageDecision = (owner: string, message: string) =>
  decide(owner, { kind: 'evm-message', digest: evmMessageDigest(message) });
const typedDecision = (owner: string, data: Parameters<typeof evmTypedDataDigest>[0]) =>
  decide(owner, { kind: 'evm-typed-data', digest: evmTypedDataDigest(data) });
const txDecision = (owner: string, chainId: string, input: { tx?: string; txJson?: object }) =>
  decide(owner, {
    kind: 'evm-tx',
    chainId,
    digest: evmTxDigest(unsignedEvmTransaction(chainId, input)),
  });
const derive = (ownerId: string, chain: 'evm' | 'qubic' = 'evm') =>
  call(SIGNING_RPC.deriveKey, { ownerId, chain });

const typedData = {
  domain: {
    name: 'Custody',
    version: '1',
    chainId: '1',
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  value: {
    primaryType: 'Mail',
    from: { name: 'Alice', wallet: '0x000000000000000000000000000000000000bEEF' },
    contents: 'Hello',
  },
};

describe('key derivation', () => {
  it('derives BIP-44 EVM addresses that anyone holding the seed can recompute', async () => {
    const key = await derive('wallet-1');
    const expected = HDNodeWallet.fromSeed(Mnemonic.fromPhrase(mnemonic).computeSeed()).derivePath(
      key.derivationPath,
    );
    expect(key).toMatchObject({ ownerId: 'wallet-1', chain: 'evm', address: expected.address });
    expect(key.derivationPath).toBe(`m/44'/60'/0'/0/${key.derivationIndex}`);
    expect(await derive('wallet-1')).toEqual(key); // one key per owner and chain
  });

  it('gives 50 concurrent wallets 50 distinct indexes and addresses', async () => {
    const keys = await Promise.all(Array.from({ length: 50 }, (_, i) => derive(`concurrent-${i}`)));
    expect(new Set(keys.map((k) => k.derivationIndex)).size).toBe(50);
    expect(new Set(keys.map((k) => k.address)).size).toBe(50);
  });

  it('keeps every address after a restart with the same seed', async () => {
    const before = await derive('survivor');
    const qubicBefore = await derive('survivor', 'qubic');
    await service.stop();
    service = await startService(signingService, env);
    expect(await derive('survivor')).toEqual(before);
    expect(await derive('survivor', 'qubic')).toEqual(qubicBefore);
    const next = await derive('newcomer');
    expect(next.derivationIndex).toBeGreaterThan(before.derivationIndex);
  });

  it('derives valid, distinct Qubic identities', async () => {
    const a = await derive('q-a', 'qubic');
    const b = await derive('q-b', 'qubic');
    expect(a.address).toMatch(/^[A-Z]{60}$/);
    expect(await new QubicHelper().verifyIdentity(a.address)).toBe(true);
    expect(a.address).not.toBe(b.address);
  });

  it('refuses callers that do not check wallet ownership first', async () => {
    await expect(
      gateway.call('signing', SIGNING_RPC.deriveKey, { ownerId: 'x', chain: 'evm' }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
  });

  it("confines each caller to its own owners' keys", async () => {
    const issuer = new RpcClient({
      broker,
      caller: 'issuer',
      signer: devProofSigner('issuer'),
      defaultTimeoutMs: 10_000,
      logger: testLogger(),
    });
    await issuer.start();
    try {
      const wallet = await derive('confined-wallet');
      const own = await issuer.call('signing', SIGNING_RPC.deriveKey, {
        ownerId: issuerKeyOwner('confined'),
        chain: 'evm',
      });
      expect(own.ownerId).toBe(issuerKeyOwner('confined'));
      const refused = { status: 403, code: 'key_not_allowed' };
      // A compromised issuer cannot sign with a custody wallet's key, nor the gas station's.
      for (const ownerId of [wallet.ownerId, 'system:gas-station'])
        await expect(
          issuer.call('signing', SIGNING_RPC.signEvmTypedData, {
            ownerId,
            chain: 'evm',
            typedData,
            decision: await typedDecision(ownerId, typedData),
          }),
        ).rejects.toMatchObject(refused);
      // Nor wallet-ledger with an issuer's.
      await expect(
        call(SIGNING_RPC.signEvmMessage, {
          ownerId: issuerKeyOwner('confined'),
          chain: 'evm',
          message: 'not mine',
          decision: await messageDecision(issuerKeyOwner('confined'), 'not mine'),
        }),
      ).rejects.toMatchObject(refused);
      // Each refusal is reported to the audit log (signing's outbox).
      await waitFor(async () => {
        const { rows } = await service.deps.pool.query(
          `SELECT 1 FROM signing.outbox WHERE name = 'audit.rpc-refused'
            AND envelope->'data'->>'reason' = 'key_not_allowed'
            AND envelope->'data'->>'caller' = 'issuer'`,
        );
        return rows.length >= 2;
      });
    } finally {
      await issuer.stop();
    }
  });
});

describe('EVM signatures', () => {
  it('signs EIP-191 messages that verify to the wallet address', async () => {
    const key = await derive('signer');
    const { signature } = await call(SIGNING_RPC.signEvmMessage, {
      ownerId: 'signer',
      chain: 'evm',
      message: 'I agree to the terms',
      decision: await messageDecision('signer', 'I agree to the terms'),
    });
    expect(verifyMessage('I agree to the terms', signature)).toBe(key.address);
  });

  it('signs EIP-712 typed data that verifies to the wallet address', async () => {
    const key = await derive('signer');
    const { signature } = await call(SIGNING_RPC.signEvmTypedData, {
      ownerId: 'signer',
      chain: 'evm',
      typedData,
      decision: await typedDecision('signer', typedData),
    });
    const { EIP712Domain: _d, ...types } = typedData.types;
    const { primaryType: _p, ...value } = typedData.value;
    expect(verifyTypedData(typedData.domain, types, value, signature)).toBe(key.address);
  });

  it.each([
    [
      'an unknown root type',
      { ...typedData, value: { ...typedData.value, primaryType: 'Letter' } },
    ],
    [
      'a value that does not match its type',
      { ...typedData, value: { ...typedData.value, from: { name: 'A', wallet: 'nope' } } },
    ],
    [
      'an undefined field type',
      {
        ...typedData,
        types: { Mail: [{ name: 'x', type: 'Nothing' }] },
        value: { primaryType: 'Mail', x: 1 },
      },
    ],
  ])('answers 400 invalid_typed_data for %s', async (_name, bad) => {
    await derive('signer');
    await expect(
      call(SIGNING_RPC.signEvmTypedData, {
        ownerId: 'signer',
        chain: 'evm',
        typedData: bad,
        decision: await typedDecision('signer', typedData),
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_typed_data',
    });
  });

  it('signs a transaction from txJson, recoverable to the wallet address', async () => {
    const key = await derive('payer');
    const txJson = {
      to: '0x000000000000000000000000000000000000bEEF',
      value: '1000000000000000',
      gasLimit: '21000',
      maxFeePerGas: '30000000000',
      maxPriorityFeePerGas: '1000000000',
      nonce: '7',
    };
    const signed = await call(SIGNING_RPC.signEvmTransaction, {
      ownerId: 'payer',
      chain: 'evm',
      chainId: '11155111',
      txJson,
      decision: await txDecision('payer', '11155111', { txJson }),
    });
    const tx = Transaction.from(signed.signedTx);
    expect(tx.from).toBe(key.address);
    expect(tx.chainId).toBe(11155111n);
    expect(signed).toMatchObject({
      to: '0x000000000000000000000000000000000000bEEF',
      value: '1000000000000000',
      nonce: '7',
      gasLimit: '21000',
    });
  });

  it('signs an unsigned serialized transaction and refuses one for another chain', async () => {
    const key = await derive('payer');
    const unsigned = Transaction.from({
      type: 0,
      chainId: 1n,
      to: '0x000000000000000000000000000000000000bEEF',
      value: 5n,
      gasLimit: 21000n,
      gasPrice: 1000000000n,
      nonce: 1,
    }).unsignedSerialized;
    const signed = await call(SIGNING_RPC.signEvmTransaction, {
      ownerId: 'payer',
      chain: 'evm',
      chainId: '1',
      tx: unsigned,
      decision: await txDecision('payer', '1', { tx: unsigned }),
    });
    expect(Transaction.from(signed.signedTx).from).toBe(key.address);
    await expect(
      call(SIGNING_RPC.signEvmTransaction, {
        ownerId: 'payer',
        chain: 'evm',
        chainId: '5',
        tx: unsigned,
        decision: await txDecision('payer', '1', { tx: unsigned }),
      }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_transaction' });
    await expect(
      call(SIGNING_RPC.signEvmTransaction, {
        ownerId: 'payer',
        chain: 'evm',
        chainId: '1',
        tx: '0xdeadbeef',
        decision: await txDecision('payer', '1', { tx: unsigned }),
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an EVM payload for a Qubic wallet and an unknown wallet', async () => {
    await expect(
      call(SIGNING_RPC.signEvmMessage, {
        ownerId: 'q-a',
        chain: 'qubic',
        message: 'x',
        decision: await messageDecision('q-a', 'x'),
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'unsupported_asset',
    });
    await expect(
      call(SIGNING_RPC.signEvmMessage, {
        ownerId: 'nobody',
        chain: 'evm',
        message: 'x',
        decision: await messageDecision('nobody', 'x'),
      }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'key_not_found',
    });
  });
});

describe('Qubic signatures', () => {
  it('signs a transfer whose signature verifies against the wallet identity', async () => {
    const key = await derive('qubic-payer', 'qubic');
    const destination = (await derive('qubic-payee', 'qubic')).address;
    const qubicTxJson = { destinationPublicKey: destination, amount: '1000', type: 0, tick: 12345 };
    const signed = await call(SIGNING_RPC.signQubicTransaction, {
      ownerId: 'qubic-payer',
      chain: 'qubic',
      qubicTxJson,
      decision: await decide('qubic-payer', { kind: 'qubic-tx', digest: qubicDigest(qubicTxJson) }),
    });
    const bytes = Buffer.from(signed.signedTx, 'base64');
    const lib = await crypto;
    const digest = new Uint8Array(32);
    lib.K12(bytes.subarray(0, bytes.length - 64), digest, 32);
    const publicKey = new QubicHelper().getIdentityBytes(key.address);
    expect(lib.schnorrq.verify(publicKey, digest, bytes.subarray(bytes.length - 64))).toBe(1);
    expect(Buffer.from(bytes.subarray(0, 32))).toEqual(Buffer.from(publicKey)); // the source is the wallet
  });

  it('answers 400 for an invalid destination identity', async () => {
    await derive('qubic-payer', 'qubic');
    const qubicTxJson = { destinationPublicKey: 'A'.repeat(60), amount: '1', type: 0, tick: 1 };
    await expect(
      call(SIGNING_RPC.signQubicTransaction, {
        ownerId: 'qubic-payer',
        chain: 'qubic',
        qubicTxJson,
        decision: await decide('qubic-payer', {
          kind: 'qubic-tx',
          digest: qubicDigest(qubicTxJson),
        }),
      }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_transaction' });
  });
});

describe('policy decisions', () => {
  const refused = (code: string) => ({ status: 403, code });
  const message = 'pay the attacker';
  const sign = (ownerId: string, decision: string, text = message) =>
    call(SIGNING_RPC.signEvmMessage, { ownerId, chain: 'evm', message: text, decision });
  /** Refusals signing reported to the audit log (its outbox), by reason: once all are there. */
  const audited = (reasons: string[]) =>
    waitFor(async () => {
      const { rows } = await service.deps.pool.query<{ reason: string }>(
        `SELECT envelope->'data'->>'reason' AS reason FROM signing.outbox
          WHERE name = 'audit.rpc-refused' AND envelope->'data'->>'failed' = 'decision'`,
      );
      const found = rows.map((r) => r.reason);
      return reasons.every((r) => found.includes(r)) ? found : undefined;
    });

  beforeAll(async () => {
    await call(SIGNING_RPC.deriveKey, {
      ownerId: 'tenant-wallet',
      chain: 'evm',
      tenantId: 'tenant-a',
    });
  });

  it('signs nothing without a decision, and audits the refusal', async () => {
    await expect(sign('tenant-wallet', '')).rejects.toMatchObject(refused('decision_required'));
    expect(await audited(['missing'])).toContain('missing');
  });

  it('refuses a decision the policy service did not sign', async () => {
    const forged = await signDecision(
      {
        v: 1,
        decisionId: uuidv7(),
        tenantId: 'tenant-a',
        activity: 'sign-message',
        owner: 'tenant-wallet',
        operationId: uuidv7(),
        intent: { kind: 'evm-message', digest: evmMessageDigest(message) },
        approval: null,
        issuedAt: Date.now(),
        expiresAt: Date.now() + 60_000,
      },
      // The same key id, another key: the signature does not verify.
      {
        kid: policyKey.kid,
        privateKey: decisionSignerKey({ POLICY_DECISION_KEY: `dev:${'A'.repeat(43)}` }).key
          .privateKey,
      },
    );
    await expect(sign('tenant-wallet', forged)).rejects.toMatchObject(refused('decision_invalid'));
    await expect(sign('tenant-wallet', 'not.a.jws')).rejects.toMatchObject(
      refused('decision_invalid'),
    );
    expect(await audited(['bad_signature', 'malformed'])).toEqual(
      expect.arrayContaining(['bad_signature', 'malformed']),
    );
  });

  it('refuses a decision for another payload, another key, another tenant or past its time', async () => {
    const other = await messageDecision('tenant-wallet', 'a harmless message');
    await expect(sign('tenant-wallet', other)).rejects.toMatchObject(refused('decision_mismatch'));
    await derive('another-wallet');
    const anothers = await messageDecision('another-wallet', message);
    await expect(sign('tenant-wallet', anothers)).rejects.toMatchObject(
      refused('decision_mismatch'),
    );
    const tenantB = await decide(
      'tenant-wallet',
      { kind: 'evm-message', digest: evmMessageDigest(message) },
      { tenantId: 'tenant-b' },
    );
    await expect(sign('tenant-wallet', tenantB)).rejects.toMatchObject(
      refused('decision_mismatch'),
    );
    const expired = await decide(
      'tenant-wallet',
      { kind: 'evm-message', digest: evmMessageDigest(message) },
      { expiresAt: Date.now() - 1 },
    );
    await expect(sign('tenant-wallet', expired)).rejects.toMatchObject(refused('decision_expired'));
    // One that claims to live longer than any the policy service signs is not taken either.
    const lasting = await decide(
      'tenant-wallet',
      { kind: 'evm-message', digest: evmMessageDigest(message) },
      { expiresAt: Date.now() + 3_600_000 },
    );
    await expect(sign('tenant-wallet', lasting)).rejects.toMatchObject(refused('decision_expired'));
    const reasons = ['other_payload', 'other_owner', 'other_tenant', 'expired'];
    expect(await audited(reasons)).toEqual(expect.arrayContaining(reasons));
  });

  it('uses a decision once, and logs the signature with its decision id', async () => {
    const decision = await messageDecision('tenant-wallet', message);
    const first = await sign('tenant-wallet', decision);
    expect(verifyMessage(message, first.signature)).toMatch(/^0x/);
    await expect(sign('tenant-wallet', decision)).rejects.toMatchObject(refused('decision_used'));
    const { rows } = await service.deps.pool.query(
      `SELECT owner_id, caller, intent_kind, signed FROM signing.signature_log
        WHERE decision_id = $1`,
      [
        JSON.parse(Buffer.from(decision.split('.')[1] as string, 'base64url').toString())
          .decisionId,
      ],
    );
    expect(rows).toEqual([
      {
        owner_id: 'tenant-wallet',
        caller: 'wallet-ledger',
        intent_kind: 'evm-message',
        signed: evmMessageDigest(message),
      },
    ]);
    // The log is append-only, even for signing's own role.
    await expect(service.deps.pool.query('DELETE FROM signing.signature_log')).rejects.toThrow(
      /append-only/,
    );
  });

  describe("a withdrawal's transaction", () => {
    const recipient = '0x000000000000000000000000000000000000bEEF';
    let from: string;
    const txJson = (fields: Record<string, string> = {}) => ({
      to: recipient,
      value: '1000',
      gasLimit: '21000',
      maxFeePerGas: '30',
      maxPriorityFeePerGas: '1',
      nonce: '4',
      ...fields,
    });
    const transfer = (topUp?: string): SignIntent => ({
      kind: 'evm-transfer',
      chainId: '31337',
      from,
      to: recipient,
      value: '1000',
      dataHash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      nonce: 4,
      maxFeePerGas: '40',
      gasLimit: '21000',
      assetId: 'eth',
      amount: '0.000000000000001',
      recipient,
      ...(topUp ? { topUp: { maxValue: topUp } } : {}),
    });
    const sendTx = (ownerId: string, json: object, decision: string) =>
      call(SIGNING_RPC.signEvmTransaction, {
        ownerId,
        chain: 'evm',
        chainId: '31337',
        txJson: json,
        decision,
      });

    beforeAll(async () => {
      from = (await derive('tenant-wallet')).address;
    });

    it('signs its replacements at the same nonce within the fee cap, and its cancel', async () => {
      const decision = await decide('tenant-wallet', transfer(), { activity: 'withdrawal' });
      const first = await sendTx('tenant-wallet', txJson(), decision);
      const faster = await sendTx('tenant-wallet', txJson({ maxFeePerGas: '40' }), decision);
      expect(faster.hash).not.toBe(first.hash);
      const cancel = await sendTx(
        'tenant-wallet',
        txJson({ to: from, value: '0', maxFeePerGas: '40' }),
        decision,
      );
      expect(Transaction.from(cancel.signedTx).to).toBe(from);
      await expect(
        sendTx('tenant-wallet', txJson({ maxFeePerGas: '41' }), decision),
      ).rejects.toMatchObject(refused('decision_over_fee_cap'));
      await expect(sendTx('tenant-wallet', txJson({ nonce: '5' }), decision)).rejects.toMatchObject(
        refused('decision_mismatch'),
      );
      await expect(
        sendTx(
          'tenant-wallet',
          txJson({ to: '0x000000000000000000000000000000000000dEaD' }),
          decision,
        ),
      ).rejects.toMatchObject(refused('decision_mismatch'));
    });

    it("lets the gas station top its address up once, within the decision's cap", async () => {
      await derive('system:gas-station');
      const topUp = (value: string, nonce = '9') =>
        txJson({ to: from, value, nonce, maxFeePerGas: '30' });
      // Outside a withdrawal's decision, the gas station signs nothing.
      const plain = await decide('tenant-wallet', transfer(), { activity: 'withdrawal' });
      await expect(sendTx('system:gas-station', topUp('100'), plain)).rejects.toMatchObject(
        refused('decision_mismatch'),
      );
      const decision = await decide('tenant-wallet', transfer('630000'), {
        activity: 'withdrawal',
      });
      await expect(sendTx('system:gas-station', topUp('630001'), decision)).rejects.toMatchObject(
        refused('decision_over_fee_cap'),
      );
      await expect(
        sendTx('system:gas-station', txJson({ to: recipient, value: '100', nonce: '9' }), decision),
      ).rejects.toMatchObject(refused('decision_mismatch'));
      const signed = await sendTx('system:gas-station', topUp('630000'), decision);
      expect(Transaction.from(signed.signedTx).to).toBe(from);
      await expect(sendTx('system:gas-station', topUp('1', '10'), decision)).rejects.toMatchObject(
        refused('decision_used'),
      );
    });
  });
});

describe('key material', () => {
  it('never reaches the database', async () => {
    const root = HDNodeWallet.fromSeed(Mnemonic.fromPhrase(mnemonic).computeSeed());
    const secrets = [
      mnemonic,
      root.privateKey.slice(2),
      root.derivePath("m/44'/60'/0'/0/0").privateKey.slice(2),
    ];
    const { rows } = await service.deps.pool.query(
      `SELECT string_agg(t::text, ' ') AS dump FROM (SELECT * FROM signing.keys) t`,
    );
    const sealed = await service.deps.pool.query(
      `SELECT encode(ciphertext, 'hex') AS hex FROM signing.sealed_seed`,
    );
    // Only the token's ciphertext of the seed is stored (neither half of the seed in clear).
    const seedHex = Mnemonic.fromPhrase(mnemonic).computeSeed().slice(2);
    expect(sealed.rows).toHaveLength(1);
    expect(sealed.rows[0].hex).not.toContain(seedHex.slice(0, 32));
    expect(sealed.rows[0].hex).not.toContain(seedHex.slice(32, 64));
    const dump = String(rows[0].dump).toLowerCase();
    expect(dump.length).toBeGreaterThan(100);
    for (const secret of secrets) expect(dump).not.toContain(secret.toLowerCase());
  });
});

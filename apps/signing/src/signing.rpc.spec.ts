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
import { issuerKeyOwner, SIGNING_RPC, type RpcMethod, type RpcParams } from '@custody/contracts';
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
import { signingService } from './signing.compose';

const mnemonic = Wallet.createRandom().mnemonic!.phrase;
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
          }),
        ).rejects.toMatchObject(refused);
      // Nor wallet-ledger with an issuer's.
      await expect(
        call(SIGNING_RPC.signEvmMessage, {
          ownerId: issuerKeyOwner('confined'),
          chain: 'evm',
          message: 'not mine',
        }),
      ).rejects.toMatchObject(refused);
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
    });
    expect(verifyMessage('I agree to the terms', signature)).toBe(key.address);
  });

  it('signs EIP-712 typed data that verifies to the wallet address', async () => {
    const key = await derive('signer');
    const { signature } = await call(SIGNING_RPC.signEvmTypedData, {
      ownerId: 'signer',
      chain: 'evm',
      typedData,
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
      call(SIGNING_RPC.signEvmTypedData, { ownerId: 'signer', chain: 'evm', typedData: bad }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_typed_data',
    });
  });

  it('signs a transaction from txJson, recoverable to the wallet address', async () => {
    const key = await derive('payer');
    const signed = await call(SIGNING_RPC.signEvmTransaction, {
      ownerId: 'payer',
      chain: 'evm',
      chainId: '11155111',
      txJson: {
        to: '0x000000000000000000000000000000000000bEEF',
        value: '1000000000000000',
        gasLimit: '21000',
        maxFeePerGas: '30000000000',
        maxPriorityFeePerGas: '1000000000',
        nonce: '7',
      },
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
    });
    expect(Transaction.from(signed.signedTx).from).toBe(key.address);
    await expect(
      call(SIGNING_RPC.signEvmTransaction, {
        ownerId: 'payer',
        chain: 'evm',
        chainId: '5',
        tx: unsigned,
      }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_transaction' });
    await expect(
      call(SIGNING_RPC.signEvmTransaction, {
        ownerId: 'payer',
        chain: 'evm',
        chainId: '1',
        tx: '0xdeadbeef',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an EVM payload for a Qubic wallet and an unknown wallet', async () => {
    await expect(
      call(SIGNING_RPC.signEvmMessage, { ownerId: 'q-a', chain: 'qubic', message: 'x' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'unsupported_asset',
    });
    await expect(
      call(SIGNING_RPC.signEvmMessage, { ownerId: 'nobody', chain: 'evm', message: 'x' }),
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
    const signed = await call(SIGNING_RPC.signQubicTransaction, {
      ownerId: 'qubic-payer',
      chain: 'qubic',
      qubicTxJson: { destinationPublicKey: destination, amount: '1000', type: 0, tick: 12345 },
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
    await expect(
      call(SIGNING_RPC.signQubicTransaction, {
        ownerId: 'qubic-payer',
        chain: 'qubic',
        qubicTxJson: { destinationPublicKey: 'A'.repeat(60), amount: '1', type: 0, tick: 1 },
      }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_transaction' });
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
    const dump = String(rows[0].dump).toLowerCase();
    expect(dump.length).toBeGreaterThan(100);
    for (const secret of secrets) expect(dump).not.toContain(secret.toLowerCase());
  });
});

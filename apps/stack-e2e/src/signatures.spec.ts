import { Transaction, verifyMessage, verifyTypedData } from 'ethers';
import crypto from '@qubic-lib/qubic-ts-library/dist/crypto';
import { QubicHelper } from '@qubic-lib/qubic-ts-library/dist/qubicHelper';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { tapEvents } from './events-tap';
import { fund } from './world';
import { type Stack, startStack } from './stack';

let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;
let other: Awaited<ReturnType<Api['newClient']>>;
let user: string;
let eth: { id: string; address: string };
let qubic: { id: string; address: string };

const device = { device: 'Pixel 9', ip: '203.0.113.9' };

async function newUser(token: string): Promise<string> {
  return (
    await api.post('/v1/users/individual-person', {
      token,
      body: { generalConditions: '2026-01-01' },
    })
  ).body.id;
}

async function openWallet(token: string, userId: string, assetId: string) {
  const created = await api.post(`/v1/users/${userId}/wallets`, {
    token,
    body: { assetId, ...device },
  });
  const read = await api.get(`/v1/users/${userId}/wallets/${created.body.id}`, { token });
  return { id: created.body.id as string, address: read.body.address as string };
}

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'wallet-ledger', 'trading', 'signing'] });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Signer');
  other = await api.newClient(admin, 'Other');
  user = await newUser(tenant.token);
  eth = await openWallet(tenant.token, user, 'eth');
  qubic = await openWallet(tenant.token, user, 'qubic');
  // What the transactions below send (and their network fees) is held on the wallet.
  await fund(api, admin, eth.id, '1');
  await fund(api, admin, qubic.id, '100');
}, 90_000);

afterAll(async () => {
  await stack?.cleanup();
});

const base = () => `/v1/users/${user}/wallets/${eth.id}`;

const typedData = {
  domain: {
    name: 'Custody',
    version: '1',
    chainId: '1',
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    Order: [
      { name: 'asset', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  value: { primaryType: 'Order', asset: 'ETH', amount: '1000' },
};

describe('sign-message', () => {
  it('answers 200 {id}; the stored signature verifies to the wallet address', async () => {
    const res = await api.post(`${base()}/sign-message`, {
      token: tenant.token,
      body: { message: 'hello custody', externalReference: 'm-1' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id']);
    const record = await api.get(`${base()}/sign-message/${res.body.id}`, { token: tenant.token });
    expect(record.body).toMatchObject({
      id: res.body.id,
      userId: user,
      walletId: eth.id,
      message: 'hello custody',
      status: 'sent',
      externalReference: 'm-1',
    });
    expect(verifyMessage('hello custody', record.body.signedMessage)).toBe(eth.address);
    const list = await api.get(`${base()}/sign-message?externalReference=m-1`, {
      token: tenant.token,
    });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([res.body.id]);
    expect(
      (
        await api.get(`${base()}/sign-message/${res.body.id}?page=1&limit=10&sort=createdAt`, {
          token: tenant.token,
        })
      ).status,
    ).toBe(200);
  });
});

describe('sign-typed-data', () => {
  it('refuses typed data that authorizes a token transfer (an EIP-2612 permit)', async () => {
    const permit = {
      domain: { name: 'USD Coin', version: '2', chainId: '1', verifyingContract: eth.address },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      value: {
        owner: eth.address,
        spender: '0x000000000000000000000000000000000000bEEF',
        value: '1000000',
        nonce: '0',
        deadline: '9999999999',
      },
    };
    expectProblem(
      await api.post(`${base()}/sign-typed-data`, {
        token: tenant.token,
        body: { typedData: permit },
      }),
      400,
      'token_authorization_refused',
    );
  });

  it('signs EIP-712 data that verifies to the wallet address', async () => {
    const res = await api.post(`${base()}/sign-typed-data`, {
      token: tenant.token,
      body: { typedData },
    });
    expect(res.status).toBe(200);
    const record = await api.get(`${base()}/sign-typed-data/${res.body.id}`, {
      token: tenant.token,
    });
    const { primaryType: _p, ...value } = typedData.value;
    expect(
      verifyTypedData(typedData.domain, typedData.types, value, record.body.signedTypedData),
    ).toBe(eth.address);
    expect(record.body.typedData).toEqual(typedData);
  });

  it('answers 400 to malformed typed data', async () => {
    expectProblem(
      await api.post(`${base()}/sign-typed-data`, {
        token: tenant.token,
        body: { typedData: { domain: {}, types: [] } },
      }),
      400,
    );
    const wrongValue = {
      ...typedData,
      value: { primaryType: 'Order', asset: 'ETH', amount: 'lots' },
    };
    expectProblem(
      await api.post(`${base()}/sign-typed-data`, {
        token: tenant.token,
        body: { typedData: wrongValue },
      }),
      400,
      'invalid_typed_data',
    );
  });
});

describe('sign-tx', () => {
  it('signs txJson for the asset’s chain; the transaction recovers to the wallet address', async () => {
    const res = await api.post(`${base()}/sign-tx`, {
      token: tenant.token,
      body: {
        txJson: {
          to: '0x000000000000000000000000000000000000bEEF',
          value: '1000',
          gasLimit: '21000',
          maxFeePerGas: '2000000000',
          maxPriorityFeePerGas: '1000000000',
          nonce: '0',
        },
      },
    });
    expect(res.status).toBe(200);
    const record = await api.get(`${base()}/sign-tx/${res.body.id}`, { token: tenant.token });
    const tx = Transaction.from(record.body.signedTx);
    expect(tx.from).toBe(eth.address);
    expect(tx.chainId).toBe(1n);
    expect(record.body).toMatchObject({
      walletId: eth.id,
      to: '0x000000000000000000000000000000000000bEEF',
      value: '1000',
      nonce: '0',
      gasLimit: '21000',
      status: 'sent',
    });
  });

  it('holds what a value-moving transaction takes, as a withdrawal an admin resolves (manual adapter)', async () => {
    const before = (await api.get(base(), { token: tenant.token })).body;
    const res = await api.post(`${base()}/sign-tx`, {
      token: tenant.token,
      body: {
        txJson: {
          to: '0x000000000000000000000000000000000000bEEF',
          value: '100000000000000000',
          gasLimit: '21000',
          maxFeePerGas: '1000000000',
          maxPriorityFeePerGas: '1',
          nonce: '7',
        },
      },
    });
    expect(res.status).toBe(200);
    const record = (await api.get(`${base()}/sign-tx/${res.body.id}`, { token: tenant.token }))
      .body;
    // 0.1 ETH and at most 21,000 gas × 1 gwei of fee are held; the balance stays.
    const held = await api.get(`${base()}/withdrawals/${record.withdrawalId}`, {
      token: tenant.token,
    });
    expect(held.body).toMatchObject({
      status: 'broadcast',
      amount: '0.1',
      receiverAddress: '0x000000000000000000000000000000000000bEEF',
      blockchainTransactionId: record.hash,
    });
    const after = (await api.get(base(), { token: tenant.token })).body;
    expect(after.balance).toBe(before.balance);
    expect(Number(before.availableBalance) - Number(after.availableBalance)).toBeCloseTo(
      0.100021,
      9,
    );
    // Without a chain adapter an admin says what became of it: here, it never went out.
    const failed = await api.patch(`/v1/admin/withdrawals/${record.withdrawalId}`, {
      token: admin,
      body: { status: 'failed' },
    });
    expect(failed.status).toBe(200);
    expect((await api.get(base(), { token: tenant.token })).body.availableBalance).toBe(
      before.availableBalance,
    );
  });

  it('books what a signed transaction an admin confirms paid, its fee from its reserve (manual adapter)', async () => {
    const wallet = async () =>
      (await api.get(base(), { token: tenant.token })).body as {
        balance: string;
        availableBalance: string;
      };
    const sign = async (value: string, nonce: string) => {
      const res = await api.post(`${base()}/sign-tx`, {
        token: tenant.token,
        body: {
          txJson: {
            to: '0x000000000000000000000000000000000000bEEF',
            value,
            data: '0x12345678',
            gasLimit: '21000',
            maxFeePerGas: '1000000000',
            maxPriorityFeePerGas: '1',
            nonce,
          },
        },
      });
      expect(res.status).toBe(200);
      return (await api.get(`${base()}/sign-tx/${res.body.id}`, { token: tenant.token })).body
        .withdrawalId as string;
    };
    const report = (id: string, fee: string, blockchainTransactionId?: string) =>
      api.patch(`/v1/admin/withdrawals/${id}`, {
        token: admin,
        body: {
          status: 'confirmed',
          fee,
          ...(blockchainTransactionId ? { blockchainTransactionId } : {}),
        },
      });
    const before = await wallet();
    // 0.1 paid and 0.00002 of its reserved 0.000021 spent; the rest of the reserve returns.
    const paid = await sign('100000000000000000', '20');
    expect((await report(paid, '0.00002')).status).toBe(200);
    const after = await wallet();
    // Both balances down by what it paid: nothing of its reserve stays held.
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(0.10002, 12);
    expect(Number(before.availableBalance) - Number(after.availableBalance)).toBeCloseTo(
      0.10002,
      12,
    );
    // A call that pays no coin: its fee alone; never more than its reserve.
    const call = await sign('0', '21');
    expectProblem(await report(call, '0.000022'), 400, 'validation_failed');
    const paidHash = (await api.get(`${base()}/withdrawals/${paid}`, { token: tenant.token })).body
      .blockchainTransactionId as string;
    expectProblem(await report(call, '0.00001', paidHash), 409, 'transaction_already_booked');
    expect((await report(call, '0.00001')).status).toBe(200);
    const last = await wallet();
    expect(Number(after.balance) - Number(last.balance)).toBeCloseTo(0.00001, 12);
    expect(Number(after.availableBalance) - Number(last.availableBalance)).toBeCloseTo(0.00001, 12);
  });

  it('refuses a transaction above the available balance, and keeps no record of it', async () => {
    const listed = async () =>
      (await api.get(`${base()}/sign-tx?limit=0`, { token: tenant.token })).body.length;
    const count = await listed();
    const res = await api.post(`${base()}/sign-tx`, {
      token: tenant.token,
      body: {
        txJson: { to: eth.address, value: '2000000000000000000', gasLimit: '21000', nonce: '8' },
      },
    });
    expectProblem(res, 400, 'insufficient_balance');
    expect(await listed()).toBe(count);
  });

  it('refuses to move an asset the wallet does not hold (a token call from the ETH wallet)', async () => {
    // The catalog's USDC contract on Ethereum: transfer(receiver, 1).
    const usdcContract = (await api.get('/v1/assets/usdc', { token: tenant.token })).body
      .contractAddress as string;
    const data = `0xa9059cbb${'0'.repeat(24)}${eth.address.slice(2).toLowerCase()}${(1).toString(16).padStart(64, '0')}`;
    const res = await api.post(`${base()}/sign-tx`, {
      token: tenant.token,
      body: { txJson: { to: usdcContract, value: '0', data, gasLimit: '60000', nonce: '9' } },
    });
    expectProblem(res, 400, 'asset_not_in_wallet');
  });

  it('holds a transaction once: signing the same one again is refused', async () => {
    const body = {
      txJson: {
        to: '0x000000000000000000000000000000000000bEEF',
        value: '5',
        gasLimit: '21000',
        maxFeePerGas: '1',
        maxPriorityFeePerGas: '1',
        nonce: '11',
      },
    };
    expect((await api.post(`${base()}/sign-tx`, { token: tenant.token, body })).status).toBe(200);
    expectProblem(
      await api.post(`${base()}/sign-tx`, { token: tenant.token, body }),
      409,
      'transaction_already_signed',
    );
  });

  it('signs an unsigned serialized transaction', async () => {
    const unsigned = Transaction.from({
      type: 2,
      chainId: 1n,
      to: '0x000000000000000000000000000000000000bEEF',
      value: 1n,
      gasLimit: 21000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      nonce: 3,
    }).unsignedSerialized;
    const res = await api.post(`${base()}/sign-tx`, {
      token: tenant.token,
      body: { tx: unsigned },
    });
    const record = await api.get(`${base()}/sign-tx/${res.body.id}`, { token: tenant.token });
    expect(Transaction.from(record.body.signedTx).from).toBe(eth.address);
  });

  it('signs qubicTxJson with a Qubic wallet, verifiable against its identity', async () => {
    const res = await api.post(`/v1/users/${user}/wallets/${qubic.id}/sign-tx`, {
      token: tenant.token,
      body: {
        qubicTxJson: { destinationPublicKey: qubic.address, amount: '5', type: 0, tick: 100 },
      },
    });
    expect(res.status).toBe(200);
    const record = await api.get(`/v1/users/${user}/wallets/${qubic.id}/sign-tx/${res.body.id}`, {
      token: tenant.token,
    });
    const bytes = Buffer.from(record.body.signedTx, 'base64');
    const lib = await crypto;
    const digest = new Uint8Array(32);
    lib.K12(bytes.subarray(0, bytes.length - 64), digest, 32);
    expect(
      lib.schnorrq.verify(
        new QubicHelper().getIdentityBytes(qubic.address),
        digest,
        bytes.subarray(bytes.length - 64),
      ),
    ).toBe(1);
    // Its 5 QU are held until an admin says what became of the transaction.
    expect(record.body.withdrawalId).toEqual(expect.any(String));
    const wallet = await api.get(`/v1/users/${user}/wallets/${qubic.id}`, { token: tenant.token });
    expect(wallet.body).toMatchObject({ balance: '100', availableBalance: '95' });
  });

  it.each([
    ['none of tx, txJson, qubicTxJson', {}, 'validation_failed'],
    ['two of them', { tx: '0x01', txJson: {} }, 'validation_failed'],
    [
      'a Qubic payload on an EVM wallet',
      { qubicTxJson: { destinationPublicKey: 'A'.repeat(60), amount: '1', type: 0, tick: 1 } },
      'unsupported_asset',
    ],
    ['a malformed address', { txJson: { to: '0x123' } }, 'validation_failed'],
    ['bytes that are no transaction', { tx: '0xdeadbeef' }, 'invalid_transaction'],
  ])('answers 400 for %s', async (_name, body, code) => {
    expectProblem(await api.post(`${base()}/sign-tx`, { token: tenant.token, body }), 400, code);
  });

  it('answers 400 for an EVM payload on a Qubic wallet', async () => {
    expectProblem(
      await api.post(`/v1/users/${user}/wallets/${qubic.id}/sign-tx`, {
        token: tenant.token,
        body: { txJson: { to: '0x000000000000000000000000000000000000bEEF' } },
      }),
      400,
      'unsupported_asset',
    );
  });
});

describe('who may sign', () => {
  it('refuses other tenants (404), tokens bound to someone else (403) and blocked users (403)', async () => {
    const body = { message: 'x' };
    expectProblem(await api.post(`${base()}/sign-message`, { token: other.token, body }), 404);
    expectProblem(await api.get(`${base()}/sign-message`, { token: other.token }), 404);
    const someoneElse = await newUser(tenant.token);
    const bound = (await api.login(tenant.email, tenant.password, { userId: someoneElse }))
      .access_token;
    expectProblem(await api.post(`${base()}/sign-message`, { token: bound, body }), 403);
    const blockedUser = await newUser(tenant.token);
    const wallet = await openWallet(tenant.token, blockedUser, 'eth');
    await api.patch(`/v1/users/${blockedUser}/individual-person`, {
      token: tenant.token,
      body: { status: 'blocked' },
    });
    expectProblem(
      await api.post(`/v1/users/${blockedUser}/wallets/${wallet.id}/sign-message`, {
        token: tenant.token,
        body,
      }),
      403,
      'user_blocked',
    );
    // A blocked user can still read.
    expect(
      (
        await api.get(`/v1/users/${blockedUser}/wallets/${wallet.id}/sign-message`, {
          token: tenant.token,
        })
      ).status,
    ).toBe(200);
  });

  it('lists across users and wallets with * for an admin only (403 for others)', async () => {
    const signed = await api.post(`${base()}/sign-message`, {
      token: tenant.token,
      body: { message: 'listed everywhere' },
    });
    const everywhere = await api.get('/v1/users/*/wallets/*/sign-message?limit=0', {
      token: admin,
    });
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.map((s: { id: string }) => s.id)).toContain(signed.body.id);
    const ofUser = await api.get(`/v1/users/${user}/wallets/*/sign-message?limit=0`, {
      token: admin,
    });
    expect(ofUser.body.map((s: { id: string }) => s.id)).toContain(signed.body.id);
    expect(
      (await api.get('/v1/users/*/wallets/*/sign-tx?limit=0', { token: admin })).body.map(
        (s: { id: string }) => s.id,
      ),
    ).not.toContain(signed.body.id);
    for (const kind of ['sign-message', 'sign-tx', 'sign-typed-data'])
      expectProblem(
        await api.get(`/v1/users/*/wallets/*/${kind}`, { token: tenant.token }),
        403,
        'wildcard_forbidden',
      );
  });

  it('answers 404 for a deleted wallet and an unknown record', async () => {
    const u = await newUser(tenant.token);
    const w = await openWallet(tenant.token, u, 'eth');
    await api.delete(`/v1/users/${u}/wallets/${w.id}`, { token: tenant.token, body: device });
    expectProblem(
      await api.post(`/v1/users/${u}/wallets/${w.id}/sign-message`, {
        token: tenant.token,
        body: { message: 'x' },
      }),
      404,
    );
    expectProblem(
      await api.get(`${base()}/sign-message/00000000-0000-7000-8000-000000000000`, {
        token: tenant.token,
      }),
      404,
    );
    expectProblem(await api.post(`${base()}/sign-message`, { body: { message: 'x' } }), 401);
  });
});

describe('sign events', () => {
  it('publishes sign.is-created for every signature', async () => {
    const tap = await tapEvents(stack.namespace, 'sign.*');
    const res = await api.post(`${base()}/sign-message`, {
      token: tenant.token,
      body: { message: 'evented' },
    });
    await waitFor(() => tap.events.some((e) => e.data['id'] === res.body.id), {
      what: 'sign.is-created',
    });
    expect(tap.events.find((e) => e.data['id'] === res.body.id)).toMatchObject({
      name: 'sign.is-created',
      tenantId: tenant.id,
      data: { kind: 'message', walletId: eth.id, message: 'evented' },
    });
    await tap.close();
  });
});

import { formatEther, Interface, parseEther, parseUnits, Wallet } from 'ethers';
import { waitFor } from '@custody/testing';
import { Api, expectProblem } from './api';
import { type LocalChain, startLocalChain } from './local-chain';
import { type Stack, startStack } from './stack';
import { type CustodyWallet, newWallet } from './chain-world';

// Real deposits and withdrawals on a local anvil network: the EVM adapter of wallet-ledger
// watches the chain and sends withdrawals itself; nothing is reported by an admin here.
const CONFIRMATIONS = 3;
let chain: LocalChain;
let stack: Stack;
let api: Api;
let admin: string;
let tenant: Awaited<ReturnType<Api['newClient']>>;

beforeAll(async () => {
  chain = await startLocalChain();
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing'],
    env: {
      // Not the shared test mnemonic: that one is anvil's too, whose accounts start with 10,000
      // ETH. Custody addresses must hold exactly what the tests send them.
      signing: { SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase },
      'wallet-ledger': {
        EVM_RPC_URL: chain.url,
        EVM_CHAIN_ID: String(chain.chainId),
        EVM_CONFIRMATIONS: String(CONFIRMATIONS),
        EVM_REORG_DEPTH: '6',
        EVM_POLL_INTERVAL_MS: '200',
        EVM_TOKENS: `usdc=${chain.token}`,
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Chain tenant');
  // The adapter starts once the node, trading and signing answer.
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.mode === 'evm',
    { timeoutMs: 30_000, what: 'the EVM adapter to start' },
  );
  // The gas station pays ERC-20 gas: the operator funds it.
  const status = await api.get('/v1/admin/chain', { token: admin });
  const funding = await chain.funder.sendTransaction({
    to: status.body.gasStation.address,
    value: parseEther('10'),
  });
  await funding.wait();
}, 180_000);

afterAll(async () => {
  await stack?.cleanup();
  await chain?.stop();
});

const device = { device: 'Pixel 9', ip: '203.0.113.9' };

function wallet(assetId: string): Promise<CustodyWallet> {
  return newWallet({ api, tenant }, assetId);
}

type W = Awaited<ReturnType<typeof wallet>>;

async function incomes(w: W) {
  return (await api.get(`/v1/users/${w.user}/wallets/${w.id}/incomes`, { token: tenant.token }))
    .body as { id: string; status: string; amount: string; blockchainTransactionId: string }[];
}

async function balances(w: W) {
  const read = await api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: tenant.token });
  return { balance: read.body.balance as string, available: read.body.availableBalance as string };
}

async function withdrawal(w: W, id: string) {
  return (
    await api.get(`/v1/users/${w.user}/wallets/${w.id}/withdrawals/${id}`, { token: tenant.token })
  ).body;
}

/** Mines blocks until the adapter reports the state (each mined block is one more confirmation). */
async function mineUntil(check: () => Promise<boolean>, what: string) {
  await waitFor(
    async () => {
      if (await check()) return true;
      await chain.mine(1);
      return false;
    },
    { timeoutMs: 30_000, intervalMs: 300, what },
  );
}

async function ledgerIsSound() {
  const check = await api.get('/v1/admin/ledger/check', { token: admin });
  expect(check.body).toMatchObject({ ok: true, violations: [] });
}

/** A confirmed on-chain ETH deposit of `eth` to the wallet. */
async function depositEth(w: W, eth: string) {
  const sent = await chain.funder.sendTransaction({ to: w.address, value: parseEther(eth) });
  await sent.wait();
  await mineUntil(
    async () =>
      (await incomes(w)).some(
        (i) => i.blockchainTransactionId === sent.hash && i.status === 'confirmed',
      ),
    'the deposit to be confirmed',
  );
  return sent.hash;
}

it('reports its network and gas station to admins only', async () => {
  // The node's view of the funded gas station can lag its receipt by a polling interval.
  await waitFor(
    async () =>
      (await api.get('/v1/admin/chain', { token: admin })).body.gasStation.balance === '10',
    { what: 'the gas station balance' },
  );
  const status = await api.get('/v1/admin/chain', { token: admin });
  expect(status.body).toMatchObject({
    mode: 'evm',
    chainId: chain.chainId,
    confirmations: CONFIRMATIONS,
    nativeAssetId: 'eth',
    tokens: { usdc: chain.token },
    gasStation: { balance: '10' },
  });
  expectProblem(await api.get('/v1/admin/chain', { token: tenant.token }), 403);
  expectProblem(await api.get('/v1/admin/chain'), 401);
});

it('sees an ETH deposit pending, then credits it once after the confirmations', async () => {
  const w = await wallet('eth');
  const sent = await chain.funder.sendTransaction({ to: w.address, value: parseEther('1.5') });
  await sent.wait();
  await waitFor(async () => (await incomes(w)).length === 1, { what: 'the pending deposit' });
  expect(await incomes(w)).toEqual([
    expect.objectContaining({
      status: 'pending',
      amount: '1.5',
      blockchainTransactionId: sent.hash,
    }),
  ]);
  expect((await balances(w)).balance).toBe('0');
  await chain.mine(CONFIRMATIONS - 1);
  await waitFor(async () => (await incomes(w))[0]?.status === 'confirmed', {
    what: 'the deposit to be confirmed',
  });
  expect(await balances(w)).toEqual({ balance: '1.5', available: '1.5' });
  await chain.mine(5);
  expect(await incomes(w)).toHaveLength(1);
  expect((await balances(w)).balance).toBe('1.5');
});

it('sees an ERC-20 Transfer to a custody address and credits it in token units', async () => {
  const w = await wallet('usdc');
  const transfer = await chain.tokenAs(chain.funder).getFunction('transfer')(
    w.address,
    parseUnits('250.5', 6),
  );
  await transfer.wait();
  await mineUntil(async () => (await incomes(w))[0]?.status === 'confirmed', 'the token deposit');
  expect(await incomes(w)).toEqual([expect.objectContaining({ amount: '250.5' })]);
  expect((await balances(w)).balance).toBe('250.5');
});

it('credits a deposit once when the watcher dies after recording it, before moving its cursor', async () => {
  await stack.restart('wallet-ledger', 'SIGTERM', { FAILPOINTS: 'chain.watcher.before-cursor' });
  const w = await wallet('eth');
  const sent = await chain.funder.sendTransaction({ to: w.address, value: parseEther('0.25') });
  await sent.wait();
  const death = await stack.exited('wallet-ledger');
  expect(death.signal).toBe('SIGKILL');
  await stack.restart('wallet-ledger', 'SIGKILL', { FAILPOINTS: '' });
  await mineUntil(async () => (await incomes(w))[0]?.status === 'confirmed', 'the deposit');
  await chain.mine(CONFIRMATIONS);
  expect(await incomes(w)).toHaveLength(1);
  expect((await balances(w)).balance).toBe('0.25');
  await ledgerIsSound();
});

it('never credits a deposit whose block a reorg dropped', async () => {
  const w = await wallet('eth');
  const snapshot = await chain.provider.send('evm_snapshot', []);
  const sent = await chain.funder.sendTransaction({ to: w.address, value: parseEther('3') });
  await sent.wait();
  await waitFor(async () => (await incomes(w)).length === 1, { what: 'the pending deposit' });
  // The chain forgets the block (and the transaction) and grows another branch past it.
  await chain.provider.send('evm_revert', [snapshot]);
  chain.funder.reset();
  await mineUntil(async () => (await incomes(w))[0]?.status === 'failed', 'the deposit to fail');
  expect((await balances(w)).balance).toBe('0');
  await ledgerIsSound();
});

it('withdraws ETH: the receiver gets exactly the amount, the wallet pays amount + network fee', async () => {
  const w = await wallet('eth');
  await depositEth(w, '2');
  const receiver = Wallet.createRandom().address;
  const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: tenant.token,
    body: { assetId: 'eth', receiverAddress: receiver, amount: '0.5', ...device },
  });
  expect(created.status).toBe(201);
  await waitFor(async () => (await withdrawal(w, created.body.id)).status === 'broadcast', {
    what: 'the broadcast',
  });
  const hash = (await withdrawal(w, created.body.id)).blockchainTransactionId;
  await mineUntil(
    async () => (await withdrawal(w, created.body.id)).status === 'confirmed',
    'the withdrawal to be confirmed',
  );
  expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.5'));
  const receipt = await chain.provider.getTransactionReceipt(hash);
  const fee = formatEther(receipt!.fee).replace(/\.0$/, '');
  const done = await withdrawal(w, created.body.id);
  expect(done).toMatchObject({ status: 'confirmed', amount: '0.5', fee });
  // The ledger and the chain agree on what the address holds.
  const onChain = formatEther(await chain.provider.getBalance(w.address)).replace(/\.0$/, '');
  expect(await balances(w)).toEqual({ balance: onChain, available: onChain });
  expect(parseEther(onChain) + parseEther('0.5') + receipt!.fee).toBe(parseEther('2'));
  await ledgerIsSound();
});

it('sends 20 concurrent withdrawals from one address with 20 distinct nonces, all mined', async () => {
  const w = await wallet('eth');
  await depositEth(w, '1');
  const receiver = Wallet.createRandom().address;
  const created = await Promise.all(
    Array.from({ length: 20 }, () =>
      api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
        token: tenant.token,
        body: { assetId: 'eth', receiverAddress: receiver, amount: '0.01', ...device },
      }),
    ),
  );
  expect(created.map((r) => r.status)).toEqual(Array(20).fill(201));
  await mineUntil(async () => {
    const all = await Promise.all(created.map((r) => withdrawal(w, r.body.id)));
    return all.every((x) => x.status === 'confirmed');
  }, 'all 20 withdrawals to be confirmed');
  const sent = await Promise.all(
    created.map(async (r) =>
      chain.provider.getTransaction((await withdrawal(w, r.body.id)).blockchainTransactionId),
    ),
  );
  expect(new Set(sent.map((t) => t!.nonce)).size).toBe(20);
  expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.2'));
  await ledgerIsSound();
});

it('withdraws an ERC-20 with gas from the gas station; the token wallet pays no ETH', async () => {
  const w = await wallet('usdc');
  const transfer = await chain.tokenAs(chain.funder).getFunction('transfer')(
    w.address,
    parseUnits('100', 6),
  );
  await transfer.wait();
  await mineUntil(async () => (await incomes(w))[0]?.status === 'confirmed', 'the token deposit');
  const receiver = Wallet.createRandom().address;
  const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: tenant.token,
    body: { assetId: 'usdc', receiverAddress: receiver, amount: '40.25', ...device },
  });
  await mineUntil(
    async () => (await withdrawal(w, created.body.id)).status === 'confirmed',
    'the token withdrawal',
  );
  const token = chain.tokenAs(chain.funder);
  expect(await token.getFunction('balanceOf')(receiver)).toBe(parseUnits('40.25', 6));
  expect(await balances(w)).toEqual({ balance: '59.75', available: '59.75' });
  expect(await withdrawal(w, created.body.id)).toMatchObject({ fee: '0' });
  await ledgerIsSound();
});

it("holds up no other withdrawal while a token withdrawal's gas top-up waits for a block", async () => {
  const tokens = await wallet('usdc');
  await (
    await chain.tokenAs(chain.funder).getFunction('transfer')(tokens.address, parseUnits('10', 6))
  ).wait();
  await mineUntil(
    async () => (await incomes(tokens))[0]?.status === 'confirmed',
    'the token deposit',
  );
  const coins = await wallet('eth');
  await depositEth(coins, '0.5');
  const station = (await api.get('/v1/admin/chain', { token: admin })).body.gasStation
    .address as string;
  const withdraw = (w: W, assetId: string, amount: string) =>
    api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: tenant.token,
      body: { assetId, receiverAddress: Wallet.createRandom().address, amount, ...device },
    });
  // No block is mined until the end: the top-up stays sent and unmined.
  await chain.setAutomine(false);
  let first: string;
  let second: string;
  try {
    first = (await withdraw(tokens, 'usdc', '1')).body.id;
    await waitFor(
      async () =>
        (await chain.provider.getTransactionCount(station, 'pending')) >
        (await chain.provider.getTransactionCount(station, 'latest')),
      { what: 'the gas top-up sent' },
    );
    second = (await withdraw(coins, 'eth', '0.1')).body.id;
    // Sent behind the waiting top-up, within a poll or two: the sender does not wait for it.
    await waitFor(async () => (await withdrawal(coins, second)).status === 'broadcast', {
      what: 'the ETH withdrawal sent while the top-up waits',
    });
    expect(await withdrawal(tokens, first)).toMatchObject({ status: 'prepared' });
  } finally {
    await chain.setAutomine(true);
  }
  await mineUntil(
    async () =>
      (await withdrawal(tokens, first)).status === 'confirmed' &&
      (await withdrawal(coins, second)).status === 'confirmed',
    'both withdrawals',
  );
  expect(await balances(tokens)).toEqual({ balance: '9', available: '9' });
  await ledgerIsSound();
});

it('fails a token withdrawal the address cannot pay on chain before signing it', async () => {
  // The ledger holds tokens the address does not have on chain (reported by hand): sent, the
  // transfer would revert at the house's gas, so it is never signed.
  const w = await wallet('usdc');
  const reported = await api.post('/v1/admin/incomes', {
    token: admin,
    body: {
      walletId: w.id,
      amount: '80',
      blockchainTransactionId: `0xmanual-${w.id}`,
      senderAddress: '0x000000000000000000000000000000000000bEEF',
      transactionTimestamp: '2026-11-01T10:00:00Z',
    },
  });
  await api.patch(`/v1/admin/incomes/${reported.body.id}`, {
    token: admin,
    body: { status: 'confirmed' },
  });
  const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: tenant.token,
    body: {
      assetId: 'usdc',
      receiverAddress: Wallet.createRandom().address,
      amount: '50',
      ...device,
    },
  });
  expect((await balances(w)).available).toBe('30');
  await waitFor(async () => (await withdrawal(w, created.body.id)).status === 'failed', {
    what: 'the unpayable withdrawal to fail',
  });
  const failed = await withdrawal(w, created.body.id);
  expect(failed.blockchainTransactionId ?? null).toBeNull();
  expect(await chain.provider.getTransactionCount(w.address)).toBe(0);
  expect(await balances(w)).toEqual({ balance: '80', available: '80' });
  // An admin cannot overrule what the chain adapter decided.
  expectProblem(
    await api.patch(`/v1/admin/withdrawals/${created.body.id}`, {
      token: admin,
      body: { status: 'confirmed' },
    }),
    409,
  );
  await ledgerIsSound();
});

describe('a raw signed transaction (sign-tx)', () => {
  async function signTx(w: W, txJson: Record<string, string>) {
    return api.post(`/v1/users/${w.user}/wallets/${w.id}/sign-tx`, {
      token: tenant.token,
      body: { txJson },
    });
  }

  async function signed(w: W, id: string) {
    return (
      await api.get(`/v1/users/${w.user}/wallets/${w.id}/sign-tx/${id}`, { token: tenant.token })
    ).body as { signedTx: string; hash: string; withdrawalId: string };
  }

  async function feeFields() {
    const fees = await chain.provider.getFeeData();
    return {
      maxFeePerGas: String(fees.maxFeePerGas),
      maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas),
    };
  }

  const eth = (wei: bigint) => formatEther(wei).replace(/\.0$/, '');

  it('holds its value and the most its fee can be; once it confirms, the ledger matches the chain', async () => {
    const w = await wallet('eth');
    await depositEth(w, '1');
    const receiver = Wallet.createRandom().address;
    const fees = await feeFields();
    const nonce = await chain.provider.getTransactionCount(w.address);
    const res = await signTx(w, {
      to: receiver,
      value: parseEther('0.25').toString(),
      gasLimit: '21000',
      ...fees,
      nonce: String(nonce),
    });
    expect(res.status).toBe(200);
    const record = await signed(w, res.body.id);
    const reserve = 21_000n * BigInt(fees.maxFeePerGas);
    expect(await balances(w)).toEqual({
      balance: '1',
      available: eth(parseEther('0.75') - reserve),
    });
    expect(await withdrawal(w, record.withdrawalId)).toMatchObject({
      status: 'broadcast',
      amount: '0.25',
      blockchainTransactionId: record.hash,
    });
    // The client sends it; the adapter follows it to its confirmations.
    await chain.provider.broadcastTransaction(record.signedTx);
    await mineUntil(
      async () => (await withdrawal(w, record.withdrawalId)).status === 'confirmed',
      'the signed transaction to be confirmed',
    );
    expect(await chain.provider.getBalance(receiver)).toBe(parseEther('0.25'));
    const onChain = eth(await chain.provider.getBalance(w.address));
    expect(await balances(w)).toEqual({ balance: onChain, available: onChain });
    await ledgerIsSound();
  });

  it('holds only the fee of a call that pays no coin; once it confirms, the fee is booked', async () => {
    const w = await wallet('eth');
    await depositEth(w, '1');
    const fees = await feeFields();
    const res = await signTx(w, {
      // A call with data and no coin (a contract's method, say): gas spent from the wallet.
      to: Wallet.createRandom().address,
      value: '0',
      data: '0x12345678',
      gasLimit: '60000',
      ...fees,
      nonce: String(await chain.provider.getTransactionCount(w.address)),
    });
    expect(res.status).toBe(200);
    const record = await signed(w, res.body.id);
    const reserve = 60_000n * BigInt(fees.maxFeePerGas);
    expect(await balances(w)).toEqual({ balance: '1', available: eth(parseEther('1') - reserve) });
    expect(await withdrawal(w, record.withdrawalId)).toMatchObject({
      status: 'broadcast',
      amount: '0',
      blockchainTransactionId: record.hash,
    });
    await chain.provider.broadcastTransaction(record.signedTx);
    await mineUntil(
      async () => (await withdrawal(w, record.withdrawalId)).status === 'confirmed',
      'the call to be confirmed',
    );
    const onChain = eth(await chain.provider.getBalance(w.address));
    expect(onChain).not.toBe('1');
    expect(await balances(w)).toEqual({ balance: onChain, available: onChain });
    await ledgerIsSound();
  });

  it('releases its hold once another transaction uses its nonce', async () => {
    const w = await wallet('eth');
    await depositEth(w, '1');
    const fees = await feeFields();
    const nonce = String(await chain.provider.getTransactionCount(w.address));
    const tx = (value: string) => ({
      to: Wallet.createRandom().address,
      value: parseEther(value).toString(),
      gasLimit: '21000',
      ...fees,
      nonce,
    });
    const dropped = await signed(w, (await signTx(w, tx('0.1'))).body.id);
    const sent = await signed(w, (await signTx(w, tx('0.2'))).body.id);
    await chain.provider.broadcastTransaction(sent.signedTx);
    await mineUntil(
      async () =>
        (await withdrawal(w, dropped.withdrawalId)).status === 'failed' &&
        (await withdrawal(w, sent.withdrawalId)).status === 'confirmed',
      'the replaced transaction to be released',
    );
    expect(await withdrawal(w, dropped.withdrawalId)).toMatchObject({
      status: 'failed',
      fee: '0',
      signedTxId: expect.any(String),
    });
    const onChain = eth(await chain.provider.getBalance(w.address));
    expect(await balances(w)).toEqual({ balance: onChain, available: onChain });
    await ledgerIsSound();
  });

  it('holds a token its wallet transfers, and refuses one above the available balance', async () => {
    const w = await wallet('usdc');
    const deposit = await chain.tokenAs(chain.funder).getFunction('transfer')(
      w.address,
      parseUnits('10', 6),
    );
    await deposit.wait();
    await mineUntil(async () => (await incomes(w))[0]?.status === 'confirmed', 'the token deposit');
    const transfer = (amount: string, nonce: string) => ({
      to: chain.token,
      value: '0',
      data: new Interface(['function transfer(address to, uint256 value)']).encodeFunctionData(
        'transfer',
        [Wallet.createRandom().address, parseUnits(amount, 6)],
      ),
      gasLimit: '100000',
      nonce,
    });
    const res = await signTx(w, transfer('4', '0'));
    expect(res.status).toBe(200);
    expect(await balances(w)).toEqual({ balance: '10', available: '6' });
    expectProblem(await signTx(w, transfer('6.5', '1')), 400, 'insufficient_balance');
    expect(await balances(w)).toEqual({ balance: '10', available: '6' });
    await ledgerIsSound();
  });

  it("refuses a nonce one of the adapter's own withdrawals from the address holds", async () => {
    const w = await wallet('eth');
    await depositEth(w, '1');
    const created = await api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
      token: tenant.token,
      body: {
        assetId: 'eth',
        receiverAddress: Wallet.createRandom().address,
        amount: '0.1',
        ...device,
      },
    });
    await waitFor(async () => (await withdrawal(w, created.body.id)).status === 'broadcast', {
      what: 'the broadcast',
    });
    const hash = (await withdrawal(w, created.body.id)).blockchainTransactionId;
    const sent = await chain.provider.getTransaction(hash);
    const res = await signTx(w, {
      to: Wallet.createRandom().address,
      value: '1',
      gasLimit: '21000',
      ...(await feeFields()),
      nonce: String(sent!.nonce),
    });
    expectProblem(res, 409, 'nonce_taken');
    await mineUntil(
      async () => (await withdrawal(w, created.body.id)).status === 'confirmed',
      'the withdrawal to be confirmed',
    );
    await ledgerIsSound();
  });

  it("refuses a nonce that would skip some of the address's, which its withdrawals would wait behind", async () => {
    const w = await wallet('eth');
    await depositEth(w, '1');
    const fees = await feeFields();
    const tx = (nonce: number) => ({
      to: Wallet.createRandom().address,
      value: '1',
      gasLimit: '21000',
      ...fees,
      nonce: String(nonce),
    });
    const next = await chain.provider.getTransactionCount(w.address, 'pending');
    const gap = await signTx(w, tx(next + 1));
    expectProblem(gap, 409, 'nonce_gap');
    expect(gap.body.detail).toContain(`sign nonce ${next}`);
    expectProblem(await signTx(w, tx(2 ** 31)), 409, 'nonce_gap');
    expect(await balances(w)).toEqual({ balance: '1', available: '1' });
    expect((await signTx(w, tx(next))).status).toBe(200);
    await ledgerIsSound();
  });
});

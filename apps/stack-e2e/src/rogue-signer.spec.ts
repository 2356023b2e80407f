import { randomUUID } from 'node:crypto';
import { parseEther, Transaction, verifyMessage, Wallet } from 'ethers';
import pg from 'pg';
import {
  type AppName,
  type AuditEventView,
  type DecisionClaims,
  type EvmTxJson,
  GAS_STATION_OWNER,
  POLICY_RPC,
  SIGNING_RPC,
  type SignIntent,
} from '@custody/contracts';
import { dataHash, evmMessageDigest, evmTypedDataDigest } from '@custody/intents';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { appBrokerUrl, testLogger, waitFor } from '@custody/testing';
import { Api } from './api';
import { approvalsWorld } from './approvals-world';
import { type LocalChain, startLocalChain } from './local-chain';
import { type Stack, startStack } from './stack';
import { DEVICE, newUser, openWallet, TYPED_DATA } from './world';

/**
 * The signer's attacker, on a real stack and a local chain: a rogue holding wallet-ledger's full
 * credentials (its broker login and its RPC proof key) asks signing for what no policy decided.
 * It can ask the policy service for decisions as wallet-ledger does, but only for operations the
 * policies admitted and only for the payload admitted, so it holds real decisions, of a
 * withdrawal held for approval and approved, and of approved held signatures. With them, and
 * without, it asks for transactions to its own address, above the fee cap, from another tenant's
 * wallet, from the gas station, past the decision's expiry and a second time: each is refused
 * with its code, reported to identity's audit log, and nothing is added to signing's signature
 * log. With issuer's credentials it gets no wallet owner's signature. What the decisions do allow
 * (the approved withdrawal, signed once; a replacement at its nonce within its fee cap; the
 * approved message) is signed, and can pay no one else. Nor does the policy service release (stop
 * counting, cancel the approval of) what a decision was signed for (a sent withdrawal, a
 * signature allowed at once), nor, with trading's credentials, a held withdrawal of
 * wallet-ledger's.
 */

const CONFIRMATIONS = 2;
/** Short-lived decisions (POLICY_DECISION_TTL_MS), to see one expire without a long wait. */
const DECISION_TTL_MS = 3_000;
const ATTACKER = Wallet.createRandom().address;
const RECIPIENT = Wallet.createRandom().address;
const MESSAGE = 'Pay the coupon of November';

let chain: LocalChain;
let stack: Stack;
let api: Api;
let admin: string;
let db: pg.Client;
const closers: (() => Promise<void>)[] = [];
const world = approvalsWorld(
  () => api,
  () => admin,
);

/** Tenant A: its withdrawals and signatures wait for one approval. */
let tenantA: { id: string; token: string; user: string; wallet: string; address: string };
/** Tenant B: a wallet of another tenant. */
let walletB: string;
/** Tenant B's token. */
let tokenB: string;
let gasStation: string;
/** The withdrawal held, approved and sent by the real chain sender. */
let withdrawal: {
  id: string;
  hash: string;
  sent: Transaction;
  assetId: string;
  amount: string;
  recipient: string;
};
/** Held signatures of tenant A's wallet, approved and signed by wallet-ledger. */
let heldMessage: { id: string; signature: string };
let heldTypedData: { id: string };

/** The rogue's clients: wallet-ledger's, issuer's and trading's own broker login and proof key. */
let asLedger: RpcClient;
let asIssuer: RpcClient;
let asTrading: RpcClient;

/** A client with `app`'s broker login and RPC proof key (development keys, as the stack runs). */
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

beforeAll(async () => {
  chain = await startLocalChain();
  stack = await startStack({
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy'],
    env: {
      // Not the shared test mnemonic (anvil's too, whose accounts are funded).
      signing: { SIGNING_MASTER_MNEMONIC: Wallet.createRandom().mnemonic!.phrase },
      'wallet-ledger': {
        EVM_RPC_URL: chain.url,
        EVM_CHAIN_ID: String(chain.chainId),
        EVM_CONFIRMATIONS: String(CONFIRMATIONS),
        EVM_REORG_DEPTH: '6',
        EVM_POLL_INTERVAL_MS: '200',
      },
      policy: { POLICY_DECISION_TTL_MS: String(DECISION_TTL_MS) },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  closers.push(() => db.end());
  await waitFor(
    async () => (await api.get('/v1/admin/chain', { token: admin })).body.mode === 'evm',
    { timeoutMs: 30_000, what: 'the EVM adapter to start' },
  );
  gasStation = (await api.get('/v1/admin/chain', { token: admin })).body.gasStation.address;

  // Tenant A: an ETH wallet funded on chain; a second client of the tenant approves.
  const a = await api.newClient(admin, 'Rogue signer target');
  const user = await newUser(api, a.token);
  const wallet = await openWallet(api, a.token, user);
  const address = (await api.get(`/v1/users/${user}/wallets/${wallet}`, { token: a.token })).body
    .address as string;
  tenantA = { id: a.id, token: a.token, user, wallet, address };
  const approver = await world.member(a.id, [['approvals', 'decide']]);
  for (const activity of ['withdrawal', 'sign-message', 'sign-typed-data'])
    await world.policy(a.token, {
      name: `Every ${activity} waits for one approval`,
      activity,
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
  const deposit = await chain.funder.sendTransaction({ to: address, value: parseEther('1') });
  await deposit.wait();
  await mineUntil(async () => {
    const incomes = (await api.get(`${walletPath()}/incomes`, { token: a.token })).body as {
      blockchainTransactionId: string;
      status: string;
    }[];
    return incomes.some(
      (i) => i.blockchainTransactionId === deposit.hash && i.status === 'confirmed',
    );
  }, 'the deposit to be credited');

  // Tenant B: a wallet of its own.
  const b = await api.newClient(admin, 'Rogue signer bystander');
  tokenB = b.token;
  walletB = await openWallet(api, b.token, await newUser(api, b.token, 'Bob'));

  // A withdrawal held for approval, approved: the real chain sender gets its decision and signs.
  const created = await api.post(`${walletPath()}/withdrawals`, {
    token: a.token,
    body: { assetId: 'eth', receiverAddress: RECIPIENT, amount: '0.1', ...DEVICE },
  });
  expect(created.status).toBe(201);
  const held = await readWithdrawal(created.body.id);
  expect(held).toMatchObject({ status: 'pending_approval', approvalId: expect.any(String) });
  expect((await world.decide(approver.token, held.approvalId)).status).toBe(201);
  await mineUntil(
    async () => (await readWithdrawal(created.body.id)).status === 'confirmed',
    'the approved withdrawal to be confirmed',
  );
  const { rows } = await db.query<{
    raw_tx: string;
    asset_id: string;
    amount: string;
    receiver_address: string;
  }>('SELECT raw_tx, asset_id, amount, receiver_address FROM ledger.withdrawals WHERE id = $1', [
    created.body.id,
  ]);
  const row = rows[0]!;
  const sent = Transaction.from(row.raw_tx);
  withdrawal = {
    id: created.body.id,
    hash: sent.hash!,
    sent,
    assetId: row.asset_id,
    amount: row.amount,
    recipient: row.receiver_address,
  };

  // A message and typed data held for approval, approved: wallet-ledger signs each.
  heldMessage = await heldSignature('sign-message', { message: MESSAGE }, approver.token);
  heldTypedData = await heldSignature('sign-typed-data', { typedData: TYPED_DATA }, approver.token);

  asLedger = await rogue('wallet-ledger');
  asIssuer = await rogue('issuer');
  asTrading = await rogue('trading');
}, 240_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await stack?.cleanup();
  await chain?.stop();
});

function walletPath(): string {
  return `/v1/users/${tenantA.user}/wallets/${tenantA.wallet}`;
}

async function readWithdrawal(id: string) {
  return (await api.get(`${walletPath()}/withdrawals/${id}`, { token: tenantA.token })).body as {
    status: string;
    approvalId: string;
    blockchainTransactionId: string | null;
  };
}

/** Mines a block per look until the adapter reports the state (one more confirmation each). */
async function mineUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  await waitFor(
    async () => {
      if (await check()) return true;
      await chain.mine(1);
      return false;
    },
    { timeoutMs: 60_000, intervalMs: 300, what },
  );
}

/** A signature of tenant A's wallet, held for approval, approved and signed by wallet-ledger. */
async function heldSignature(
  kind: 'sign-message' | 'sign-typed-data',
  body: Record<string, unknown>,
  approverToken: string,
): Promise<{ id: string; signature: string }> {
  const base = `${walletPath()}/${kind}`;
  const created = await api.post(base, { token: tenantA.token, body });
  expect(created.status).toBe(200);
  const read = async () =>
    (await api.get(`${base}/${created.body.id}`, { token: tenantA.token })).body as {
      status: string;
      approvalId: string;
      signedMessage?: string;
      signedTypedData?: string;
    };
  const held = await read();
  expect(held.status).toBe('pending_approval');
  expect((await world.decide(approverToken, held.approvalId)).status).toBe(201);
  await waitFor(async () => (await read()).status === 'sent', {
    timeoutMs: 15_000,
    what: `the held ${kind} signed`,
  });
  const signed = await read();
  return { id: created.body.id, signature: (signed.signedMessage ?? signed.signedTypedData)! };
}

/** A decision's claims: the JWS payload (its base64url middle part). */
function claimsOf(decision: string): DecisionClaims {
  return JSON.parse(
    Buffer.from(decision.split('.')[1]!, 'base64url').toString('utf8'),
  ) as DecisionClaims;
}

/** The withdrawal's transaction intent, as its first decision bound it: rebuilt from the raw tx. */
function withdrawalIntent(fields: Partial<Extract<SignIntent, { kind: 'evm-transfer' }>> = {}) {
  const tx = withdrawal.sent;
  const intent: SignIntent = {
    kind: 'evm-transfer',
    chainId: tx.chainId.toString(),
    from: tx.from!,
    to: tx.to!,
    value: tx.value.toString(),
    dataHash: dataHash(tx.data),
    nonce: tx.nonce,
    maxFeePerGas: tx.maxFeePerGas!.toString(),
    gasLimit: tx.gasLimit.toString(),
    assetId: withdrawal.assetId,
    amount: withdrawal.amount,
    recipient: withdrawal.recipient,
    ...fields,
  };
  return intent;
}

/** The rogue asks the policy service for a decision in wallet-ledger's name. */
async function authorize(operationId: string, intent: SignIntent): Promise<string> {
  const { decision } = await asLedger.call('policy', POLICY_RPC.authorize, {
    operationId,
    owner: tenantA.wallet,
    intent,
  });
  return decision;
}

/** A real decision for the withdrawal's transaction (fresh: decisions live 3 s here). */
const withdrawalDecision = () => authorize(withdrawal.id, withdrawalIntent());

/** The withdrawal's own transaction, changed by `fields`. */
function txJson(fields: EvmTxJson = {}): EvmTxJson {
  const tx = withdrawal.sent;
  return {
    to: tx.to!,
    value: tx.value.toString(),
    data: tx.data,
    gasLimit: tx.gasLimit.toString(),
    maxFeePerGas: tx.maxFeePerGas!.toString(),
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas!.toString(),
    nonce: String(tx.nonce),
    ...fields,
  };
}

function signTx(ownerId: string, json: EvmTxJson, decision: string, requestId?: string) {
  return asLedger.call(
    'signing',
    SIGNING_RPC.signEvmTransaction,
    { ownerId, chain: 'evm', chainId: String(chain.chainId), txJson: json, decision },
    requestId ? { requestId } : {},
  );
}

function signMessage(decision: string, requestId?: string) {
  return asLedger.call(
    'signing',
    SIGNING_RPC.signEvmMessage,
    { ownerId: tenantA.wallet, chain: 'evm', message: MESSAGE, decision },
    requestId ? { requestId } : {},
  );
}

async function signatureCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM signing.signature_log',
  );
  return rows[0]!.n;
}

/** What each refusal must have left in the audit log, by its request id. */
const refusals: { requestId: string; path: string; detail: string }[] = [];

/**
 * The attempt is refused with 403 `code`, and nothing was signed meanwhile (the signature log did
 * not grow); its audit record is checked at the end.
 */
async function expectRefused(
  attempt: (requestId: string) => Promise<unknown>,
  code: string,
  audit: { method: string; detail: string },
): Promise<void> {
  const before = await signatureCount();
  const requestId = randomUUID();
  await expect(attempt(requestId)).rejects.toMatchObject({ status: 403, code });
  expect(await signatureCount()).toBe(before);
  refusals.push({ requestId, path: `rpc.signing/${audit.method}`, detail: audit.detail });
}

/**
 * The rogue's release of operations is refused with 403 `release_refused`; its audit record is
 * checked at the end.
 */
async function expectReleaseRefused(
  client: RpcClient,
  operationIds: string[],
  detail: string,
): Promise<void> {
  const requestId = randomUUID();
  await expect(
    client.call('policy', POLICY_RPC.release, { operationIds }, { requestId }),
  ).rejects.toMatchObject({ status: 403, code: 'release_refused' });
  refusals.push({ requestId, path: `rpc.policy/${POLICY_RPC.release}`, detail });
}

const byLedger = (fault: string) => ({
  method: SIGNING_RPC.signEvmTransaction,
  detail: `decision: ${fault}; caller wallet-ledger`,
});

describe("a rogue with wallet-ledger's broker login and RPC proof key", () => {
  it('finds the approved withdrawal signed exactly once, and mined once at its nonce', async () => {
    const { rows } = await db.query(
      `SELECT part, caller, owner_id, tenant_id, activity, intent_kind, signed
         FROM signing.signature_log WHERE operation_id = $1`,
      [withdrawal.id],
    );
    expect(rows).toEqual([
      {
        part: 'key',
        caller: 'wallet-ledger',
        owner_id: tenantA.wallet,
        tenant_id: tenantA.id,
        activity: 'withdrawal',
        intent_kind: 'evm-transfer',
        signed: withdrawal.hash,
      },
    ]);
    expect(withdrawal.sent.from).toBe(tenantA.address);
    expect(withdrawal.sent.to).toBe(RECIPIENT);
    expect(withdrawal.sent.value).toBe(parseEther('0.1'));
    expect((await readWithdrawal(withdrawal.id)).blockchainTransactionId).toBe(withdrawal.hash);
    // The wallet's only transaction is this one, mined at its nonce.
    expect(withdrawal.sent.nonce).toBe(0);
    expect(await chain.provider.getTransactionCount(tenantA.address, 'latest')).toBe(1);
    const receipt = await chain.provider.getTransactionReceipt(withdrawal.hash);
    expect(receipt).toMatchObject({ status: 1, from: tenantA.address });
  });

  it('gets a real decision for the withdrawal, but none for another transaction', async () => {
    const decision = await withdrawalDecision();
    expect(claimsOf(decision)).toMatchObject({
      tenantId: tenantA.id,
      activity: 'withdrawal',
      owner: tenantA.wallet,
      operationId: withdrawal.id,
      intent: withdrawalIntent(),
      approval: { quorum: 1, decisions: [expect.objectContaining({ decision: 'approve' })] },
    });
    const { issuedAt, expiresAt } = claimsOf(decision);
    expect(expiresAt - issuedAt).toBe(DECISION_TTL_MS);
    // The policy service decides nothing but the admitted payment at the bound nonce and cap
    // (the operator's cap per gas its first decision bound, stored with it).
    const { rows } = await db.query<{ fee_cap: string }>(
      'SELECT fee_cap::text FROM ledger.withdrawals WHERE id = $1',
      [withdrawal.id],
    );
    const cap = BigInt(rows[0]!.fee_cap);
    for (const other of [
      withdrawalIntent({ to: ATTACKER }),
      withdrawalIntent({ to: ATTACKER, recipient: ATTACKER }),
      withdrawalIntent({ nonce: withdrawal.sent.nonce + 1 }),
      withdrawalIntent({ maxFeePerGas: (cap + 1n).toString() }),
      withdrawalIntent({ value: parseEther('1').toString(), amount: '1' }),
    ])
      await expect(authorize(withdrawal.id, other)).rejects.toMatchObject({
        status: 403,
        code: 'decision_refused',
      });
  });

  it('gets no transaction signed without a decision, from the wallet or the gas station', async () => {
    const toAttacker = txJson({ to: ATTACKER, value: parseEther('0.5').toString(), data: '0x' });
    await expectRefused(
      (id) => signTx(tenantA.wallet, toAttacker, '', id),
      'decision_required',
      byLedger('missing'),
    );
    await expectRefused(
      (id) => signTx(GAS_STATION_OWNER, { ...toAttacker, nonce: '0' }, '', id),
      'decision_required',
      byLedger('missing'),
    );
  });

  it("gets nothing else signed with the withdrawal's decision", async () => {
    const cap = withdrawal.sent.maxFeePerGas!;
    // Its own address at the withdrawal's nonce, in place of the recipient.
    await expectRefused(
      async (id) =>
        signTx(tenantA.wallet, txJson({ to: ATTACKER }), await withdrawalDecision(), id),
      'decision_mismatch',
      byLedger('other_payload'),
    );
    // The withdrawal itself, paying more per gas than its decision allows.
    await expectRefused(
      async (id) =>
        signTx(
          tenantA.wallet,
          txJson({ maxFeePerGas: (cap + 1n).toString() }),
          await withdrawalDecision(),
          id,
        ),
      'decision_over_fee_cap',
      byLedger('over_fee_cap'),
    );
    // Tenant B's wallet with tenant A's decision: it names tenant A's wallet, in tenant A.
    await expectRefused(
      async (id) => signTx(walletB, txJson({ to: ATTACKER }), await withdrawalDecision(), id),
      'decision_mismatch',
      byLedger('other_owner'),
    );
    // The gas station: an ETH withdrawal's decision names no top-up.
    await expectRefused(
      async (id) =>
        signTx(
          GAS_STATION_OWNER,
          txJson({ to: ATTACKER, value: parseEther('1').toString(), data: '0x', nonce: '0' }),
          await withdrawalDecision(),
          id,
        ),
      'decision_mismatch',
      byLedger('other_owner'),
    );
  });

  it('gets nothing with a decision past its expiry', async () => {
    const decision = await withdrawalDecision();
    const { expiresAt } = claimsOf(decision);
    await waitFor(() => Date.now() > expiresAt, {
      timeoutMs: DECISION_TTL_MS + 5_000,
      intervalMs: 50,
      what: 'the decision to expire',
    });
    // The withdrawal's very transaction: only its time refuses it.
    await expectRefused(
      (id) => signTx(tenantA.wallet, txJson(), decision, id),
      'decision_expired',
      byLedger('expired'),
    );
  });

  it('gets a same-nonce replacement within the cap and a cancel signed: neither can be mined', async () => {
    const cap = withdrawal.sent.maxFeePerGas!;
    // A fee bump: the whole cap to the validator.
    const faster = await signTx(
      tenantA.wallet,
      txJson({ maxPriorityFeePerGas: cap.toString() }),
      await withdrawalDecision(),
    );
    const cancel = await signTx(
      tenantA.wallet,
      txJson({ to: tenantA.address, value: '0', data: '0x' }),
      await withdrawalDecision(),
    );
    for (const signed of [faster, cancel]) {
      const tx = Transaction.from(signed.signedTx);
      expect(tx.from).toBe(tenantA.address);
      expect(tx.nonce).toBe(withdrawal.sent.nonce);
      expect(tx.hash).not.toBe(withdrawal.hash);
      // The withdrawal took the nonce: the node refuses both.
      await expect(chain.provider.broadcastTransaction(signed.signedTx)).rejects.toMatchObject({
        code: 'NONCE_EXPIRED',
      });
    }
    expect(Transaction.from(faster.signedTx)).toMatchObject({
      to: RECIPIENT,
      value: parseEther('0.1'),
    });
    expect(Transaction.from(cancel.signedTx)).toMatchObject({ to: tenantA.address, value: 0n });
    // Every transaction signed with tenant A's key is the withdrawal or one of these two.
    const { rows } = await db.query<{ signed: string; caller: string; operation_id: string }>(
      `SELECT signed, caller, operation_id FROM signing.signature_log
        WHERE owner_id = $1 AND intent_kind = 'evm-transfer' ORDER BY created_at`,
      [tenantA.wallet],
    );
    expect(rows).toEqual(
      [withdrawal.hash, faster.hash, cancel.hash].map((signed) => ({
        signed,
        caller: 'wallet-ledger',
        operation_id: withdrawal.id,
      })),
    );
  });

  it("gets an approved message's decision used once: the second use is refused", async () => {
    // A withdrawal's decision may be used again at the nonce it bound (a replacement), so a
    // decision used twice is shown with a held signature. The policy service decides the
    // approved message again (its id, its exact digest): the first use signs what was approved,
    // the very signature wallet-ledger already had; the second is refused.
    const decision = await authorize(heldMessage.id, {
      kind: 'evm-message',
      digest: evmMessageDigest(MESSAGE),
    });
    await expect(
      authorize(heldMessage.id, { kind: 'evm-message', digest: evmMessageDigest('pay me') }),
    ).rejects.toMatchObject({ status: 403, code: 'decision_refused' });
    const first = await signMessage(decision);
    expect(first.signature).toBe(heldMessage.signature);
    expect(verifyMessage(MESSAGE, first.signature)).toBe(tenantA.address);
    await expectRefused((id) => signMessage(decision, id), 'decision_used', {
      method: SIGNING_RPC.signEvmMessage,
      detail: 'decision: used; caller wallet-ledger',
    });
  });
});

describe("a rogue with wallet-ledger's broker login and RPC proof key, releasing", () => {
  it('frees nothing a decision was signed for: the sent withdrawal stays authorized', async () => {
    await expectReleaseRefused(
      asLedger,
      [withdrawal.id],
      'caller: operation_authorized; caller wallet-ledger',
    );
    const { rows } = await db.query(
      'SELECT authorized_at IS NOT NULL AS authorized FROM policy.admissions WHERE operation_id = $1',
      [withdrawal.id],
    );
    expect(rows).toEqual([{ authorized: true }]);
  });

  it('frees no signature allowed at once: its decision came with the evaluation', async () => {
    // Tenant B counts its messages; one is allowed at once, signed in the request that asked
    // (with a wallet of its own: `walletB` signs nothing in this file).
    const user = await newUser(api, tokenB, 'Carol');
    const wallet = await openWallet(api, tokenB, user);
    await world.policy(tokenB, {
      name: 'At most 100 messages a day',
      activity: 'sign-message',
      rule: { kind: 'velocity', window: '24h', per: 'wallet', maxCount: 100 },
      action: 'block',
    });
    const signed = await api.post(`/v1/users/${user}/wallets/${wallet}/sign-message`, {
      token: tokenB,
      body: { message: MESSAGE },
    });
    expect(signed.status).toBe(200);
    await expectReleaseRefused(
      asLedger,
      [signed.body.id],
      'caller: operation_authorized; caller wallet-ledger',
    );
    const { rows } = await db.query(
      'SELECT released FROM policy.velocity_usage WHERE operation_id = $1',
      [signed.body.id],
    );
    expect(rows).toEqual([{ released: false }]);
  });
});

describe("a rogue with trading's broker login and RPC proof key", () => {
  it("releases no withdrawal of wallet-ledger's: its approval stays pending", async () => {
    const created = await api.post(`${walletPath()}/withdrawals`, {
      token: tenantA.token,
      body: { assetId: 'eth', receiverAddress: RECIPIENT, amount: '0.01', ...DEVICE },
    });
    expect(created.status).toBe(201);
    const held = await readWithdrawal(created.body.id);
    expect(held.status).toBe('pending_approval');
    await expectReleaseRefused(
      asTrading,
      [created.body.id],
      'caller: other_app_operation; caller trading',
    );
    const approval = await api.get(`/v1/approvals/${held.approvalId}`, { token: tenantA.token });
    expect(approval.body.status).toBe('pending');
    expect((await readWithdrawal(created.body.id)).status).toBe('pending_approval');
  });
});

describe("a rogue with issuer's broker login and RPC proof key", () => {
  it("gets no wallet owner's signature, even with a valid decision for it", async () => {
    const decision = await authorize(heldTypedData.id, {
      kind: 'evm-typed-data',
      digest: evmTypedDataDigest(TYPED_DATA),
    });
    const typedData = (id: string) =>
      asIssuer.call(
        'signing',
        SIGNING_RPC.signEvmTypedData,
        { ownerId: tenantA.wallet, chain: 'evm', typedData: TYPED_DATA, decision },
        { requestId: id },
      );
    await expectRefused(typedData, 'key_not_allowed', {
      method: SIGNING_RPC.signEvmTypedData,
      detail: 'caller: key_not_allowed; caller issuer',
    });
    // Messages the issuer app never signs at all.
    await expectRefused(
      (id) =>
        asIssuer.call(
          'signing',
          SIGNING_RPC.signEvmMessage,
          { ownerId: tenantA.wallet, chain: 'evm', message: MESSAGE, decision },
          { requestId: id },
        ),
      'caller_not_allowed',
      { method: SIGNING_RPC.signEvmMessage, detail: 'caller: caller_not_allowed; caller issuer' },
    );
    // Nor does the policy service decide a wallet's signature in an issuer's name.
    await expect(
      asIssuer.call('policy', POLICY_RPC.authorize, {
        operationId: heldTypedData.id,
        owner: tenantA.wallet,
        intent: { kind: 'evm-typed-data', digest: evmTypedDataDigest(TYPED_DATA) },
      }),
    ).rejects.toMatchObject({ status: 403, code: 'decision_refused' });
    // The decision was valid: in wallet-ledger's name it signs (the refusal was the key's).
    const signed = await asLedger.call('signing', SIGNING_RPC.signEvmTypedData, {
      ownerId: tenantA.wallet,
      chain: 'evm',
      typedData: TYPED_DATA,
      decision,
    });
    expect(signed.address).toBe(tenantA.address);
  });
});

describe('every refusal', () => {
  it('is in the audit log, and nothing refused was signed', async () => {
    expect(refusals).toHaveLength(13);
    const records = await waitFor(
      async () => {
        const list = (await api.get('/v1/audit-events?action=rpcRefused&limit=0', { token: admin }))
          .body as AuditEventView[];
        const byRequest = new Map(list.map((r) => [r.requestId, r]));
        return refusals.every((r) => byRequest.has(r.requestId)) ? byRequest : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'every refusal in the audit log' },
    );
    for (const refusal of refusals)
      expect(records.get(refusal.requestId)).toMatchObject({
        action: 'rpcRefused',
        path: refusal.path,
        status: 403,
        outcome: 'failure',
        detail: refusal.detail,
      });
    // Signed with tenant A's key: the withdrawal with its replacement and cancel, the held
    // message and typed data (each by wallet-ledger, then once more by the rogue's decision).
    const { rows } = await db.query<{ intent_kind: string; n: number }>(
      `SELECT intent_kind, count(*)::int AS n FROM signing.signature_log
        WHERE owner_id = $1 GROUP BY intent_kind ORDER BY intent_kind`,
      [tenantA.wallet],
    );
    expect(rows).toEqual([
      { intent_kind: 'evm-message', n: 2 },
      { intent_kind: 'evm-transfer', n: 3 },
      { intent_kind: 'evm-typed-data', n: 2 },
    ]);
    // Nothing with another tenant's wallet nor with the gas station.
    const others = await db.query(
      'SELECT owner_id FROM signing.signature_log WHERE owner_id = ANY($1)',
      [[walletB, GAS_STATION_OWNER]],
    );
    expect(others.rows).toEqual([]);
    expect(await chain.provider.getTransactionCount(gasStation, 'pending')).toBe(0);
  });
});

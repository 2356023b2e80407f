import { JsonRpcProvider, Transaction as EvmTransaction, Wallet as EvmKey } from 'ethers';
import { SIGNATURE_RPC } from '@custody/contracts';
import { unsignedEvmTransaction } from '@custody/intents';
import type { Database } from '@custody/persistence';
import type { EvmNetwork } from '../chain/evm-network';
import { client, createLedgerHarness, type LedgerHarness, type WalletRef } from '../test-harness';
import { SettleSignatureApproval } from '../signatures/settle-signature-approval';
import { SignatureRecords } from '../signatures/signature-records';
import { AdoptChainTransaction } from '../withdrawals/adopt-chain-transaction';
import { HoldSignedTransaction } from '../withdrawals/hold-signed-transaction';
import { MoveWithdrawal } from '../withdrawals/move-withdrawal';
import { ChainResolutions } from './chain-resolutions';
import { type ChainAccess, chainTx, type ScannedTx, type ScanState } from './chain-scan';
import { RestoredBooks } from './restored-books';
import * as repo from './restore.repository';
import { classify } from './restore.rules';

// A client's transaction held for approval (sign-tx) at the restored point, signed, sent and
// mined in the timeline the restore threw away: the restore's matching proposes that very item,
// and `restore-resolve --signed-item` records it sent with the chain's transaction as sign-tx
// records one (its nonce reserved, what it moved held as the withdrawal the adapter follows),
// or refuses it. wallet-ledger runs on a real PostgreSQL and RabbitMQ (test-harness); the chain's
// transactions are signed here with the wallet's key, as the signer signed them.

const RECEIVER = '0x9999999999999999999999999999999999999999';
const GWEI = 1_000_000_000n;
const ETH = 10n ** 18n;

let h: LedgerHarness;
let db: Database;
let books: RestoredBooks;
let resolutions: ChainResolutions;
let records: SignatureRecords;
let chain: ChainAccess;
let epochId: string;

const network: EvmNetwork = {
  name: 'ethereum',
  chainId: 1,
  confirmations: 1,
  reorgDepth: 0,
  pollIntervalMs: 1_000,
  nativeAssetId: 'eth',
  tokens: new Map(),
  tokenGasLimit: 100_000n,
  maxFeePerGas: 100n * GWEI,
  maxFeePerWithdrawal: undefined,
  speedUpAfterMs: 0,
  internalTransfers: 'off',
};

beforeAll(async () => {
  h = await createLedgerHarness();
  db = h.service.deps.db;
  const moves = new MoveWithdrawal(h.catalog);
  books = new RestoredBooks(db, h.catalog);
  records = new SignatureRecords(new HoldSignedTransaction(moves));
  resolutions = new ChainResolutions(
    db,
    h.catalog,
    books,
    new AdoptChainTransaction(db, moves),
    records,
    h.service.logger,
  );
  chain = {
    network,
    // Never asked: every transaction resolved here is one the scan found.
    provider: new JsonRpcProvider('http://127.0.0.1:9', 1, { staticNetwork: true }),
    gasStation: '0x5555555555555555555555555555555555555555',
  };
  // The restore's record, for its resolutions: opened and ended at once, so that the harness's
  // wallet-ledger keeps its gate open (it signs and funds here, which the gate would refuse).
  const database = await repo.currentDatabase(db);
  epochId = await db.transaction(async (tx) => {
    const { id } = await repo.openRestore(tx, database);
    await repo.completeEpoch(tx, id, {});
    return id;
  });
}, 60_000);

afterAll(async () => {
  chain?.provider.destroy();
  await h?.close();
});

/** A wallet of `eth` holding `funds`, whose address is `key`'s (the signer's key for it). */
async function keyedWallet(funds: string): Promise<WalletRef & { key: EvmKey }> {
  const ref = await h.newWallet();
  const key = new EvmKey(EvmKey.createRandom().privateKey);
  await h.service.deps.pool.query('UPDATE ledger.wallets SET address = $1 WHERE id = $2', [
    key.address,
    ref.walletId,
  ]);
  await h.fund(ref.walletId, funds);
  return { ...ref, key };
}

/** The client's transaction, held for approval by the policies; answers its signed item's id. */
async function heldSignature(wallet: WalletRef, txJson: Record<string, string>) {
  const approvalId = crypto.randomUUID();
  h.policy.decide = () => ({ decision: 'require_approval', policyIds: ['p-hold'], approvalId });
  const { id } = await h.call(
    SIGNATURE_RPC.sign,
    { ...wallet, kind: 'tx', payload: { txJson } },
    client,
  );
  return { id, approvalId };
}

/** The held payload as the lost timeline's signer signed it, mined, as the restore's scan keeps it. */
function minedSignature(key: EvmKey, txJson: Record<string, string>): ScannedTx {
  const signed = unsignedEvmTransaction('1', { txJson });
  signed.signature = key.signingKey.sign(signed.unsignedHash);
  return {
    hash: signed.hash!,
    from: key.address,
    to: signed.to ?? '',
    nonce: signed.nonce,
    value: signed.value.toString(),
    data: signed.data,
    blockNumber: 42,
    gasLimit: signed.gasLimit.toString(),
    maxFeePerGas: (signed.maxFeePerGas ?? 0n).toString(),
    maxPriorityFeePerGas: (signed.maxPriorityFeePerGas ?? 0n).toString(),
    raw: signed.serialized,
  };
}

const payment = (nonce: number, wei: bigint) => ({
  to: RECEIVER,
  value: wei.toString(),
  nonce: String(nonce),
  gasLimit: '21000',
  maxFeePerGas: String(2n * GWEI),
  maxPriorityFeePerGas: String(GWEI),
});

async function resolve(
  mined: ScannedTx,
  signedItemId: string,
): Promise<repo.ResolutionRow | undefined> {
  await repo.requestResolution(db, epochId, mined.hash, { kind: 'signed-item', signedItemId });
  const scan: ScanState = { from: 0, scannedTo: 42, found: [mined] };
  const applied = await resolutions.apply(
    chain,
    epochId,
    scan,
    new Set([mined.from.toLowerCase()]),
  );
  return applied.find((r) => r.hash === mined.hash);
}

async function signedItem(id: string) {
  const { rows } = await h.service.deps.pool.query<{
    status: string;
    result: Record<string, string>;
  }>('SELECT status, result FROM ledger.signed_items WHERE id = $1', [id]);
  return rows[0];
}

async function nextNonce(address: string): Promise<number | undefined> {
  const { rows } = await h.service.deps.pool.query<{ next: number }>(
    `SELECT next_nonce::int AS next FROM ledger.chain_nonces
      WHERE network = 'ethereum' AND address = $1`,
    [address],
  );
  return rows[0]?.next;
}

async function heldBy(signedItemId: string) {
  const { rows } = await h.service.deps.pool.query<{
    status: string;
    amount: string;
    fromAddress: string;
    nonce: number;
    hash: string;
  }>(
    `SELECT status, amount::text AS amount, from_address AS "fromAddress",
            chain_nonce::int AS nonce, blockchain_transaction_id AS hash
       FROM ledger.withdrawals WHERE signed_tx_id = $1`,
    [signedItemId],
  );
  return rows;
}

describe("a client's transaction held for approval at the restored point, mined after it", () => {
  it('is proposed as its signed item, recorded sent once resolved, and booked once', async () => {
    const wallet = await keyedWallet('1');
    const txJson = payment(0, ETH / 10n);
    const item = await heldSignature(wallet, txJson);
    const mined = minedSignature(wallet.key, txJson);

    // The matching: a nonce the books never reserved, and exactly the held item's payload.
    const held = (await books.held(network, [mined.from])).map((x) => x.held);
    expect(held).toEqual([
      expect.objectContaining({
        signedItemId: item.id,
        status: 'pending_approval',
        nonce: 0,
        digest: EvmTransaction.from(mined.raw).unsignedHash,
      }),
    ]);
    const context = {
      station: chain.gasStation,
      custody: new Set([mined.from.toLowerCase()]),
      unsent: await books.unsent(network),
      held,
    };
    expect(classify(chainTx(mined), await books.knownAt(network, [mined]), context)).toEqual(
      expect.objectContaining({ kind: 'unmatched', candidates: [], signedItems: [item.id] }),
    );

    expect(await resolve(mined, item.id)).toMatchObject({
      appliedAt: expect.any(String),
      refused: null,
    });
    // Recorded sent with the chain's very transaction, as sign-tx records one.
    const sent = await signedItem(item.id);
    expect(sent?.status).toBe('sent');
    expect(sent?.result).toMatchObject({
      hash: mined.hash,
      signedTx: mined.raw,
      nonce: '0',
      to: RECEIVER,
      value: (ETH / 10n).toString(),
      withdrawalId: expect.any(String),
    });
    // What it moved, held as the withdrawal the adapter follows to `confirmed`; its nonce taken.
    expect(await heldBy(item.id)).toEqual([
      {
        status: 'broadcast',
        amount: '0.1',
        fromAddress: wallet.key.address,
        nonce: 0,
        hash: mined.hash,
      },
    ]);
    expect(await nextNonce(wallet.key.address)).toBe(1);
    // 0.1 and the network fee it may cost (21000 × 2 gwei) held of the 1 funded.
    expect(await h.balanceOf(wallet.userId, wallet.walletId)).toBe('1');
    const { rows } = await h.service.deps.pool.query<{ available: string }>(
      `SELECT available_balance::text AS available FROM ledger.accounts WHERE wallet_id = $1`,
      [wallet.walletId],
    );
    expect(rows[0]?.available).toBe('0.899958');

    // The matching knows it now, by that withdrawal: nothing unmatched, nothing proposed.
    const known = await books.knownAt(network, [mined]);
    expect(classify(chainTx(mined), known, { ...context, held: [] })).toMatchObject({
      kind: 'known',
      send: 'withdrawal',
    });
    expect(await books.held(network, [mined.from])).toEqual([]);

    // Its frozen approval, cancelled once the restore is done (restore-release), changes nothing.
    const settle = new SettleSignatureApproval(records);
    await db.transaction((tx) =>
      settle.settleApproval(tx, { operationId: item.id, id: item.approvalId, status: 'cancelled' }),
    );
    expect((await signedItem(item.id))?.status).toBe('sent');
    expect(await heldBy(item.id)).toHaveLength(1);

    // Answered again: the applied answer stays, nothing is recorded twice.
    expect(
      await repo.requestResolution(db, epochId, mined.hash, {
        kind: 'signed-item',
        signedItemId: item.id,
      }),
    ).toBe(false);
    expect(await resolve(mined, item.id)).toMatchObject({
      refused: null,
      appliedAt: expect.anything(),
    });
    expect(await heldBy(item.id)).toHaveLength(1);
  });

  it('is recorded though its user is blocked in the restored books: the money left already', async () => {
    const wallet = await keyedWallet('1');
    const txJson = payment(0, ETH / 10n);
    const item = await heldSignature(wallet, txJson);
    const mined = minedSignature(wallet.key, txJson);
    await h.service.deps.pool.query('UPDATE ledger.user_refs SET blocked = true WHERE id = $1', [
      wallet.userId,
    ]);

    expect(await resolve(mined, item.id)).toMatchObject({ refused: null });
    expect((await signedItem(item.id))?.status).toBe('sent');
    expect(await heldBy(item.id)).toHaveLength(1);
  });

  it('is refused, nothing recorded, when its wallet cannot hold what it moved', async () => {
    const wallet = await keyedWallet('0.05');
    const txJson = payment(0, ETH / 10n);
    const item = await heldSignature(wallet, txJson);
    const mined = minedSignature(wallet.key, txJson);

    expect(await resolve(mined, item.id)).toMatchObject({
      appliedAt: null,
      refused: expect.stringMatching(/sign-tx's record refuses it \(insufficient_balance\)/),
    });
    expect((await signedItem(item.id))?.status).toBe('pending_approval');
    expect(await heldBy(item.id)).toEqual([]);
    expect(await nextNonce(wallet.key.address)).toBeUndefined();
  });

  it("is refused for a transaction that is not the item's signature", async () => {
    const wallet = await keyedWallet('1');
    const txJson = payment(0, ETH / 10n);
    const item = await heldSignature(wallet, txJson);

    // Another payment at its nonce; its payment at another nonce; its payment with other fees.
    for (const [other, reason] of [
      [payment(0, ETH / 20n), /is not signed item .*'s/],
      [payment(1, ETH / 10n), /is not signed item .*'s/],
      [{ ...txJson, maxFeePerGas: String(3n * GWEI) }, /gas or fees are not signed item/],
    ] as const)
      expect(await resolve(minedSignature(wallet.key, other), item.id)).toMatchObject({
        refused: expect.stringMatching(reason),
      });
    expect((await signedItem(item.id))?.status).toBe('pending_approval');
    expect(await heldBy(item.id)).toEqual([]);
  });
});

import { isAppError } from '@custody/errors';
import { withTransaction } from '@custody/persistence';
import { createLedgerHarness, type LedgerHarness } from '../test-harness';
import {
  broadcastWithdrawal,
  type ChainSteps,
  chainSteps,
  NETWORK,
  preparedWithdrawal,
} from '../withdrawals/__fixtures__/chain-steps';
import { nonceUsedInBooks } from './nonce-books.repository';
import { BooksBehindChain, reserveSignedNonce, takeNonce } from './nonces';

// A client's signed transaction's nonce against the stored counter and the chain's count (on
// PostgreSQL), and what the books know of a nonce another transaction used on chain.

let h: LedgerHarness;
let steps: ChainSteps;

beforeAll(async () => {
  h = await createLedgerHarness();
  steps = chainSteps(h);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const ADDRESS = () => `0x${crypto.randomUUID().replace(/-/g, '').padEnd(40, '0')}`;

async function counter(address: string): Promise<number | undefined> {
  const { rows } = await h.service.deps.pool.query<{ next: string }>(
    'SELECT next_nonce AS next FROM ledger.chain_nonces WHERE network = $1 AND address = $2',
    [NETWORK, address],
  );
  return rows[0] ? Number(rows[0].next) : undefined;
}

const reserve = (address: string, nonce: number, chain?: { latest: number; pending: number }) =>
  withTransaction(h.service.deps.db, (tx) =>
    reserveSignedNonce(tx, NETWORK, address, nonce, chain),
  );

describe("a client's signed transaction's nonce", () => {
  it('moves the counter past it when the books are level with the chain', async () => {
    const address = ADDRESS();
    await reserve(address, 0, { latest: 0, pending: 0 });
    expect(await counter(address)).toBe(1);
  });

  it('moves nothing when the chain counts transactions the books never assigned', async () => {
    const address = ADDRESS();
    const refused = await reserve(address, 1, { latest: 1, pending: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BooksBehindChain);
    expect((refused as BooksBehindChain).found).toEqual({
      network: NETWORK,
      address,
      assigned: 0,
      chain: 1,
    });
    expect(await counter(address)).toBeUndefined();
  });

  it('is refused past the counter of an address the adapter sends from, and the counter stays', async () => {
    const address = ADDRESS();
    await reserve(address, 0, { latest: 0, pending: 0 });
    for (const nonce of [2, 2 ** 31]) {
      const refused = await reserve(address, nonce, { latest: 1, pending: 1 }).catch(
        (e: unknown) => e,
      );
      expect(isAppError(refused) && [refused.status, refused.code]).toEqual([409, 'nonce_gap']);
    }
    expect(await counter(address)).toBe(1);
    await reserve(address, 1, { latest: 1, pending: 1 });
    expect(await counter(address)).toBe(2);
  });

  it('is refused once 16 signed transactions wait unsent: the counter cannot be walked on', async () => {
    const address = ADDRESS();
    const chain = { latest: 0, pending: 0 };
    for (let nonce = 0; nonce < 16; nonce++) await reserve(address, nonce, chain);
    const refused = await reserve(address, 16, chain).catch((e: unknown) => e);
    expect(isAppError(refused) && [refused.status, refused.code]).toEqual([400, 'nonce_too_far']);
    expect(await counter(address)).toBe(16);
  });

  it('follows the client on an address the adapter does not send from, below an int4', async () => {
    const address = ADDRESS();
    await reserve(address, 7);
    expect(await counter(address)).toBe(8);
    const refused = await reserve(address, 2 ** 31).catch((e: unknown) => e);
    expect(isAppError(refused) && [refused.status, refused.code]).toEqual([400, 'nonce_too_far']);
    expect(await counter(address)).toBe(8);
  });
});

describe('a nonce another transaction used on chain', () => {
  it('is unknown to the books when only the withdrawal itself holds it', async () => {
    const { id, address } = await broadcastWithdrawal(h, steps);
    expect(await nonceUsedInBooks(h.service.deps.db, NETWORK, address, 0, id)).toBe(false);
  });

  it('is known when another withdrawal of the books holds it', async () => {
    const { id, address } = await broadcastWithdrawal(h, steps);
    const other = await preparedWithdrawal(h);
    // A second withdrawal reserved at the same address's nonce 0 (the books' own record of it).
    await h.service.deps.pool.query(
      `UPDATE ledger.withdrawals SET network = $1, from_address = $2, chain_nonce = 0 WHERE id = $3`,
      [NETWORK, address, other.id],
    );
    expect(await nonceUsedInBooks(h.service.deps.db, NETWORK, address, 0, id)).toBe(true);
  });
});

describe("a nonce another transaction used, seen from a client's signed transaction's hold", () => {
  it('is not known by the signed transaction it holds for, and is by another one at the nonce', async () => {
    const { id, owner, address } = await broadcastWithdrawal(h, steps);
    const pool = h.service.deps.pool;
    const signedItem = async () =>
      (
        await pool.query<{ id: string }>(
          `INSERT INTO ledger.signed_items (id, tenant_id, user_id, wallet_id, kind, request, result, status)
           VALUES (gen_random_uuid(), 'tenant', $1, $2, 'tx', '{}', '{"nonce": 0}', 'sent') RETURNING id`,
          [owner.userId, owner.walletId],
        )
      ).rows[0]!.id;
    // The withdrawal as a client's hold: its own signed transaction at nonce 0.
    await pool.query('UPDATE ledger.withdrawals SET signed_tx_id = $1 WHERE id = $2', [
      await signedItem(),
      id,
    ]);
    expect(await nonceUsedInBooks(h.service.deps.db, NETWORK, address, 0, id)).toBe(false);
    // The client's replacement at the same nonce: the books know it.
    await signedItem();
    expect(await nonceUsedInBooks(h.service.deps.db, NETWORK, address, 0, id)).toBe(true);
  });
});

describe('a counter behind the nonces its own books hold', () => {
  it('moves past them before the chain is compared: only a chain ahead of the books is a restore', async () => {
    const { owner, address } = await broadcastWithdrawal(h, steps);
    const pool = h.service.deps.pool;
    // A client's transaction at nonce 1 signed while no adapter followed the network: recorded,
    // and no counter took it; the counter lost too (an address the books never sent from).
    await pool.query('DELETE FROM ledger.chain_nonces WHERE address = $1', [address]);
    await pool.query(
      `INSERT INTO ledger.signed_items (id, tenant_id, user_id, wallet_id, kind, request, result, status)
       VALUES (gen_random_uuid(), 'tenant', $1, $2, 'tx', '{}', '{"nonce": 1}', 'sent')`,
      [owner.userId, owner.walletId],
    );
    const take = (chain: { latest: number; pending: number }) =>
      withTransaction(h.service.deps.db, (tx) => takeNonce(tx, NETWORK, address, chain));
    // The chain counts both: the books hold both, so the next is 2.
    expect(await take({ latest: 2, pending: 2 })).toBe(2);
    expect(await counter(address)).toBe(3);
    // The chain counts one more than the books ever held: behind, nothing taken.
    const refused = await take({ latest: 4, pending: 4 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BooksBehindChain);
    expect((refused as BooksBehindChain).found).toMatchObject({ assigned: 3, chain: 4 });
    expect(await counter(address)).toBe(3);
  });
});

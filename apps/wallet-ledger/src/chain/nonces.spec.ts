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
import { nonceUsedInBooks } from '../withdrawals/withdrawals.repository';
import { BooksBehindChain, reserveSignedNonce } from './nonces';

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

  it('is refused more than 16 past the chain, and the counter stays', async () => {
    const address = ADDRESS();
    await reserve(address, 0, { latest: 0, pending: 0 });
    for (const nonce of [18, 2 ** 31]) {
      const refused = await reserve(address, nonce, { latest: 1, pending: 1 }).catch(
        (e: unknown) => e,
      );
      expect(isAppError(refused) && [refused.status, refused.code]).toEqual([400, 'nonce_too_far']);
    }
    expect(await counter(address)).toBe(1);
    await reserve(address, 17, { latest: 1, pending: 1 });
    expect(await counter(address)).toBe(18);
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

import type { ChainFamily } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import type { IndexMarks } from '../keystore/index-marks';
import { KeyStoreUnavailable } from '../keystore/pkcs11-token';
import * as repo from './keys.repository';

/** Indexes a process reserves at once: one write to the token per this many new keys. */
export const INDEX_BLOCK = 100;

interface Block {
  next: number;
  last: number;
}

/**
 * Allocates HD key indexes that are never issued twice, even after the database is restored to
 * an earlier time (docs/decisions/wallets-and-signing.md, "Key indexes past a restore"). With a
 * token, each process takes its indexes from blocks it reserved itself: under a lock of the
 * database, the token's mark is read, raised past a new block of INDEX_BLOCK indexes, and only
 * then is the block used. The mark lives in the token, not in the database, so a restored
 * database cannot take it back: the next block starts past every index ever reserved. Without a
 * token (development) the database's sequence alone allocates, as before.
 */
export class KeyIndex {
  private readonly blocks = new Map<ChainFamily, Block>();
  /** One reservation at a time per chain in this process: concurrent calls share its block. */
  private readonly reserving = new Map<ChainFamily, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly marks: IndexMarks | undefined,
  ) {}

  async next(chain: ChainFamily): Promise<number> {
    if (!this.marks) return repo.nextIndex(this.db, chain);
    for (;;) {
      const block = this.blocks.get(chain);
      if (block && block.next <= block.last) return block.next++;
      const pending = this.reserving.get(chain) ?? this.reserve(chain, this.marks);
      this.reserving.set(chain, pending);
      try {
        await pending;
      } finally {
        if (this.reserving.get(chain) === pending) this.reserving.delete(chain);
      }
    }
  }

  private async reserve(chain: ChainFamily, marks: IndexMarks): Promise<void> {
    const block = await withTransaction(this.db, async (tx) => {
      await repo.lockIndexes(tx, chain);
      try {
        // A token without a mark yet (the first start with one): past what the database issued.
        const mark = marks.read(chain) ?? (await repo.highestIssued(tx, chain));
        const reserved = { next: mark + 1, last: mark + INDEX_BLOCK };
        marks.raise(chain, reserved.last);
        // The sequence follows the mark: a process without the token still counts past it.
        await repo.moveSequencePast(tx, chain, reserved.last);
        return reserved;
      } catch (error) {
        if (error instanceof KeyStoreUnavailable)
          throw Errors.unavailable(
            'Signing keys are not available now (the key store does not answer).',
            'key_store_unavailable',
          );
        throw error;
      }
    });
    this.blocks.set(chain, block);
  }
}

/** The most addresses `key-index --addresses` derives per chain. */
const ADDRESSES_LISTED = 1_000;

/**
 * The key ceremony's `key-index` (docs/operations/restore-runbook.md, "After"): per chain, the
 * token's mark and the highest index a key of the database has. After a restore, the indexes
 * between them may have been issued to wallets the restored database forgot (or reserved and
 * never issued): with `derive`, their addresses, to look for funds there. `raiseTo` raises the mark (a new token after a ceremony
 * restore starts without one: raise it to the last mark known before).
 */
export async function keyIndexReport(
  db: Database,
  marks: IndexMarks,
  options: {
    raiseTo?: number;
    chain?: ChainFamily;
    derive?: (chain: ChainFamily, index: number) => Promise<{ address: string; path: string }>;
  },
) {
  const chains: ChainFamily[] = options.chain ? [options.chain] : ['evm', 'qubic'];
  const out = [];
  for (const chain of chains) {
    const report = await withTransaction(db, async (tx) => {
      await repo.lockIndexes(tx, chain);
      if (options.raiseTo !== undefined) {
        marks.raise(chain, options.raiseTo);
        await repo.moveSequencePast(tx, chain, options.raiseTo);
      }
      return { chain, mark: marks.read(chain) ?? null, database: await repo.highestKey(tx, chain) };
    });
    const past: { index: number; address: string; path: string }[] = [];
    if (options.derive && report.mark !== null)
      for (
        let index = report.database + 1;
        index <= report.mark && past.length < ADDRESSES_LISTED;
        index++
      )
        past.push({ index, ...(await options.derive(chain, index)) });
    out.push({ ...report, ...(options.derive ? { pastTheDatabase: past } : {}) });
  }
  return out;
}

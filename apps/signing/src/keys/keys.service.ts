import type { ChainFamily, DerivedKey } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { Database } from '@custody/persistence';
import type { ChainSigner } from '../chains/chain-signer';
import { KeyIndex } from './key-index';
import * as repo from './keys.repository';

function view(row: repo.KeyRow): DerivedKey {
  return {
    ownerId: row.ownerId,
    chain: row.chain,
    address: row.address,
    derivationPath: row.derivationPath,
    derivationIndex: row.derivationIndex,
  };
}

/** Allocates HD indexes and records (owner, chain, index, path, address) — never a private key. */
export class KeysService {
  constructor(
    private readonly db: Database,
    private readonly signers: Record<ChainFamily, ChainSigner>,
    /** Past every index ever reserved, whatever the database remembers (the token's mark). */
    private readonly indexes: KeyIndex = new KeyIndex(db, undefined),
  ) {}

  /** Idempotent: an owner has one key per chain; asking again returns the same one. */
  async derive(ownerId: string, chain: ChainFamily, tenantId?: string): Promise<DerivedKey> {
    const existing = await repo.findKey(this.db, ownerId, chain);
    if (existing) return view(existing);
    const signer = this.signers[chain];
    if (!signer) throw Errors.badRequest(`No signer for chain ${chain}`, 'unsupported_asset');
    const index = await this.indexes.next(chain);
    const { address, path } = await signer.derive(index);
    const row = await repo.insertKey(this.db, {
      ownerId,
      chain,
      derivationIndex: index,
      derivationPath: path,
      address,
      tenantId: tenantId ?? null,
    });
    if (!row) throw Errors.internal(new Error('key insert returned nothing'));
    return view(row);
  }

  async get(ownerId: string, chain: ChainFamily): Promise<repo.KeyRow> {
    const row = await repo.findKey(this.db, ownerId, chain);
    if (!row) throw Errors.notFound('signing key', 'key_not_found');
    return row;
  }
}

import { getAddress } from 'ethers';
import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, IssueHolderView, IssuePath, V2Page, V2Paging } from '@custody/contracts';
import { isValidAddress } from '@custody/chain-address';
import { Errors } from '@custody/errors';
import { type Database, sqlState } from '@custody/persistence';
import { issueOf } from '../access';
import { v2Page } from '../paging';
import type { HolderRow } from '../schema';
import { insertHolder, listHolders } from './holders.repository';

export function holderView(row: HolderRow): IssueHolderView {
  return {
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    id: row.id,
    clientIssueId: row.issueId,
    name: row.name,
    address: row.address,
  };
}

/** Holders of an issue: an EVM address each, at most once per issue. */
export class HoldersService {
  constructor(private readonly db: Database) {}

  async create(
    auth: AuthContext | undefined,
    path: IssuePath,
    input: { name: string; address: string },
  ): Promise<IssueHolderView> {
    const { issuer, issue } = await issueOf(this.db, auth, path);
    if (!(await isValidAddress('evm', input.address))) {
      throw Errors.validation([
        {
          path: 'body.address',
          message: 'Not a valid EVM address (20 bytes of hex, EIP-55 checksum if mixed case)',
        },
      ]);
    }
    try {
      const row = await insertHolder(this.db, {
        id: uuidv7(),
        issuerId: issuer.id,
        issueId: issue.id,
        name: input.name,
        // Checksummed: the same address in another letter case is the same holder.
        address: getAddress(input.address),
      });
      return holderView(row);
    } catch (error) {
      if (sqlState(error) === '23505')
        throw Errors.conflict('This address is already a holder of the issue.', 'holder_exists');
      throw error;
    }
  }

  async list(
    auth: AuthContext | undefined,
    path: IssuePath,
    paging: V2Paging,
  ): Promise<V2Page<IssueHolderView>> {
    const { issue } = await issueOf(this.db, auth, path);
    return v2Page(await listHolders(this.db, issue.id, paging), paging, holderView);
  }
}

import {
  WALLET_RPC,
  type AuthContext,
  type ListQuery,
  type ListResult,
  type WhitelistInput,
  type WhitelistView,
} from '@custody/contracts';
import { v7 as uuidv7 } from 'uuid';
import { isValidAddress } from '@custody/chain-address';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import { type Database, isUuid, listResult, sqlState } from '@custody/persistence';
import {
  assertUserAccess,
  checkWalletPath,
  requireAdmin,
  requireAuth,
  tenantScope,
} from '@custody/tenancy';
import type { WhitelistRow } from '../schema';
import { findUser } from '../users/users.repository';
import {
  findWhitelist,
  hasVerifiedAddress,
  insertWhitelist,
  listWhitelists,
  setWhitelistStatus,
  type WalletPath,
} from './whitelists.repository';
import { fullName } from './whitelists.rules';

export type { WhitelistInput } from '@custody/contracts';

function view(row: WhitelistRow): WhitelistView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    userFullName: row.userFullName,
    counterPartyFullName: row.counterPartyFullName,
    walletId: row.walletId,
    assetId: row.assetId,
    address: row.address,
    counterPartyType: row.counterPartyType,
    travelRuleStatus: row.travelRuleStatus,
    tenantId: row.tenantId,
    casp: row.casp,
  };
}

/** Travel-rule whitelist records of a wallet: created pending, verified (or rejected) by an admin. */
export class WhitelistsService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async create(
    auth: AuthContext | undefined,
    path: WalletPath,
    input: WhitelistInput,
  ): Promise<{ id: string }> {
    const caller = requireAuth(auth);
    assertUserAccess(caller, path.userId);
    const user = await findUser(this.db, tenantScope(caller), path.userId);
    if (!user) throw Errors.notFound('user');
    const wallet = await this.rpc.call('wallet-ledger', WALLET_RPC.getWalletRef, path, {
      auth: caller,
      idempotent: true,
    });
    if (!(await isValidAddress(wallet.chain, input.address))) {
      throw Errors.validation([
        {
          path: 'body.address',
          message: `Not a valid ${wallet.chain} address for this wallet's asset`,
        },
      ]);
    }
    try {
      const row = await insertWhitelist(this.db, {
        id: uuidv7(),
        tenantId: wallet.tenantId,
        userId: user.id,
        walletId: wallet.id,
        assetId: wallet.assetId,
        address: input.address,
        userFullName: fullName(user.kind, user.kyc),
        counterPartyFullName: input.counterPartyFullName,
        counterPartyType: input.counterPartyType,
        casp: input.casp ?? {},
        travelRuleStatus: 'pending',
      });
      return { id: row.id };
    } catch (error) {
      if (sqlState(error) === '23505')
        throw Errors.conflict(
          'This address is already whitelisted for the wallet.',
          'whitelist_exists',
        );
      throw error;
    }
  }

  async list(
    auth: AuthContext | undefined,
    path: WalletPath,
    query: ListQuery,
  ): Promise<ListResult<WhitelistView>> {
    const { caller, named } = checkWalletPath(auth, path);
    // A named wallet the caller cannot see is 404, as for every wallet-scoped list, not [].
    if (named) {
      await this.rpc.call('wallet-ledger', WALLET_RPC.getWalletRef, path, {
        auth: caller,
        idempotent: true,
      });
    }
    const page = await listWhitelists(this.db, tenantScope(caller), path, query);
    return listResult(page, page.rows.map(view));
  }

  async get(
    auth: AuthContext | undefined,
    path: WalletPath & { id: string },
  ): Promise<WhitelistView> {
    assertUserAccess(auth, path.userId);
    if (![path.userId, path.walletId, path.id].every(isUuid))
      throw Errors.notFound('whitelist record');
    const row = await findWhitelist(this.db, tenantScope(auth), path);
    if (!row) throw Errors.notFound('whitelist record');
    return view(row);
  }

  /**
   * Whether `address` is on the wallet's whitelist with its travel rule verified, in the caller's
   * tenant (EVM addresses in any letter case: the checksum is only a spelling).
   */
  async isVerified(
    auth: AuthContext | undefined,
    path: WalletPath & { address: string },
  ): Promise<{ verified: boolean }> {
    assertUserAccess(auth, path.userId);
    if (![path.userId, path.walletId].every(isUuid)) return { verified: false };
    return { verified: await hasVerifiedAddress(this.db, tenantScope(auth), path, path.address) };
  }

  /** The travel-rule review outcome, set by an admin (compliance). */
  async setStatus(
    auth: AuthContext | undefined,
    path: WalletPath & { id: string },
    status: WhitelistView['travelRuleStatus'],
  ): Promise<WhitelistView> {
    requireAdmin(auth);
    if (![path.userId, path.walletId, path.id].every(isUuid))
      throw Errors.notFound('whitelist record');
    // An admin's review: any tenant's record.
    const row = await setWhitelistStatus(this.db, { kind: 'all' }, path, status);
    if (!row) throw Errors.notFound('whitelist record');
    return view(row);
  }
}

import type { AuthContext, ListResult, WalletScopedList, WithdrawalView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, isUuid, listResult } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import {
  type WithdrawalAttemptRow,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawals,
} from '../schema';
import { walletScope } from '../transactions/wallet-scope';
import { attemptsOf } from './attempts.repository';
import type { MoveWithdrawal } from './move-withdrawal';
import * as repo from './withdrawals.repository';
import { withdrawalView } from './withdrawals.rules';

export type { NewWithdrawal } from '@custody/contracts';

/**
 * The withdrawals' reads (docs/decisions/ledger-and-money-movement.md). What changes one is a
 * use-case of this module, each its own file: CreateWithdrawal, SettleWithdrawalApproval,
 * HoldSignedTransaction, the manual adapter's reports (ManualWithdrawalAdapter), the chain
 * adapter's steps (SendWithdrawal, SettleSentWithdrawal, RecordReplacement) and the admin's
 * speed-up and cancel (ReplaceWithdrawal), all moving it through MoveWithdrawal. The rules are
 * withdrawals.rules.ts, the SQL withdrawals.repository.ts and attempts.repository.ts.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
    private readonly moves: MoveWithdrawal,
  ) {}

  async list(
    auth: AuthContext | undefined,
    request: WalletScopedList<{ status?: WithdrawalStatus }>,
  ): Promise<ListResult<WithdrawalView>> {
    const scope = await walletScope(this.db, auth, request, withdrawals);
    const page = await repo.listWithdrawals(this.db, scope, request.list, request.filters.status);
    const symbols = new Map((await this.catalog.all()).map((a) => [a.id, a.symbol]));
    const movements = await repo.movementIdsOf(this.db, page.rows);
    const items = page.rows.map((r) =>
      withdrawalView(r, symbols.get(r.assetId) ?? r.assetId, movements.get(r.id) ?? []),
    );
    return listResult(page, items);
  }

  async get(
    auth: AuthContext | undefined,
    request: { userId: string; walletId: string; id: string },
  ): Promise<WithdrawalView> {
    const scope = await walletScope(this.db, auth, request, withdrawals);
    if (!isUuid(request.id)) throw Errors.notFound('withdrawal');
    const row = await repo.findWithdrawal(this.db, scope, request.id);
    if (!row) throw Errors.notFound('withdrawal');
    return this.moves.view(this.db, row);
  }

  /** Any tenant's withdrawal by id, with its attempts (the admin's speed-up and cancel). */
  async adminView(id: string): Promise<WithdrawalView> {
    const row = await repo.findWithdrawal(this.db, undefined, id);
    if (!row) throw Errors.notFound('withdrawal');
    return this.moves.view(this.db, row);
  }

  /** `prepared` withdrawals of the assets, oldest first: what a chain adapter sends next. */
  preparedToSend(assetIds: string[], limit: number): Promise<WithdrawalRow[]> {
    return repo.preparedToSend(this.db, assetIds, limit);
  }

  /** `broadcast` withdrawals a chain adapter signed and sent on `network`, oldest first. */
  broadcastBySender(network: string, limit: number): Promise<WithdrawalRow[]> {
    return repo.broadcastBySender(this.db, network, limit);
  }

  /** `broadcast` holds of raw signed transactions on `network`, a page by id after `afterId`. */
  broadcastByClients(network: string, afterId: string, limit: number): Promise<WithdrawalRow[]> {
    return repo.broadcastByClients(this.db, network, afterId, limit);
  }

  /** The withdrawals' transactions at their nonces, oldest first. */
  attemptsOf(withdrawalIds: string[]): Promise<WithdrawalAttemptRow[]> {
    return attemptsOf(this.db, withdrawalIds);
  }
}

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SettlePurchaseRequest, SettlePurchaseResult } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { failpoint } from '@custody/faults';
import { type Database, runIdempotent } from '@custody/persistence';
import { lockAccounts, postEntry, systemAccountId } from '../ledger/ledger';
import { accounts, userRefs, wallets } from '../schema';
import { type Party, recordMovements } from '../transactions/transactions.service';
import { assertNotBlockedInCopy } from '../users/senders';

const SCHEMA = 'ledger';
/** Crash tests: die after the settlement committed, before trading hears of it. */
export const SETTLEMENT_FAILPOINT = 'ledger.purchase.after-settle';
/** The only app that may move crypto for a purchase. */
const SETTLING_CALLER = 'trading';

/**
 * The crypto leg of a purchase (DESIGN §6): buy moves `cryptoAmount` treasury → wallet, sell
 * wallet → treasury (never below the wallet's available balance). Exactly once per purchase id:
 * the key is stored in the entry's own transaction, and a retry replays the first answer —
 * success or refusal — so trading can always ask again after a crash.
 */
export class PurchaseSettlement {
  constructor(private readonly db: Database) {}

  async settle(
    caller: string | undefined,
    request: SettlePurchaseRequest,
  ): Promise<SettlePurchaseResult> {
    if (caller !== SETTLING_CALLER) {
      throw Errors.forbidden('Only the trading service settles purchases.', 'caller_not_allowed');
    }
    // The hash covers what decides the movement, not descriptive fields (the rate's asset view).
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          request.walletId,
          request.assetId,
          request.operation,
          request.cryptoAmount,
        ]),
      )
      .digest('hex');
    const key = { clientId: SETTLING_CALLER, key: `purchase:${request.purchaseId}`, requestHash };
    const result = await runIdempotent(this.db, SCHEMA, key, async (tx) => {
      // Idempotency keys expire after 24 h; the journal is forever: a purchase posted long ago
      // answers as settled (and a unique index makes a second entry impossible anyway).
      const posted = await tx.execute(
        sql`SELECT 1 FROM ledger.journal_entries WHERE operation_type = 'purchase' AND operation_id = ${request.purchaseId}`,
      );
      if (posted.rows.length > 0) {
        const [account] = await tx
          .select({ balance: accounts.balance })
          .from(accounts)
          .where(eq(accounts.walletId, request.walletId));
        return { purchaseId: request.purchaseId, walletBalance: account?.balance ?? '0' };
      }
      // The user's lock, then its copy: a block waits for this settlement, or this settlement
      // sees the block (as transfers and withdrawals).
      await assertNotBlockedInCopy(tx, request.userId, 'trade');
      const [wallet] = await tx
        .select({
          id: wallets.id,
          userId: wallets.userId,
          tenantId: wallets.tenantId,
          assetId: wallets.assetId,
          address: wallets.address,
          accountId: accounts.id,
        })
        .from(wallets)
        .innerJoin(accounts, eq(accounts.walletId, wallets.id))
        .innerJoin(userRefs, eq(userRefs.id, wallets.userId))
        .where(
          and(
            eq(wallets.id, request.walletId),
            eq(wallets.userId, request.userId),
            eq(wallets.tenantId, request.tenantId),
          ),
        );
      if (!wallet) throw Errors.notFound('wallet');
      if (wallet.assetId !== request.assetId) {
        throw Errors.badRequest('The wallet does not hold this asset.', 'asset_mismatch');
      }
      const treasury = await systemAccountId(tx, request.assetId, 'treasury');
      // Locks first, then the deletion check: a wallet deleted meanwhile receives nothing.
      const locked = await lockAccounts(tx, [wallet.accountId, treasury]);
      const [live] = await tx
        .select({ deletedAt: wallets.deletedAt })
        .from(wallets)
        .where(eq(wallets.id, wallet.id));
      if (live?.deletedAt) throw Errors.conflict('The wallet was deleted.', 'wallet_deleted');
      const buy = request.operation === 'buy';
      const amount = request.cryptoAmount;
      const after = await postEntry(
        tx,
        {
          operationType: 'purchase',
          operationId: request.purchaseId,
          assetId: request.assetId,
          movements: buy
            ? [
                { accountId: treasury, amount: `-${amount}` },
                { accountId: wallet.accountId, amount },
              ]
            : [
                { accountId: wallet.accountId, amount: `-${amount}` },
                { accountId: treasury, amount },
              ],
        },
        locked,
      );
      const walletBalance = after.get(wallet.accountId)?.balance ?? '0';
      const own: Party = {
        walletId: wallet.id,
        address: wallet.address,
        walletBalance,
        userId: wallet.userId,
      };
      const house: Party = { address: 'treasury' };
      await recordMovements(tx, [
        {
          tenantId: wallet.tenantId,
          userId: wallet.userId,
          walletId: wallet.id,
          assetId: wallet.assetId,
          operationId: request.purchaseId,
          type: buy ? 'purchase' : 'sale',
          movement: buy ? 'in' : 'out',
          movementSubtype: buy ? 'buy' : 'sell',
          status: 'approved',
          amount,
          walletBalanceAfter: walletBalance,
          sender: buy ? house : own,
          receiver: buy ? own : house,
          rate: request.rate as unknown as Record<string, unknown>,
        },
      ]);
      return { purchaseId: request.purchaseId, walletBalance };
    });
    failpoint(SETTLEMENT_FAILPOINT);
    return result;
  }
}

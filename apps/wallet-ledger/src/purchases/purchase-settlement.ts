import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SettlePurchaseRequest, SettlePurchaseResult } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { failpoint } from '@custody/faults';
import { type Database, runIdempotent, type StoredAnswer } from '@custody/persistence';
import { lockAccounts, postEntry, systemAccountId } from '../ledger/ledger.repository';
import { type Party, recordMovements } from '../transactions/transactions.repository';
import { maxShortOf } from '../treasury/treasury.repository';
import { assertTreasuryCovers } from '../treasury/treasury.rules';
import { assertNotBlockedInCopy } from '../users/senders';
import * as repo from './purchases.repository';

const SCHEMA = 'ledger';
/** Crash tests: die after the settlement committed, before trading hears of it. */
export const SETTLEMENT_FAILPOINT = 'ledger.purchase.after-settle';
/** The idempotency keys of settlements are kept under the settling app's name. */
const SETTLING_CALLER = 'trading';
/** A settlement's answer as a retry reads it back from its key. */
const settled = z.object({
  purchaseId: z.string(),
  walletBalance: z.string(),
}) satisfies StoredAnswer<SettlePurchaseResult>;

/**
 * The crypto leg of a purchase (docs/decisions/purchases.md): buy moves `cryptoAmount` treasury →
 * wallet, sell wallet → treasury (never below the wallet's available balance; a buy never takes the
 * treasury past the bound an admin set, 409 `treasury_insufficient`). Exactly once per
 * purchase id: the key is stored in the entry's own transaction, and a retry replays the first
 * answer — success or refusal — so trading can always ask again after a crash.
 */
export class PurchaseSettlement {
  constructor(private readonly db: Database) {}

  /** Called by the trading service only (RPC_ACCESS). */
  async settle(request: SettlePurchaseRequest): Promise<SettlePurchaseResult> {
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
    const result = await runIdempotent(this.db, SCHEMA, key, settled, async (tx) => {
      // Idempotency keys expire after 24 h; the journal is forever: a purchase posted long ago
      // answers as settled (and a unique index makes a second entry impossible anyway).
      if (await repo.purchasePosted(tx, request.purchaseId)) {
        const balance = await repo.walletBalance(tx, request.walletId);
        return { purchaseId: request.purchaseId, walletBalance: balance ?? '0' };
      }
      // The user's lock, then its copy: a block waits for this settlement, or this settlement
      // sees the block (as transfers and withdrawals).
      await assertNotBlockedInCopy(tx, request.userId, 'trade');
      const wallet = await repo.findSettlingWallet(tx, request);
      if (!wallet) throw Errors.notFound('wallet');
      if (wallet.assetId !== request.assetId) {
        throw Errors.badRequest('The wallet does not hold this asset.', 'asset_mismatch');
      }
      const treasury = await systemAccountId(tx, request.assetId, 'treasury');
      // Locks first, then the deletion check: a wallet deleted meanwhile receives nothing.
      const locked = await lockAccounts(tx, [wallet.accountId, treasury]);
      if (await repo.walletDeleted(tx, wallet.id))
        throw Errors.conflict('The wallet was deleted.', 'wallet_deleted');
      const buy = request.operation === 'buy';
      const amount = request.cryptoAmount;
      // The treasury is locked: concurrent buys are weighed one after the other against the
      // bound (a compromised trading still cannot make the house owe more than it).
      if (buy)
        assertTreasuryCovers(
          locked.get(treasury)?.balance ?? '0',
          amount,
          await maxShortOf(tx, request.assetId),
        );
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
          // A copy: an interface has no index signature, an object literal has.
          rate: { ...request.rate },
        },
      ]);
      return { purchaseId: request.purchaseId, walletBalance };
    });
    failpoint(SETTLEMENT_FAILPOINT);
    return result;
  }
}

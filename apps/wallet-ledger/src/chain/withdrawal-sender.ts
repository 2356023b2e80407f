import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  formatUnits,
  isError,
  type JsonRpcProvider,
  parseUnits,
  type TransactionReceipt,
  Transaction as EvmTransaction,
} from 'ethers';
import { GAS_STATION_OWNER, SIGNING_RPC } from '@custody/contracts';
import { erc20TransferData } from '@custody/intents';
import { isAppError } from '@custody/errors';
import { failpoint } from '@custody/faults';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import { canonical } from '@custody/money';
import { type Database, type Transaction, withTransaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { extendHold } from '../ledger/ledger.repository';
import { type WithdrawalRow, type WithdrawalStatus, withdrawals, wallets } from '../schema';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { EvmNetwork } from './evm-network';
import { broadcast as sendRaw } from './broadcast';
import { GasStation, TOP_UP_AFTER_NONCE } from './gas-station';
import { takeNonce } from './nonces';
import { currentFees, feeCapPerGas } from './fees';
import { recordAttempt, WithdrawalReplacements } from './replacements';
import { capOf, decisionFor, tokenBalance } from './withdrawal-payments';
import { attemptsOf, settleAttempts } from '../withdrawals/withdrawals.repository';

const NATIVE_GAS_LIMIT = 21_000n;
/** Signed transactions (sign-tx) looked at per poll, in turn. */
const SIGNED_PER_POLL = 200;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';
export { GAS_STATION_OWNER };

/** Crash tests: the sender killed between the steps of a withdrawal (and of its gas top-up). */
export const SENDER_FAILPOINTS = {
  afterNonce: 'chain.sender.after-nonce',
  afterSign: 'chain.sender.after-sign',
  afterStore: 'chain.sender.after-store',
  afterBroadcast: 'chain.sender.after-broadcast',
  topUpAfterNonce: TOP_UP_AFTER_NONCE,
} as const;

/**
 * Sends `prepared` withdrawals of the network's assets and follows them to the end. Per
 * withdrawal, in steps of which none holds a lock across a call to the node or another service:
 * the nonce and fees are reserved and stored; the transaction is decided and signed; the signed
 * transaction is stored; then it is broadcast. A crash after any step resumes at the next with
 * the same nonce (a second signature of the stored fields is the same transaction). Native coin:
 * the wallet also pays the network fee, reserved on its hold (gas limit × max fee) and settled at
 * the real fee. ERC-20: the gas station tops the wallet's address up with gas first; the fee is
 * the house's. After `confirmations` blocks: `confirmed` (ledger debit) or, if reverted, `failed`
 * (hold released; a native transaction still pays its fee).
 */
export class WithdrawalSender {
  private readonly gasStation: GasStation;
  /** Speed-ups and cancels of broadcast withdrawals (automatic, or an admin's). */
  readonly replacements: WithdrawalReplacements;
  /** Where the next poll's page of signed transactions starts (see `track`). */
  private signedCursor = FIRST_ID;

  constructor(
    private readonly db: Database,
    private readonly provider: JsonRpcProvider,
    private readonly network: EvmNetwork,
    private readonly service: WithdrawalsService,
    private readonly catalog: AssetCatalog,
    private readonly rpc: RpcClient,
    private readonly logger: Logger,
  ) {
    this.gasStation = new GasStation(db, provider, network, rpc);
    this.replacements = new WithdrawalReplacements(db, provider, network, service, catalog, rpc);
  }

  async gasStationAddress(): Promise<string> {
    return this.gasStation.address();
  }

  async poll(): Promise<void> {
    const assetIds = [this.network.nativeAssetId, ...this.network.tokens.keys()];
    const prepared = await this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'prepared'), inArray(withdrawals.assetId, assetIds)))
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(100);
    // One at a time, oldest first: nonces of one address are sent in order.
    for (const row of prepared) {
      try {
        await this.send(row);
      } catch (error) {
        this.logger.warn({ err: error, withdrawalId: row.id }, 'withdrawal not sent yet');
      }
    }
    await this.track(await this.provider.getBlockNumber());
  }

  private async lock(tx: Transaction, id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .for('update', { skipLocked: true });
    return row;
  }

  private async send(row: WithdrawalRow): Promise<void> {
    let current: WithdrawalRow | undefined = row;
    if (!current.rawTx) {
      if (current.chainNonce === null) {
        current = await this.reserve(current);
        if (!current || current.status !== 'prepared') return;
        failpoint(SENDER_FAILPOINTS.afterNonce);
      }
      const signed = await this.signReserved(current);
      failpoint(SENDER_FAILPOINTS.afterSign);
      current = await this.store(current, signed);
      if (!current?.rawTx) return;
      failpoint(SENDER_FAILPOINTS.afterStore);
    }
    const signed = current;
    const raw = signed.rawTx;
    if (!raw || signed.status !== 'prepared') return;
    const tx = EvmTransaction.from(raw);
    if (this.network.tokens.has(signed.assetId)) await this.gasStation.ensureGas(signed, tx);
    try {
      await sendRaw(this.provider, raw, tx.hash as string);
    } catch (error) {
      // Its nonce went to another transaction (one a client had signed, say): it can never be
      // mined, and once that one is deep enough its hold returns.
      if (!isError(error, 'NONCE_EXPIRED')) throw error;
      const head = await this.provider.getBlockNumber();
      if (await this.nonceUsedByAnother(signed, tx.hash as string, head))
        await this.failReplaced(signed, 'prepared');
      return;
    }
    failpoint(SENDER_FAILPOINTS.afterBroadcast);
    await withTransaction(this.db, async (t) => {
      const locked = await this.lock(t, signed.id);
      if (locked?.status !== 'prepared') return;
      await this.service.move(t, locked, {
        status: 'broadcast',
        blockchainTransactionId: tx.hash as string,
        onChain: true,
      });
    });
  }

  /**
   * Step 1: the nonce, the fees and (native coin) the fee reserve on the hold, stored with the
   * withdrawal. The node is asked before the transaction that takes the locks, never within it.
   */
  private async reserve(row: WithdrawalRow): Promise<WithdrawalRow | undefined> {
    const [wallet] = await this.db
      .select({ address: wallets.address })
      .from(wallets)
      .where(eq(wallets.id, row.walletId));
    if (!wallet) throw new Error(`wallet ${row.walletId} of withdrawal ${row.id} not found`);
    const asset = await this.catalog.require(row.assetId);
    const token = this.network.tokens.get(row.assetId);
    const gasLimit = token ? this.network.tokenGasLimit : NATIVE_GAS_LIMIT;
    const feeCap = feeCapPerGas(
      this.network.maxFeePerGas,
      this.network.maxFeePerWithdrawal,
      gasLimit,
    );
    const { maxFeePerGas, maxPriorityFeePerGas } = await currentFees(this.provider, feeCap);
    const units = parseUnits(row.amount, asset.decimals);
    const reserveWei = token ? 0n : gasLimit * maxFeePerGas;
    // The chain must hold what the ledger pays (else the node refuses it after a nonce is taken,
    // or a token transfer reverts at the house's gas).
    const onChain = token
      ? await tokenBalance(this.provider, token, wallet.address)
      : await this.provider.getBalance(wallet.address);
    const chainCount = await this.provider.getTransactionCount(wallet.address, 'pending');
    return withTransaction(this.db, async (tx) => {
      const w = await this.lock(tx, row.id);
      if (!w || w.status !== 'prepared' || w.chainNonce !== null) return w;
      if (onChain < units + reserveWei) {
        await this.fail(
          tx,
          w,
          token
            ? 'The address does not hold the amount on chain.'
            : 'The address does not hold the amount and the network fee on chain.',
        );
        return undefined;
      }
      const reserve = canonical(formatUnits(reserveWei, asset.decimals));
      if (!token) {
        try {
          await extendHold(tx, w.holdId, reserve);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'insufficient_balance') throw error;
          await this.fail(tx, w, 'Not enough available balance for the network fee.');
          return undefined;
        }
      }
      const nonce = await takeNonce(tx, this.network.name, wallet.address, chainCount);
      const [updated] = await tx
        .update(withdrawals)
        .set({
          network: this.network.name,
          fromAddress: wallet.address,
          chainNonce: nonce,
          feeReserve: reserve,
          gasLimit: gasLimit.toString(),
          maxFeePerGas: maxFeePerGas.toString(),
          maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
          feeCap: feeCap.toString(),
          updatedAt: new Date(),
        })
        .where(eq(withdrawals.id, w.id))
        .returning();
      return updated;
    });
  }

  /**
   * Step 2, outside any transaction: the policy service's decision for the stored transaction,
   * and its signature. Signed again after a crash, it is the same transaction (same hash).
   */
  private async signReserved(w: WithdrawalRow) {
    const asset = await this.catalog.require(w.assetId);
    const token = this.network.tokens.get(w.assetId);
    const units = parseUnits(w.amount, asset.decimals);
    const txJson = {
      to: token ?? w.receiverAddress,
      value: token ? '0' : units.toString(),
      data: token ? erc20TransferData(w.receiverAddress, units) : '0x',
      gasLimit: String(w.gasLimit),
      maxFeePerGas: String(w.maxFeePerGas),
      maxPriorityFeePerGas: String(w.maxPriorityFeePerGas),
      nonce: String(w.chainNonce),
    };
    const decision = await decisionFor(
      this.rpc,
      this.network,
      w,
      w.fromAddress as string,
      txJson,
      capOf(w, this.network),
    );
    return this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
      ownerId: w.walletId,
      chain: 'evm',
      chainId: String(this.network.chainId),
      txJson,
      decision,
    });
  }

  /** Step 3: the signed transaction and its hash, stored before anything is sent. */
  private async store(
    w: WithdrawalRow,
    signed: { signedTx: string; hash: string },
  ): Promise<WithdrawalRow | undefined> {
    return withTransaction(this.db, async (tx) => {
      const current = await this.lock(tx, w.id);
      if (current?.status !== 'prepared' || current.rawTx || current.chainNonce !== w.chainNonce)
        return current;
      const [updated] = await tx
        .update(withdrawals)
        .set({
          rawTx: signed.signedTx,
          blockchainTransactionId: signed.hash,
          updatedAt: new Date(),
        })
        .where(eq(withdrawals.id, w.id))
        .returning();
      await recordAttempt(tx, w, 'send', signed);
      return updated;
    });
  }

  private async fail(tx: Transaction, w: WithdrawalRow, reason: string): Promise<void> {
    await tx
      .update(withdrawals)
      .set({ network: this.network.name })
      .where(eq(withdrawals.id, w.id));
    await this.service.move(tx, w, { status: 'failed', onChain: true, failureReason: reason });
    this.logger.warn({ withdrawalId: w.id, reason }, 'withdrawal failed before broadcast');
  }

  /**
   * The address has a transaction with this nonce that is not `hash`, confirmed as deep as a
   * withdrawal must be (a shallower one a reorg could drop, and `hash` be mined after all). The
   * receipt is read again after the count: the transaction may have been mined in between.
   */
  private async nonceUsedByAnother(w: WithdrawalRow, hash: string, head: number): Promise<boolean> {
    if (!w.fromAddress || w.chainNonce === null) return false;
    const deep = head - this.network.confirmations + 1;
    if (deep < 0) return false;
    const mined = await this.provider.getTransactionCount(w.fromAddress, deep);
    if (mined <= w.chainNonce) return false;
    return (await this.provider.getTransactionReceipt(hash)) === null;
  }

  /** Fails a withdrawal whose nonce another transaction used: nothing left, the hold returns. */
  private async failReplaced(w: WithdrawalRow, from: WithdrawalStatus): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const current = await this.lock(tx, w.id);
      if (current?.status !== from) return;
      await this.service.move(tx, current, {
        status: 'failed',
        fee: '0',
        onChain: true,
        failureReason: 'Another transaction used its nonce.',
      });
    });
  }

  /** Broadcast withdrawals: confirmed or failed once deep enough; re-sent if the node lost them. */
  private async track(head: number): Promise<void> {
    const broadcast = and(
      eq(withdrawals.status, 'broadcast'),
      eq(withdrawals.network, this.network.name),
    );
    const own = await this.db
      .select()
      .from(withdrawals)
      .where(and(broadcast, isNotNull(withdrawals.rawTx)))
      .orderBy(asc(withdrawals.createdAt))
      .limit(500);
    // Signed transactions a client may never send wait without end: a page of them per poll,
    // from where the last one stopped, so neither they nor later ones wait behind the others.
    const signed = await this.db
      .select()
      .from(withdrawals)
      .where(and(broadcast, isNull(withdrawals.rawTx), gt(withdrawals.id, this.signedCursor)))
      .orderBy(asc(withdrawals.id))
      .limit(SIGNED_PER_POLL);
    this.signedCursor =
      signed.length === SIGNED_PER_POLL ? (signed.at(-1)?.id ?? FIRST_ID) : FIRST_ID;
    const attempts = await attemptsOf(
      this.db,
      own.map((w) => w.id),
    );
    for (const w of [...own, ...signed]) {
      const mine = attempts.filter((a) => a.withdrawalId === w.id);
      // Its transactions at its nonce, newest first: any of them may be the one mined.
      const hashes =
        mine.length > 0 ? mine.map((a) => a.hash).reverse() : [w.blockchainTransactionId as string];
      let receipt: TransactionReceipt | null = null;
      for (const hash of hashes) {
        receipt = await this.provider.getTransactionReceipt(hash);
        if (receipt) break;
      }
      if (!receipt) {
        const hash = hashes[0] as string;
        // A raw signed transaction's hold (the client sends it): released once another
        // transaction used its nonce; it is never sent from here.
        if (!w.rawTx) {
          if (await this.nonceUsedByAnother(w, hash, head)) await this.failReplaced(w, 'broadcast');
          continue;
        }
        const latest = mine.at(-1)?.rawTx ?? w.rawTx;
        if (!(await this.provider.getTransaction(hash))) {
          await sendRaw(this.provider, latest, hash).catch((error: unknown) =>
            this.logger.warn(
              { err: error, withdrawalId: w.id },
              're-send of a dropped withdrawal failed',
            ),
          );
        }
        await this.replacements.speedUpIfStuck(
          w,
          mine.at(-1)?.createdAt ?? w.updatedAt,
          this.logger,
        );
        continue;
      }
      if (head - receipt.blockNumber + 1 < this.network.confirmations) continue;
      const mined = receipt;
      const cancelled = mine.find((a) => a.hash === mined.hash)?.kind === 'cancel';
      const native = !this.network.tokens.has(w.assetId);
      const decimals = (await this.catalog.require(w.assetId)).decimals;
      // The wallet pays the fee of a native transfer; the gas station pays for ERC-20 transfers.
      const fee = native ? canonical(formatUnits(mined.fee, decimals)) : '0';
      const failureReason = cancelled
        ? 'Cancelled: a zero-value replacement was mined at its nonce.'
        : 'The transaction reverted on chain.';
      await withTransaction(this.db, async (tx) => {
        const current = await this.lock(tx, w.id);
        if (current?.status !== 'broadcast') return;
        if (mine.length > 0) await settleAttempts(tx, w.id, mined.hash);
        const ok = mined.status === 1 && !cancelled;
        await this.service.move(tx, current, {
          status: ok ? 'confirmed' : 'failed',
          fee,
          onChain: true,
          blockchainTransactionId: mined.hash,
          ...(ok ? {} : { failureReason }),
        });
      });
    }
  }
}

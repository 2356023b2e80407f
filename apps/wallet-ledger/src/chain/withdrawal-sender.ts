import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  formatUnits,
  isError,
  type JsonRpcProvider,
  parseUnits,
  Transaction as EvmTransaction,
} from 'ethers';
import { GAS_STATION_OWNER, SIGNING_RPC } from '@custody/contracts';
import { erc20TransferData } from '@custody/intents';
import { isAppError } from '@custody/errors';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import { canonical } from '@custody/money';
import { type Database, type Transaction, withTransaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { extendHold } from '../ledger/ledger.repository';
import { type WithdrawalRow, type WithdrawalStatus, withdrawals, wallets } from '../schema';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { EvmNetwork } from './evm-network';
import { takeNonce } from './nonces';
import { decisionFor, tokenBalance } from './withdrawal-payments';

const NATIVE_GAS_LIMIT = 21_000n;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** Signed transactions (sign-tx) looked at per poll, in turn. */
const SIGNED_PER_POLL = 200;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';
export { GAS_STATION_OWNER };

/**
 * Sends `prepared` withdrawals of the network's assets and follows them to the end. Per
 * withdrawal: a nonce is taken under a row lock, signing signs, and the signed transaction is
 * stored before it is broadcast — a crash anywhere re-sends that same transaction. Native coin:
 * the wallet also pays the network fee, reserved on its hold (gas limit × max fee) and settled at
 * the real fee. ERC-20: the gas station tops the wallet's address up with gas first; the fee is
 * the house's. After `confirmations` blocks: `confirmed` (ledger debit) or, if reverted, `failed`
 * (hold released; a native transaction still pays its fee).
 */
export class WithdrawalSender {
  private gasStation: string | undefined;
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
  ) {}

  async gasStationAddress(): Promise<string> {
    this.gasStation ??= (
      await this.rpc.call('signing', SIGNING_RPC.deriveKey, {
        ownerId: GAS_STATION_OWNER,
        chain: 'evm',
      })
    ).address;
    return this.gasStation;
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
    const signed = row.rawTx ? row : await this.sign(row.id);
    if (!signed?.rawTx || signed.status !== 'prepared') return;
    const tx = EvmTransaction.from(signed.rawTx);
    if (this.network.tokens.has(signed.assetId)) {
      await this.ensureGas(signed, tx);
    }
    try {
      await this.broadcast(signed.rawTx, tx.hash as string);
    } catch (error) {
      // Its nonce went to another transaction (one a client had signed, say): it can never be
      // mined, and once that one is deep enough its hold returns.
      if (!isError(error, 'NONCE_EXPIRED')) throw error;
      const head = await this.provider.getBlockNumber();
      if (await this.nonceUsedByAnother(signed, tx.hash as string, head))
        await this.failReplaced(signed, 'prepared');
      return;
    }
    await withTransaction(this.db, async (t) => {
      const current = await this.lock(t, signed.id);
      if (current?.status !== 'prepared') return;
      await this.service.move(t, current, {
        status: 'broadcast',
        blockchainTransactionId: tx.hash as string,
        onChain: true,
      });
    });
  }

  /** Nonce, fee reserve and signature, stored in one transaction with the withdrawal. */
  private async sign(id: string): Promise<WithdrawalRow | undefined> {
    return withTransaction(this.db, async (tx) => {
      const w = await this.lock(tx, id);
      if (!w || w.status !== 'prepared' || w.rawTx) return w;
      const [wallet] = await tx
        .select({ address: wallets.address })
        .from(wallets)
        .where(eq(wallets.id, w.walletId));
      if (!wallet) throw new Error(`wallet ${w.walletId} of withdrawal ${w.id} not found`);
      const asset = await this.catalog.require(w.assetId);
      const token = this.network.tokens.get(w.assetId);
      const fees = await this.provider.getFeeData();
      const maxFeePerGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
      const maxPriorityFeePerGas = fees.maxPriorityFeePerGas ?? 0n;
      const gasLimit = token ? this.network.tokenGasLimit : NATIVE_GAS_LIMIT;
      const units = parseUnits(w.amount, asset.decimals);
      let reserve = '0';
      // A token payment the address cannot make would revert on chain, at the house's gas.
      if (token && (await tokenBalance(this.provider, token, wallet.address)) < units) {
        await this.fail(tx, w, 'The address does not hold the amount on chain.');
        return undefined;
      }
      if (!token) {
        const reserveWei = gasLimit * maxFeePerGas;
        reserve = canonical(formatUnits(reserveWei, asset.decimals));
        // The chain must hold what the ledger says (else the node refuses the transaction
        // after it took a nonce); the ledger must cover the fee on top of the amount.
        const onChain = await this.provider.getBalance(wallet.address);
        if (onChain < units + reserveWei) {
          await this.fail(
            tx,
            w,
            'The address does not hold the amount and the network fee on chain.',
          );
          return undefined;
        }
        try {
          await extendHold(tx, w.holdId, reserve);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'insufficient_balance') throw error;
          await this.fail(tx, w, 'Not enough available balance for the network fee.');
          return undefined;
        }
      }
      const chainCount = await this.provider.getTransactionCount(wallet.address, 'pending');
      const nonce = await takeNonce(tx, this.network.name, wallet.address, chainCount);
      const txJson = {
        to: token ?? w.receiverAddress,
        value: token ? '0' : units.toString(),
        data: token ? erc20TransferData(w.receiverAddress, units) : '0x',
        gasLimit: gasLimit.toString(),
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
        nonce: String(nonce),
      };
      const decision = await decisionFor(this.rpc, this.network, w, wallet.address, txJson);
      const signed = await this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
        ownerId: w.walletId,
        chain: 'evm',
        chainId: String(this.network.chainId),
        txJson,
        decision,
      });
      const [updated] = await tx
        .update(withdrawals)
        .set({
          network: this.network.name,
          fromAddress: wallet.address,
          chainNonce: nonce,
          rawTx: signed.signedTx,
          blockchainTransactionId: signed.hash,
          feeReserve: reserve,
          updatedAt: new Date(),
        })
        .where(eq(withdrawals.id, w.id))
        .returning();
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

  /** Sends a signed transaction; one the node already has (a re-send after a crash) is fine. */
  private async broadcast(raw: string, hash: string): Promise<void> {
    try {
      await this.provider.broadcastTransaction(raw);
    } catch (error) {
      const known = await this.provider.getTransaction(hash).catch(() => null);
      if (known) return;
      if (isError(error, 'NONCE_EXPIRED')) {
        const receipt = await this.provider.getTransactionReceipt(hash);
        if (receipt) return;
      }
      throw error;
    }
  }

  /**
   * Tops a token withdrawal's address up with gas from the gas station, and waits until it is
   * mined: under the withdrawal's own decision, which names the top-up and caps it at the
   * withdrawal's fee (the signer signs no other gas-station transaction).
   */
  private async ensureGas(w: WithdrawalRow, sent: EvmTransaction): Promise<void> {
    const address = w.fromAddress as string;
    const needed = sent.gasLimit * (sent.maxFeePerGas ?? 0n);
    const balance = await this.provider.getBalance(address);
    if (balance >= needed) return;
    const station = await this.gasStationAddress();
    const fees = await this.provider.getFeeData();
    // The top-up pays at most the withdrawal's own cap per gas (its decision's).
    const cap = sent.maxFeePerGas ?? 0n;
    const feePerGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
    const maxFeePerGas = feePerGas < cap ? feePerGas : cap;
    const decision = await decisionFor(this.rpc, this.network, w, address, {
      to: sent.to as string,
      value: sent.value.toString(),
      data: sent.data,
      gasLimit: sent.gasLimit.toString(),
      maxFeePerGas: cap.toString(),
      nonce: String(sent.nonce),
    });
    const signed = await withTransaction(this.db, async (tx) => {
      const chainCount = await this.provider.getTransactionCount(station, 'pending');
      const nonce = await takeNonce(tx, this.network.name, station, chainCount);
      return this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
        ownerId: GAS_STATION_OWNER,
        chain: 'evm',
        chainId: String(this.network.chainId),
        txJson: {
          to: address,
          value: (needed - balance).toString(),
          gasLimit: NATIVE_GAS_LIMIT.toString(),
          maxFeePerGas: maxFeePerGas.toString(),
          maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas ?? 0n, maxFeePerGas).toString(),
          nonce: String(nonce),
        },
        decision,
      });
    });
    await this.broadcast(signed.signedTx, signed.hash);
    const receipt = await this.provider.waitForTransaction(signed.hash, 1, 60_000);
    if (receipt?.status !== 1) throw new Error(`gas top-up ${signed.hash} failed`);
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
    for (const w of [...own, ...signed]) {
      const hash = w.blockchainTransactionId as string;
      const receipt = await this.provider.getTransactionReceipt(hash);
      if (!receipt) {
        // A raw signed transaction's hold (the client sends it): released once another
        // transaction used its nonce; it is never sent from here.
        if (!w.rawTx) {
          if (await this.nonceUsedByAnother(w, hash, head)) await this.failReplaced(w, 'broadcast');
          continue;
        }
        if (!(await this.provider.getTransaction(hash))) {
          await this.broadcast(w.rawTx, hash).catch((error: unknown) =>
            this.logger.warn(
              { err: error, withdrawalId: w.id },
              're-send of a dropped withdrawal failed',
            ),
          );
        }
        continue;
      }
      if (head - receipt.blockNumber + 1 < this.network.confirmations) continue;
      const native = !this.network.tokens.has(w.assetId);
      const decimals = (await this.catalog.require(w.assetId)).decimals;
      // The wallet pays the fee of a native transfer; the gas station pays for ERC-20 transfers.
      const fee = native ? canonical(formatUnits(receipt.fee, decimals)) : '0';
      await withTransaction(this.db, async (tx) => {
        const current = await this.lock(tx, w.id);
        if (current?.status !== 'broadcast') return;
        await this.service.move(tx, current, {
          status: receipt.status === 1 ? 'confirmed' : 'failed',
          fee,
          onChain: true,
          ...(receipt.status === 1 ? {} : { failureReason: 'The transaction reverted on chain.' }),
        });
      });
    }
  }
}

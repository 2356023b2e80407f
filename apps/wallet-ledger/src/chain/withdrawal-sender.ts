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
import { failpoint } from '@custody/faults';
import type { Logger } from '@custody/logging';
import type { RpcClient } from '@custody/messaging';
import { canonical } from '@custody/money';
import type { Database } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { WithdrawalRow } from '../schema';
import { walletAddress } from '../wallets/wallets.repository';
import { nonceUsedInBooks } from './nonce-books.repository';
import type { RecordReplacement } from '../withdrawals/record-replacement';
import type { SendWithdrawal } from '../withdrawals/send-withdrawal';
import type { SettleSentWithdrawal } from '../withdrawals/settle-sent-withdrawal';
import { inWithdrawalTrace } from '../withdrawals/withdrawal-trace';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { EvmNetwork } from './evm-network';
import { broadcast as sendRaw } from './broadcast';
import { GasStation, TOP_UP_AFTER_NONCE, TopUpPending } from './gas-station';
import { BooksBehindChain, chainCount, takeNonce } from './nonces';
import { type BooksBehind, usedNonce } from './nonces.rules';
import { currentFees, feeCapPerGas } from './fees';
import { WithdrawalReplacements } from './replacements';
import { capOf, decisionFor, signedAttempt, tokenBalance } from './withdrawal-payments';

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
 * The withdrawals module as the sender calls it: its reads, and the use-cases that change a
 * withdrawal at each step (the sender writes no withdrawal itself).
 */
export interface WithdrawalSteps {
  reads: WithdrawalsService;
  send: SendWithdrawal;
  settle: SettleSentWithdrawal;
  replacements: RecordReplacement;
}

/**
 * Sends `prepared` withdrawals of the network's assets and follows them to the end. Per
 * withdrawal, in steps of which none holds a lock across a call to the node or another service:
 * the nonce and fees are reserved and stored; the transaction is decided and signed; the signed
 * transaction is stored; then it is broadcast. A crash after any step resumes at the next with
 * the same nonce (a second signature of the stored fields is the same transaction). Native coin:
 * the wallet also pays the network fee, reserved on its hold (gas limit × max fee) and settled at
 * the real fee. ERC-20: the gas station tops the wallet's address up with gas first; the fee is
 * the house's. After `confirmations` blocks: `confirmed` (ledger debit) or, if reverted, `failed`
 * (hold released; a native transaction still pays its fee). What it learns from the node it
 * hands to the withdrawals module's use-cases (WithdrawalSteps), each one transaction.
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
    private readonly withdrawals: WithdrawalSteps,
    private readonly catalog: AssetCatalog,
    private readonly rpc: RpcClient,
    private readonly logger: Logger,
    /**
     * The books were found behind the chain at an address (a nonce refused): every send stops
     * until a restore matched them (restore/restore-procedure.ts).
     */
    private readonly booksBehind: (found: BooksBehind) => Promise<void>,
  ) {
    this.gasStation = new GasStation(db, provider, network, rpc);
    this.replacements = new WithdrawalReplacements(
      provider,
      network,
      withdrawals.reads,
      withdrawals.replacements,
      catalog,
      rpc,
    );
  }

  async gasStationAddress(): Promise<string> {
    return this.gasStation.address();
  }

  async poll(): Promise<void> {
    const assetIds = [this.network.nativeAssetId, ...this.network.tokens.keys()];
    const prepared = await this.withdrawals.reads.preparedToSend(assetIds, 100);
    // One at a time, oldest first: nonces of one address are sent in order. Each in the trace of
    // the request that created it (docs/tracing.md), linked to this run's. A wallet whose
    // withdrawal waits for its gas top-up to be mined sends nothing more in this poll (each wallet
    // sends from an address of its own); the others go on.
    const waiting = new Set<string>();
    for (const row of prepared) {
      if (waiting.has(row.walletId)) continue;
      try {
        await inWithdrawalTrace('withdrawal send', row, () => this.send(row));
      } catch (error) {
        // Not this withdrawal's problem: no withdrawal of any address may go until it is resolved.
        if (error instanceof BooksBehindChain) return this.booksBehind(error.found);
        if (error instanceof TopUpPending) {
          waiting.add(row.walletId);
          this.logger.debug({ withdrawalId: row.id, topUp: error.hash }, error.message);
          continue;
        }
        this.logger.warn({ err: error, withdrawalId: row.id }, 'withdrawal not sent yet');
      }
    }
    await this.track(await this.provider.getBlockNumber());
  }

  /**
   * The withdrawals in flight followed to the end (confirmed, failed, re-sent if the node lost
   * them), and nothing new sent: a restore's checks, before the adapter's jobs start.
   */
  async follow(): Promise<void> {
    await this.track(await this.provider.getBlockNumber());
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
      current = await this.withdrawals.send.storeSigned(current, signedAttempt(signed));
      if (!current?.rawTx) return;
      failpoint(SENDER_FAILPOINTS.afterStore);
    }
    const signed = current;
    const raw = signed.rawTx;
    if (!raw || signed.status !== 'prepared') return;
    const tx = EvmTransaction.from(raw);
    const hash = tx.hash;
    if (!hash) throw new Error(`stored transaction of withdrawal ${signed.id} is not signed`);
    if (this.network.tokens.has(signed.assetId)) await this.gasStation.ensureGas(signed, tx);
    try {
      await sendRaw(this.provider, raw, hash);
    } catch (error) {
      // Its nonce went to another transaction: one the books know (a client had signed, say),
      // it can never be mined, and once that one is deep enough its hold returns; one they do
      // not know, the books are behind the chain (nonces.rules `usedNonce`).
      if (!isError(error, 'NONCE_EXPIRED')) throw error;
      const head = await this.provider.getBlockNumber();
      const behind = await this.settleNonceUsed(signed, hash, head, 'prepared');
      if (behind) throw new BooksBehindChain(behind);
      return;
    }
    failpoint(SENDER_FAILPOINTS.afterBroadcast);
    await this.withdrawals.send.markBroadcast(signed.id, hash);
  }

  /**
   * Step 1: the nonce, the fees and (native coin) the fee reserve on the hold, stored with the
   * withdrawal. The node is asked before the transaction that takes the locks, never within it.
   */
  private async reserve(row: WithdrawalRow): Promise<WithdrawalRow | undefined> {
    const address = await walletAddress(this.db, row.walletId);
    if (!address) throw new Error(`wallet ${row.walletId} of withdrawal ${row.id} not found`);
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
      ? await tokenBalance(this.provider, token, address)
      : await this.provider.getBalance(address);
    const counted = await chainCount(this.provider, address);
    const refusal = token
      ? 'The address does not hold the amount on chain.'
      : 'The address does not hold the amount and the network fee on chain.';
    const reserved = await this.withdrawals.send.reserve(row.id, {
      network: this.network.name,
      fromAddress: address,
      gasLimit: gasLimit.toString(),
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
      feeCap: feeCap.toString(),
      feeReserve: canonical(formatUnits(reserveWei, asset.decimals)),
      walletPaysFee: !token,
      ...(onChain < units + reserveWei ? { refusal } : {}),
      takeNonce: (tx) => takeNonce(tx, this.network.name, address, counted),
    });
    if (reserved.outcome === 'failed')
      this.logger.warn(
        { withdrawalId: row.id, reason: reserved.reason },
        'withdrawal failed before broadcast',
      );
    return reserved.outcome === 'reserved' ? reserved.row : undefined;
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

  /**
   * When another transaction used the withdrawal's nonce, deep enough (`nonceUsedByAnother`): one
   * the books know fails it and its hold returns; one they do not know is returned, the books
   * behind the chain (nonces.rules `usedNonce`), and nothing changes.
   */
  private async settleNonceUsed(
    w: WithdrawalRow,
    hash: string,
    head: number,
    from: 'prepared' | 'broadcast',
  ): Promise<BooksBehind | undefined> {
    const mined = await this.nonceUsedByAnother(w, hash, head);
    if (mined === undefined || !w.fromAddress || w.chainNonce === null) return undefined;
    const at = { network: this.network.name, address: w.fromAddress, nonce: w.chainNonce };
    const known = await nonceUsedInBooks(this.db, at.network, at.address, at.nonce, w.id);
    const decision = usedNonce(known, at, mined);
    if (decision.outcome === 'behind') return decision.found;
    await this.withdrawals.settle.failNonceUsed(w.id, from);
    return undefined;
  }

  /**
   * The address has a transaction with this nonce that is not `hash`, confirmed as deep as a
   * withdrawal must be (a shallower one a reorg could drop, and `hash` be mined after all): the
   * address's count of transactions that deep; undefined when it has none. The receipt is read
   * again after the count: the transaction may have been mined in between.
   */
  private async nonceUsedByAnother(
    w: WithdrawalRow,
    hash: string,
    head: number,
  ): Promise<number | undefined> {
    if (!w.fromAddress || w.chainNonce === null) return undefined;
    const deep = head - this.network.confirmations + 1;
    if (deep < 0) return undefined;
    const mined = await this.provider.getTransactionCount(w.fromAddress, deep);
    if (mined <= w.chainNonce) return undefined;
    return (await this.provider.getTransactionReceipt(hash)) === null ? mined : undefined;
  }

  /** Broadcast withdrawals: confirmed or failed once deep enough; re-sent if the node lost them. */
  private async track(head: number): Promise<void> {
    const own = await this.withdrawals.reads.broadcastBySender(this.network.name, 500);
    // Signed transactions a client may never send wait without end: a page of them per poll,
    // from where the last one stopped, so neither they nor later ones wait behind the others.
    const signed = await this.withdrawals.reads.broadcastByClients(
      this.network.name,
      this.signedCursor,
      SIGNED_PER_POLL,
    );
    this.signedCursor =
      signed.length === SIGNED_PER_POLL ? (signed.at(-1)?.id ?? FIRST_ID) : FIRST_ID;
    const attempts = await this.withdrawals.reads.attemptsOf(own.map((w) => w.id));
    for (const w of [...own, ...signed]) {
      const mine = attempts.filter((a) => a.withdrawalId === w.id);
      // Its transactions at its nonce, newest first: any of them may be the one mined.
      const hashes = mine.length > 0 ? mine.map((a) => a.hash).reverse() : [];
      if (hashes.length === 0 && w.blockchainTransactionId) hashes.push(w.blockchainTransactionId);
      const [hash] = hashes;
      // A broadcast withdrawal always names its transaction; without one there is nothing to ask.
      if (!hash) continue;
      let receipt: TransactionReceipt | null = null;
      for (const sent of hashes) {
        receipt = await this.provider.getTransactionReceipt(sent);
        if (receipt) break;
      }
      if (!receipt) {
        // A raw signed transaction's hold (the client sends it): released once a transaction
        // the books know used its nonce (a replacement the client signed); it is never sent from
        // here. One they do not know (a lost timeline's replacement, which may move more) stops
        // the following here: a restore matches the chain first.
        if (!w.rawTx) {
          const behind = await this.settleNonceUsed(w, hash, head, 'broadcast');
          if (behind) return this.booksBehind(behind);
          continue;
        }
        await this.resendIfDropped(w, hash, mine.at(-1)?.rawTx ?? w.rawTx);
        await this.replacements.speedUpIfStuck(
          w,
          mine.at(-1)?.createdAt ?? w.updatedAt,
          this.logger,
        );
        continue;
      }
      if (head - receipt.blockNumber + 1 < this.network.confirmations) continue;
      const mined = receipt;
      await inWithdrawalTrace('withdrawal confirm', w, async () => {
        const native = !this.network.tokens.has(w.assetId);
        const decimals = (await this.catalog.require(w.assetId)).decimals;
        // The wallet pays the fee of a native transfer; the gas station pays for ERC-20 transfers.
        await this.withdrawals.settle.settleMined(w.id, {
          hash: mined.hash,
          succeeded: mined.status === 1,
          fee: native ? canonical(formatUnits(mined.fee, decimals)) : '0',
        });
      });
    }
  }

  /**
   * The latest attempt `hash`, if the node no longer knows it (dropped from its pool), sent again
   * as it was signed, and announced (`withdrawal.is-dropped`) once the node took it back.
   */
  private async resendIfDropped(w: WithdrawalRow, hash: string, raw: string): Promise<void> {
    if (await this.provider.getTransaction(hash)) return;
    await inWithdrawalTrace('withdrawal resend', w, async () => {
      try {
        await sendRaw(this.provider, raw, hash);
      } catch (error) {
        this.logger.warn(
          { err: error, withdrawalId: w.id },
          're-send of a dropped withdrawal failed',
        );
        return;
      }
      this.logger.info({ withdrawalId: w.id, hash }, 'dropped withdrawal transaction sent again');
      await this.withdrawals.settle.reportDropped(w.id, hash);
    });
  }
}

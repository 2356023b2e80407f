import type { JsonRpcProvider, Transaction as EvmTransaction } from 'ethers';
import { GAS_STATION_OWNER, SIGNING_RPC } from '@custody/contracts';
import { failpoint } from '@custody/faults';
import type { RpcClient } from '@custody/messaging';
import { type Database, withTransaction } from '@custody/persistence';
import type { WithdrawalRow } from '../schema';
import { broadcast } from './broadcast';
import { findTopUp, insertTopUp, storeSignedTopUp } from './chain.repository';
import type { EvmNetwork } from './evm-network';
import { chainCount, takeNonce } from './nonces';
import { currentFees } from './fees';
import { capOf, decisionFor } from './withdrawal-payments';

/** Another replica stored the withdrawal's top-up first: this one's nonce rolls back. */
class TopUpTaken extends Error {}

/**
 * The withdrawal's top-up is sent and not mined yet: the withdrawal waits for a later poll, and
 * the poll goes on with the others (waiting here would hold every withdrawal and confirmation up
 * for a block or more).
 */
export class TopUpPending extends Error {
  constructor(
    readonly withdrawalId: string,
    readonly hash: string,
  ) {
    super(`the gas top-up ${hash} of withdrawal ${withdrawalId} is not mined yet`);
  }
}

const NATIVE_GAS_LIMIT = 21_000n;

/** Crash tests: the sender killed after a top-up's nonce was reserved. */
export const TOP_UP_AFTER_NONCE = 'chain.sender.top-up-after-nonce';

/**
 * The gas station: a custodial key the operator funds, which pays the gas of ERC-20 withdrawals
 * by topping their addresses up with the native coin.
 */
export class GasStation {
  private cached: string | undefined;

  constructor(
    private readonly db: Database,
    private readonly provider: JsonRpcProvider,
    private readonly network: EvmNetwork,
    private readonly rpc: RpcClient,
  ) {}

  async address(): Promise<string> {
    this.cached ??= (
      await this.rpc.call('signing', SIGNING_RPC.deriveKey, {
        ownerId: GAS_STATION_OWNER,
        chain: 'evm',
      })
    ).address;
    return this.cached;
  }

  /**
   * Tops a token withdrawal's address up with gas from the gas station: under the withdrawal's
   * own decision, which names the top-up and caps it at the withdrawal's fee (the signer signs no
   * other gas-station transaction). Its nonce is reserved and its signed transaction stored
   * (`ledger.gas_topups`) before it is sent, as a withdrawal's. Resolves once the top-up is
   * mined; sent and not mined yet, it throws `TopUpPending` (a later poll finds it mined).
   */
  async ensureGas(w: WithdrawalRow, sent: EvmTransaction): Promise<void> {
    const address = w.fromAddress as string;
    let topUp = await findTopUp(this.db, w.id);
    if (!topUp) {
      // Gas for the transaction at its cap: a speed-up within the cap needs no second top-up.
      const needed = sent.gasLimit * capOf(w, this.network);
      const balance = await this.provider.getBalance(address);
      if (balance >= needed) return;
      const station = await this.address();
      // At most the withdrawal's own cap per gas (its decision's).
      const fees = await currentFees(this.provider, capOf(w, this.network));
      const counted = await chainCount(this.provider, station);
      // The station's nonce and the top-up commit together: a crash re-sends this top-up. When
      // another replica stored this withdrawal's top-up first, the nonce taken here is rolled
      // back with the transaction (committed, it would leave a gap no transaction fills) and
      // that replica's top-up is the one.
      topUp = await withTransaction(this.db, async (tx) => {
        const inserted = await insertTopUp(tx, {
          withdrawalId: w.id,
          network: this.network.name,
          station,
          recipient: address,
          nonce: await takeNonce(tx, this.network.name, station, counted),
          value: (needed - balance).toString(),
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        });
        if (!inserted) throw new TopUpTaken();
        return inserted;
      }).catch(async (error: unknown) => {
        if (error instanceof TopUpTaken) return findTopUp(this.db, w.id);
        throw error;
      });
      if (!topUp) return;
      failpoint(TOP_UP_AFTER_NONCE);
    }
    if (!topUp.rawTx || !topUp.hash) {
      const decision = await decisionFor(
        this.rpc,
        this.network,
        w,
        address,
        {
          to: sent.to as string,
          value: sent.value.toString(),
          data: sent.data,
          gasLimit: sent.gasLimit.toString(),
          nonce: String(sent.nonce),
        },
        capOf(w, this.network),
      );
      const signed = await this.rpc.call('signing', SIGNING_RPC.signEvmTransaction, {
        ownerId: GAS_STATION_OWNER,
        chain: 'evm',
        chainId: String(this.network.chainId),
        txJson: {
          to: topUp.recipient,
          value: String(topUp.value),
          gasLimit: NATIVE_GAS_LIMIT.toString(),
          maxFeePerGas: String(topUp.maxFeePerGas),
          maxPriorityFeePerGas: String(topUp.maxPriorityFeePerGas),
          nonce: String(topUp.nonce),
        },
        decision,
      });
      await storeSignedTopUp(this.db, w.id, { rawTx: signed.signedTx, hash: signed.hash });
      topUp = { ...topUp, rawTx: signed.signedTx, hash: signed.hash };
    }
    const hash = topUp.hash as string;
    // Mined by now (an earlier poll sent it), or sent now (again, after a crash: the node keeps
    // one copy); a node that mines on receipt has it mined at once.
    let receipt = await this.provider.getTransactionReceipt(hash);
    if (!receipt) {
      await broadcast(this.provider, topUp.rawTx as string, hash);
      receipt = await this.provider.getTransactionReceipt(hash);
    }
    if (!receipt) throw new TopUpPending(w.id, hash);
    if (receipt.status !== 1) throw new Error(`gas top-up ${hash} failed`);
  }
}

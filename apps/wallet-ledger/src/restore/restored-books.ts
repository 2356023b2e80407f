import { parseUnits, type Transaction as EvmTransaction } from 'ethers';
import { isAppError } from '@custody/errors';
import { unsignedEvmTransaction } from '@custody/intents';
import type { Database } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { EvmNetwork } from '../chain/evm-network';
import { heldSignRequestOrNone } from '../signatures/held-request';
import * as repo from './restored-books.repository';
import * as resolutions from './restore.repository';
import {
  type HeldSignedTx,
  type KnownSend,
  nonceKey,
  type UnsentWithdrawal,
  withdrawalPayment,
} from './restore.rules';

/** The network's assets: its coin and its tokens. */
export function assetIdsOf(network: EvmNetwork): string[] {
  return [network.nativeAssetId, ...network.tokens.keys()];
}

/**
 * What the restored books hold for the chain, as the restore's matching and the operator's
 * resolutions read it: what they sent at an address's nonces, and the withdrawals not sent yet.
 */
export class RestoredBooks {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
  ) {}

  /**
   * What the restored books sent at these nonces, by address and nonce: withdrawals, gas top-ups,
   * and the clients' signed transactions that hold no withdrawal (those stored, and those the
   * operator resolved as one signed after the restored point).
   */
  async knownAt(network: EvmNetwork, at: readonly repo.NonceOf[]): Promise<Map<string, KnownSend>> {
    const known = new Map<string, KnownSend>();
    for (const r of await resolutions.signedResolvedAt(this.db, at))
      known.set(nonceKey(r.from, r.nonce), {
        from: r.from,
        nonce: r.nonce,
        hashes: [r.hash],
        signedItemId: null,
        kind: 'signed',
      });
    for (const s of await repo.signedAt(this.db, assetIdsOf(network), at))
      known.set(nonceKey(s.from, s.nonce), {
        from: s.from,
        nonce: s.nonce,
        hashes: [s.hash],
        signedItemId: s.signedItemId,
        kind: 'signed',
      });
    for (const w of await repo.sentAt(this.db, network.name, at)) {
      const payment = w.signed ? undefined : await this.paymentOf(network, w);
      known.set(nonceKey(w.fromAddress, w.nonce), {
        from: w.fromAddress,
        nonce: w.nonce,
        hashes: w.hashes,
        withdrawalId: w.id,
        kind: 'withdrawal',
        ...(payment ? { payment } : {}),
      });
    }
    for (const t of await repo.topUpsAt(this.db, network.name, at))
      known.set(nonceKey(t.station, t.nonce), {
        from: t.station,
        nonce: t.nonce,
        hashes: t.hash ? [t.hash] : [],
        withdrawalId: t.withdrawalId,
        kind: 'top-up',
      });
    return known;
  }

  /** The restored withdrawals not sent yet, with what each would pay, in the sender's order. */
  async unsent(network: EvmNetwork): Promise<UnsentWithdrawal[]> {
    const unsent: UnsentWithdrawal[] = [];
    for (const u of await repo.unsentWithdrawals(this.db, assetIdsOf(network)))
      unsent.push({
        withdrawalId: u.id,
        from: u.address,
        payment: await this.paymentOf(network, u),
        status: u.status,
      });
    return unsent;
  }

  /**
   * The clients' transactions held for approval (sign-tx, `pending_approval` or `approved`) of
   * the network's wallets at these addresses, with the unsigned transaction each payload names on
   * the network's chain (as the signer would sign it). `id`: that item alone. A payload sign-tx
   * would not sign on this chain (another chain id, a Qubic one) is none of the chain's.
   */
  async held(
    network: EvmNetwork,
    addresses: readonly string[],
    id?: string,
  ): Promise<{ row: repo.HeldSignedTxRow; held: HeldSignedTx }[]> {
    const out: { row: repo.HeldSignedTxRow; held: HeldSignedTx }[] = [];
    for (const row of await repo.heldSignedTxs(this.db, assetIdsOf(network), addresses, id)) {
      // A payload no longer read as one is no transaction the signer could have signed.
      const request = heldSignRequestOrNone(row);
      if (request?.kind !== 'tx' || request.payload.qubicTxJson !== undefined) continue;
      const { payload } = request;
      let unsigned: EvmTransaction;
      try {
        unsigned = unsignedEvmTransaction(String(network.chainId), payload);
      } catch (error) {
        if (!isAppError(error)) throw error;
        continue;
      }
      out.push({
        row,
        held: {
          signedItemId: row.id,
          status: row.status,
          from: row.wallet.address,
          nonce: unsigned.nonce,
          payment: { to: unsigned.to ?? '', value: unsigned.value, data: unsigned.data },
          digest: unsigned.unsignedHash,
        },
      });
    }
    return out;
  }

  private async paymentOf(
    network: EvmNetwork,
    w: { assetId: string; amount: string; receiverAddress: string },
  ) {
    const { decimals } = await this.catalog.require(w.assetId);
    return withdrawalPayment(
      { receiverAddress: w.receiverAddress, units: parseUnits(w.amount, decimals) },
      network.tokens.get(w.assetId),
    );
  }
}

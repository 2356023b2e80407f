import { formatUnits, Transaction as EvmTransaction } from 'ethers';
import { signedEvmTransactionView } from '@custody/intents';
import { isAppError } from '@custody/errors';
import type { Logger } from '@custody/logging';
import { canonical } from '@custody/money';
import type { Database } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { raiseNextNonce } from '../chain/chain.repository';
import type { EvmNetwork } from '../chain/evm-network';
import { heldSignRequest } from '../signatures/held-request';
import type { OnChainEffect } from '../signatures/payloads';
import type { SignatureRecords } from '../signatures/signature-records';
import { lockSignedItem } from '../signatures/signatures.repository';
import { type ValueMove, valueMoved } from '../signatures/signatures.rules';
import type { AdoptChainTransaction } from '../withdrawals/adopt-chain-transaction';
import {
  attemptOf,
  type ChainAccess,
  chainTx,
  scanned,
  type ScannedTx,
  type ScanState,
} from './chain-scan';
import { assetIdsOf, type RestoredBooks } from './restored-books';
import * as books from './restored-books.repository';
import * as repo from './restore.repository';
import {
  resolutionRefusal,
  signedItemResolutionRefusal,
  signedResolutionRefusal,
} from './resolutions.rules';
import { nonceKey } from './restore.rules';

/**
 * The operator's answers to a restore's unmatched transactions (`restore-resolve`,
 * docs/operations/restore-runbook.md step 6), applied by the running wallet-ledger at its next
 * pass: each checked against the chain, then adopted by the books, or refused with the reason
 * `restore-status` shows.
 */
export class ChainResolutions {
  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
    private readonly books: RestoredBooks,
    private readonly adopt: AdoptChainTransaction,
    /** sign-tx's record of a signature: a held item resolved as signed is recorded by it. */
    private readonly records: SignatureRecords,
    private readonly logger: Logger,
  ) {}

  /**
   * The operator's resolutions not applied yet, in the order of their transactions' nonces: each
   * checked against the chain (resolutions.rules `resolutionRefusal`), then adopted. A transaction the
   * scan did not find (mined before where it started) is asked of the node by its hash.
   */
  async apply(
    chain: ChainAccess,
    epochId: string,
    scan: ScanState,
    senders: ReadonlySet<string>,
  ): Promise<repo.ResolutionRow[]> {
    const resolutions = await repo.resolutionsOf(this.db, epochId);
    const waiting: { resolution: repo.ResolutionRow; tx: ScannedTx | undefined }[] = [];
    for (const resolution of resolutions.filter((r) => !r.appliedAt && !r.refused))
      waiting.push({
        resolution,
        tx: await this.foundOrFetched(chain, scan, resolution.hash, senders),
      });
    if (waiting.length === 0) return resolutions;
    waiting.sort((a, b) => (a.tx?.nonce ?? 0) - (b.tx?.nonce ?? 0));
    for (const { resolution, tx } of waiting) {
      const refused = !tx
        ? 'the restore found no such transaction from a custody address'
        : resolution.kind === 'signed'
          ? await this.adoptSigned(chain, tx, scan)
          : resolution.kind === 'signed-item'
            ? await this.adoptSignedItem(chain, tx, resolution.signedItemId, scan)
            : await this.adoptResolved(chain, tx, resolution.withdrawalId, scan);
      await repo.settleResolution(
        this.db,
        epochId,
        resolution.hash,
        refused ?? null,
        // A client's signed transaction applied: the matching knows its nonce from now on.
        tx && !refused && resolution.kind === 'signed'
          ? { from: tx.from, nonce: tx.nonce }
          : undefined,
      );
      this.logger.warn(
        {
          hash: resolution.hash,
          ...(resolution.kind === 'withdrawal'
            ? { withdrawalId: resolution.withdrawalId }
            : resolution.kind === 'signed-item'
              ? { signedItemId: resolution.signedItemId }
              : { signed: true }),
          refused,
        },
        refused ? 'restore: a resolution was refused' : 'restore: a resolution applied',
      );
    }
    return repo.resolutionsOf(this.db, epochId);
  }

  /** The scan's transaction of this hash, or the node's if it is from a custody address (kept). */
  private async foundOrFetched(
    chain: ChainAccess,
    scan: ScanState,
    hash: string,
    senders: ReadonlySet<string>,
  ): Promise<ScannedTx | undefined> {
    const found = scan.found.find((f) => f.hash === hash.toLowerCase());
    if (found) return found;
    const tx = await chain.provider.getTransaction(hash);
    if (!tx || !senders.has(tx.from.toLowerCase())) return undefined;
    const fetched = scanned(tx);
    scan.found.push(fetched);
    return fetched;
  }

  private async adoptResolved(
    chain: ChainAccess,
    tx: ScannedTx,
    withdrawalId: string,
    scan: ScanState,
  ): Promise<string | undefined> {
    if (tx.blockNumber === null) return 'the transaction is not mined yet';
    const unsent = await this.books.unsent(chain.network);
    const known = await this.books.knownAt(chain.network, scan.found);
    const unmatched = scan.found.filter((f) => !known.has(nonceKey(f.from, f.nonce))).map(chainTx);
    const refused = resolutionRefusal(chainTx(tx), withdrawalId, unsent, unmatched, {
      known,
      held: (await this.books.held(chain.network, [tx.from])).map((h) => h.held),
    });
    if (refused) return refused;
    const candidate = unsent.find((u) => u.withdrawalId === withdrawalId);
    if (!candidate) return `withdrawal ${withdrawalId} is not a restored one waiting to be sent`;
    const assetId =
      [...chain.network.tokens].find(
        ([, contract]) => contract.toLowerCase() === tx.to.toLowerCase(),
      )?.[0] ?? chain.network.nativeAssetId;
    const native = assetId === chain.network.nativeAssetId;
    const { decimals } = await this.catalog.require(assetId);
    const reserve = BigInt(tx.gasLimit) * BigInt(tx.maxFeePerGas);
    return this.adopt.adopt(withdrawalId, {
      ...attemptOf(tx),
      network: chain.network.name,
      from: candidate.from,
      walletPaysFee: native,
      feeReserve: native ? canonical(formatUnits(reserve, decimals)) : '0',
    });
  }

  /**
   * A client's transaction signed with sign-tx after the restored point (its signed item lost
   * with the restore): checked (resolutions.rules `signedResolutionRefusal`, what it moves by sign-tx's
   * own rule), then known to the matching by its resolution, and the address's nonce counter moved
   * past it as the signature had moved it.
   */
  private async adoptSigned(
    chain: ChainAccess,
    tx: ScannedTx,
    scan: ScanState,
  ): Promise<string | undefined> {
    if (tx.blockNumber === null) return 'the transaction is not mined yet';
    const { network } = chain;
    const wallet = (await books.custodyAddresses(this.db, assetIdsOf(network))).find(
      (c) => c.address.toLowerCase() === tx.from.toLowerCase(),
    );
    const refused = signedResolutionRefusal(
      chainTx(tx),
      await this.books.knownAt(network, scan.found),
      {
        station: chain.gasStation,
        unsent: await this.books.unsent(network),
        held: (await this.books.held(network, [tx.from])).map((h) => h.held),
        moved: wallet
          ? await this.movedBy(network, tx, wallet.assetId)
          : { refused: "no wallet of the network's assets has its address" },
      },
    );
    if (refused) return refused;
    if (wallet) await raiseNextNonce(this.db, network.name, wallet.address, tx.nonce + 1);
    return undefined;
  }

  /**
   * A client's transaction the restored books hold for approval (sign-tx, `pending_approval` or
   * `approved`), signed, sent and mined after the restored point: checked (restore.rules
   * `signedItemResolutionRefusal`), then the item recorded `sent` with the chain's transaction as
   * sign-tx records a signature (SignatureRecords `record`): its nonce reserved (the counter moved
   * past it), what it moves held as a withdrawal `broadcast` the adapter follows to `confirmed`,
   * `sign.is-updated`. From then on the matching knows it by that withdrawal (or by the item when
   * it moved nothing), and the approved signatures' periodic never signs it again (it is `sent`).
   * A refusal of the record (its wallet short of what it moved, its nonce taken by a withdrawal in
   * flight) refuses the resolution, nothing written.
   */
  private async adoptSignedItem(
    chain: ChainAccess,
    tx: ScannedTx,
    signedItemId: string,
    scan: ScanState,
  ): Promise<string | undefined> {
    if (tx.blockNumber === null) return 'the transaction is not mined yet';
    const { network } = chain;
    // The signed transaction as the node answered it, serialized again: the client's very bytes
    // when it hashes to the transaction's hash.
    const signed = EvmTransaction.from(tx.raw);
    if (signed.hash?.toLowerCase() !== tx.hash.toLowerCase())
      return "the node's answer does not serialize to the transaction's hash: its signed form cannot be recorded";
    const found = await this.books.held(network, [tx.from], signedItemId);
    const refused = signedItemResolutionRefusal(
      chainTx(tx),
      signed.unsignedHash,
      signedItemId,
      found.map((f) => f.held),
      await this.books.knownAt(network, scan.found),
    );
    const row = found[0]?.row;
    if (refused || !row) return refused ?? `signed item ${signedItemId} is not held`;
    const move = await this.movedBy(network, tx, row.wallet.assetId);
    if ('refused' in move) return `sign-tx would not have signed it: ${move.refused}`;
    const onChain: OnChainEffect = {
      move,
      txId: signed.hash,
      nonce: signed.nonce,
      network: network.name,
      counterNetwork: network.name,
      // Not the node's count: the books are behind the chain until the restore completes.
      chain: undefined,
    };
    const result = signedEvmTransactionView(signed);
    try {
      return await this.db.transaction(async (db) => {
        const current = await lockSignedItem(db, signedItemId);
        if (
          !current?.approvalId ||
          (current.status !== 'pending_approval' && current.status !== 'approved')
        )
          return `signed item ${signedItemId} is no longer held for approval`;
        await this.records.record(
          db,
          row.wallet,
          {
            ...{},
            ...heldSignRequest(current),
            externalReference: current.externalReference ?? undefined,
          },
          current.id,
          { result, onChain },
          current.approvalId,
          { mined: true },
        );
        return undefined;
      });
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      return `sign-tx's record refuses it (${error.code}): ${error.message}`;
    }
  }

  /** What the transaction takes from its wallet, by sign-tx's rule (signatures.rules `valueMoved`). */
  private async movedBy(
    network: EvmNetwork,
    tx: ScannedTx,
    assetId: string,
  ): Promise<ValueMove | { refused: string }> {
    const { decimals } = await this.catalog.require(assetId);
    const tokens = new Map(
      [...network.tokens].map(([token, contract]) => [contract.toLowerCase(), token]),
    );
    try {
      return valueMoved(
        {
          type: EvmTransaction.from(tx.raw).type ?? 0,
          to: tx.to === '' ? null : tx.to,
          value: BigInt(tx.value),
          data: tx.data,
          gasLimit: BigInt(tx.gasLimit),
          maxGasPrice: BigInt(tx.maxFeePerGas),
        },
        { assetId, native: assetId === network.nativeAssetId, decimals },
        tokens,
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { refused: error.message };
    }
  }
}

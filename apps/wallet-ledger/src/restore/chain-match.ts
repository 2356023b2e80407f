import {
  formatUnits,
  type JsonRpcProvider,
  parseUnits,
  Transaction as EvmTransaction,
  type TransactionResponse,
} from 'ethers';
import type { Logger } from '@custody/logging';
import { canonical } from '@custody/money';
import type { Database } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { broadcast } from '../chain/broadcast';
import { raiseNextNonce, readCursor } from '../chain/chain.repository';
import { type BooksBehind, firstBlockPast } from '../chain/nonces.rules';
import type { EvmNetwork } from '../chain/evm-network';
import { attemptsOf } from '../withdrawals/attempts.repository';
import type { AdoptChainTransaction } from '../withdrawals/adopt-chain-transaction';
import type { SignedAttempt } from '../withdrawals/chain-adapter';
import type { SendWithdrawal } from '../withdrawals/send-withdrawal';
import * as repo from './restore.repository';
import {
  type ChainTx,
  classify,
  type Finding,
  type KnownSend,
  nonceKey,
  resolutionRefusal,
  unknownPending,
  type UnsentWithdrawal,
  withdrawalPayment,
} from './restore.rules';

/** Blocks read at once by the scan. */
const BLOCKS_AT_ONCE = 8;

/** A transaction from a custody address the scan found, as the report keeps it (JSON). */
export interface ScannedTx {
  hash: string;
  from: string;
  to: string;
  nonce: number;
  value: string;
  data: string;
  blockNumber: number | null;
  gasLimit: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  raw: string;
}

/** Where the scan got to, kept in the restore's report between passes. */
export interface ScanState {
  from: number;
  scannedTo: number;
  found: ScannedTx[];
}

/** What the chain step found in one pass. */
export interface ChainMatch {
  scan: ScanState;
  head: number;
  findings: { hash: string; from: string; nonce: number; finding: Finding }[];
  /** Nonces in the node's pool that no stored transaction holds, per address. */
  pendingUnknown: { address: string; nonces: number[] }[];
  rebroadcast: string[];
  resolutions: repo.ResolutionRow[];
  /** No transaction unmatched, none unknown in the pool: the books can follow the chain. */
  clean: boolean;
}

/** What the chain step needs of the running adapter. */
export interface ChainAccess {
  network: EvmNetwork;
  provider: JsonRpcProvider;
  gasStation: string;
}

function scanned(tx: TransactionResponse): ScannedTx {
  return {
    hash: tx.hash.toLowerCase(),
    from: tx.from,
    to: tx.to ?? '',
    nonce: tx.nonce,
    value: tx.value.toString(),
    data: tx.data,
    blockNumber: tx.blockNumber,
    gasLimit: tx.gasLimit.toString(),
    maxFeePerGas: (tx.maxFeePerGas ?? tx.gasPrice).toString(),
    maxPriorityFeePerGas: (tx.maxPriorityFeePerGas ?? 0n).toString(),
    raw: EvmTransaction.from(tx).serialized,
  };
}

function chainTx(tx: ScannedTx): ChainTx {
  return { ...tx, value: BigInt(tx.value) };
}

function attemptOf(tx: ScannedTx): SignedAttempt {
  return {
    hash: tx.hash,
    rawTx: tx.raw,
    nonce: tx.nonce,
    gasLimit: tx.gasLimit,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
  };
}

/**
 * The restore's chain step (docs/operations/restore-runbook.md, "The chain"): the blocks from the
 * restored deposit cursor (less the reorg depth) to the head are scanned for transactions from
 * custody addresses and the gas station, and each is matched by (from, nonce) with what the
 * restored books stored. Mined ones the books signed but had not marked sent are marked
 * `broadcast`; replacements sent after the restored point are recorded as attempts; signed
 * ones the node does not know are broadcast again; any other is unmatched, and the restore waits
 * for the operator's resolution (a transaction that pays a restored withdrawal exactly is
 * proposed). Nonces in the node's pool that no stored transaction holds keep it waiting too.
 */
export class ChainMatcher {
  /** The custody addresses, read once per restore. */
  private custody: { epochId: string; addresses: ReadonlySet<string> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly catalog: AssetCatalog,
    private readonly adopt: AdoptChainTransaction,
    private readonly send: SendWithdrawal,
    private readonly logger: Logger,
  ) {}

  /**
   * `behind`: the addresses where the sender found the books behind the chain (a restore it
   * opened); their nonces in the node's pool are waited for as the others'.
   */
  async pass(
    chain: ChainAccess,
    epochId: string,
    previous: ScanState | undefined,
    behind: readonly BooksBehind[] = [],
  ) {
    const { network, provider } = chain;
    const head = await provider.getBlockNumber();
    const custody = await this.custodyOf(network, epochId);
    const senders = new Set([...custody, chain.gasStation.toLowerCase()]);
    const scan = previous ?? (await this.startScan(network, head));
    await this.scanTo(provider, scan, head, senders);

    // Resolutions first: an adopted transaction is known to the matching below.
    const resolutions = await this.applyResolutions(chain, epochId, scan, senders);
    const unsent = await this.unsent(network);
    const known = await this.knownAt(network, scan.found);
    const findings: ChainMatch['findings'] = [];
    for (const tx of [...scan.found]) {
      const finding = classify(chainTx(tx), known, {
        station: chain.gasStation,
        custody,
        unsent,
      });
      if (finding.kind === 'unmatched' && !(await provider.getTransaction(tx.hash))) {
        // Gone from the chain and the pool (a reorg dropped it): nothing to match.
        scan.found = scan.found.filter((f) => f.hash !== tx.hash);
        continue;
      }
      await this.act(network, finding, tx);
      findings.push({ hash: tx.hash, from: tx.from, nonce: tx.nonce, finding });
    }
    const flying = await repo.inFlight(this.db, network.name);
    const pendingUnknown = await this.pendingUnknown(chain, [
      chain.gasStation,
      ...behind.map((b) => b.address),
      ...(await this.unsent(network)).map((u) => u.from),
      ...flying.map((w) => w.fromAddress),
      ...scan.found.map((f) => f.from),
    ]);
    const rebroadcast = await this.rebroadcast(chain, flying);
    const clean =
      findings.every((f) => f.finding.kind !== 'unmatched') && pendingUnknown.length === 0;
    return { scan, head, findings, pendingUnknown, rebroadcast, resolutions, clean };
  }

  /**
   * Every custody address of the network's assets (lower case), read once per restore: no wallet
   * is made while one runs (the gate refuses it).
   */
  private async custodyOf(network: EvmNetwork, epochId: string): Promise<ReadonlySet<string>> {
    if (this.custody?.epochId !== epochId) {
      const assetIds = [network.nativeAssetId, ...network.tokens.keys()];
      const addresses = await repo.custodyAddresses(this.db, assetIds);
      this.custody = { epochId, addresses: new Set(addresses.map((c) => c.address.toLowerCase())) };
    }
    return this.custody.addresses;
  }

  /**
   * Where the scan of a restore opened on finding the books behind the chain at an address
   * starts: at the block of the first transaction from it the books never assigned, found by
   * asking the node its count at past blocks (the deposit scan may have moved the restored cursor
   * on since the database went back), and no later than the cursor less the reorg depth. A node
   * that keeps no past state answers nothing: the cursor alone, then, and a payment before it is
   * resolved by its hash (restore-resolve fetches it).
   */
  async scanFor(chain: ChainAccess, found: BooksBehind): Promise<ScanState> {
    const head = await chain.provider.getBlockNumber();
    const fromCursor = await this.startScan(chain.network, head);
    const first = await firstBlockPast(found.assigned, head, (block) =>
      chain.provider.getTransactionCount(found.address, block),
    ).catch((error: unknown) => {
      this.logger.warn(
        { err: error },
        'restore: the node keeps no past state to find where to scan',
      );
      return undefined;
    });
    const from = Math.max(0, Math.min(fromCursor.from, first ?? Number.POSITIVE_INFINITY));
    return { from, scannedTo: from - 1, found: [] };
  }

  /**
   * From the restored deposit cursor, less the reorg depth: every transaction the restored books
   * did not see was mined after the restored point, so after the block their scan had reached.
   * A network the adapter never scanned has sent nothing: the scan starts at the head.
   */
  private async startScan(network: EvmNetwork, head: number): Promise<ScanState> {
    const cursor = await readCursor(this.db, network.name);
    const from = cursor === undefined ? head + 1 : Math.max(0, cursor - network.reorgDepth);
    return { from, scannedTo: from - 1, found: [] };
  }

  private async scanTo(
    provider: JsonRpcProvider,
    scan: ScanState,
    head: number,
    senders: ReadonlySet<string>,
  ): Promise<void> {
    while (scan.scannedTo < head) {
      const first = scan.scannedTo + 1;
      const last = Math.min(head, first + BLOCKS_AT_ONCE - 1);
      const blocks = await Promise.all(
        Array.from({ length: last - first + 1 }, (_, i) => provider.getBlock(first + i, true)),
      );
      for (const block of blocks) {
        if (!block) throw new Error(`block ${first} to ${last}: the node did not answer one`);
        for (const tx of block.prefetchedTransactions)
          if (senders.has(tx.from.toLowerCase()) && !scan.found.some((f) => f.hash === tx.hash))
            scan.found.push(scanned(tx));
      }
      scan.scannedTo = last;
    }
  }

  /** What the restored books sent at these nonces (withdrawals and gas top-ups), by address and nonce. */
  private async knownAt(
    network: EvmNetwork,
    at: readonly repo.NonceOf[],
  ): Promise<Map<string, KnownSend>> {
    const known = new Map<string, KnownSend>();
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
  private async unsent(network: EvmNetwork): Promise<UnsentWithdrawal[]> {
    const assetIds = [network.nativeAssetId, ...network.tokens.keys()];
    const unsent: UnsentWithdrawal[] = [];
    for (const u of await repo.unsentWithdrawals(this.db, assetIds))
      unsent.push({
        withdrawalId: u.id,
        from: u.address,
        payment: await this.paymentOf(network, u),
        status: u.status,
      });
    return unsent;
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

  /** What a finding asks of the books without the operator. */
  private async act(network: EvmNetwork, finding: Finding, tx: ScannedTx): Promise<void> {
    if (finding.kind === 'top-up') {
      // Sent after the restored point at a nonce the books never reserved: the station's counter
      // moves past it, as it would have had the books seen it.
      await raiseNextNonce(this.db, network.name, tx.from, tx.nonce + 1);
    } else if (finding.kind === 'replacement') {
      await this.adopt.recordReplacement(finding.withdrawalId, finding.attempt, attemptOf(tx));
      this.logger.warn(
        { withdrawalId: finding.withdrawalId, hash: tx.hash, kind: finding.attempt },
        'restore: a replacement sent after the restored point recorded',
      );
    } else if (finding.kind === 'known' && finding.send === 'withdrawal') {
      // Signed and stored before the restored point, sent after it: marked sent (a withdrawal
      // already `broadcast` is left as it is), and the adapter follows it to the end.
      await this.send.markBroadcast(finding.withdrawalId, tx.hash);
    }
  }

  /**
   * The operator's resolutions not applied yet, in the order of their transactions' nonces: each
   * checked against the chain (restore.rules `resolutionRefusal`), then adopted. A transaction the
   * scan did not find (mined before where it started) is asked of the node by its hash.
   */
  private async applyResolutions(
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
      const refused = tx
        ? await this.adoptResolved(chain, tx, resolution.withdrawalId, scan)
        : 'the restore found no such transaction from a custody address';
      await repo.settleResolution(this.db, epochId, resolution.hash, refused ?? null);
      this.logger.warn(
        { hash: resolution.hash, withdrawalId: resolution.withdrawalId, refused },
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
    const unsent = await this.unsent(chain.network);
    const known = await this.knownAt(chain.network, scan.found);
    const unmatched = scan.found.filter((f) => !known.has(nonceKey(f.from, f.nonce))).map(chainTx);
    const refused = resolutionRefusal(chainTx(tx), withdrawalId, unsent, unmatched);
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
   * Of the addresses that could hold a transaction sent after the restored point (those with
   * withdrawals unsent or in flight, those the scan found, the gas station), the nonces in the
   * node's pool that no stored transaction holds.
   */
  private async pendingUnknown(
    chain: ChainAccess,
    candidates: string[],
  ): Promise<ChainMatch['pendingUnknown']> {
    const addresses = new Map<string, string>();
    for (const address of candidates) addresses.set(address.toLowerCase(), address);
    const out: ChainMatch['pendingUnknown'] = [];
    for (const address of addresses.values()) {
      const [mined, pending] = await Promise.all([
        chain.provider.getTransactionCount(address, 'latest'),
        chain.provider.getTransactionCount(address, 'pending'),
      ]);
      if (pending <= mined) continue;
      const pool = Array.from({ length: pending - mined }, (_, i) => ({
        from: address,
        nonce: mined + i,
      }));
      const nonces = unknownPending(
        address,
        mined,
        pending,
        await this.knownAt(chain.network, pool),
      );
      if (nonces.length > 0) out.push({ address, nonces });
    }
    return out;
  }

  /** Broadcast withdrawals whose latest attempt the node does not know: sent again as signed. */
  private async rebroadcast(
    chain: ChainAccess,
    flying: readonly repo.SentWithdrawal[],
  ): Promise<string[]> {
    const sent = flying.filter((w) => w.status === 'broadcast' && !w.signed);
    const attempts = await attemptsOf(
      this.db,
      sent.map((w) => w.id),
    );
    const out: string[] = [];
    for (const w of sent) {
      const latest = attempts.filter((a) => a.withdrawalId === w.id).at(-1);
      const raw = latest?.rawTx ?? w.rawTx;
      const hash = latest?.hash ?? w.hashes[0];
      if (!raw || !hash || (await chain.provider.getTransaction(hash))) continue;
      try {
        await broadcast(chain.provider, raw, hash);
        out.push(hash);
      } catch (error) {
        // Its nonce went to another transaction: the scan matches that one.
        this.logger.warn({ err: error, withdrawalId: w.id, hash }, 'restore: re-broadcast failed');
      }
    }
    return out;
  }
}

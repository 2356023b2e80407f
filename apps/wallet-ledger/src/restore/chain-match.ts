import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { broadcast } from '../chain/broadcast';
import { raiseNextNonce } from '../chain/chain.repository';
import type { BooksBehind } from '../chain/nonces.rules';
import type { EvmNetwork } from '../chain/evm-network';
import { attemptsOf } from '../withdrawals/attempts.repository';
import type { AdoptChainTransaction } from '../withdrawals/adopt-chain-transaction';
import type { SendWithdrawal } from '../withdrawals/send-withdrawal';
import type { ChainResolutions } from './chain-resolutions';
import {
  attemptOf,
  type ChainAccess,
  chainTx,
  scanFor,
  type ScannedTx,
  type ScanState,
  scanTo,
  startScan,
} from './chain-scan';
import type { RestoredBooks } from './restored-books';
import * as books from './restored-books.repository';
import type * as repo from './restore.repository';
import { classify, type Finding, unknownPending } from './restore.rules';

export type { ChainAccess, ScannedTx, ScanState } from './chain-scan';

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

/**
 * The restore's chain step (docs/operations/restore-runbook.md, "The chain"): the blocks from the
 * restored deposit cursor (less the reorg depth) to the head are scanned for transactions from
 * custody addresses and the gas station, and each is matched by (from, nonce) with what the
 * restored books stored. Mined ones the books signed but had not marked sent are marked
 * `broadcast`; replacements sent after the restored point are recorded as attempts; signed
 * ones the node does not know are broadcast again; any other is unmatched, and the restore waits
 * for the operator's resolution (a transaction that pays a restored withdrawal exactly is
 * proposed, and one that is a client's transaction the books hold for approval is proposed as
 * that signed item). Nonces in the node's pool that no stored transaction holds keep it waiting too.
 */
export class ChainMatcher {
  /** The custody addresses, read once per restore. */
  private custody: { epochId: string; addresses: ReadonlySet<string> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly books: RestoredBooks,
    private readonly resolutions: ChainResolutions,
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
    const scan = previous ?? (await startScan(this.db, network, head));
    await scanTo(provider, scan, head, senders);

    // Resolutions first: an adopted transaction is known to the matching below.
    const resolutions = await this.resolutions.apply(chain, epochId, scan, senders);
    const unsent = await this.books.unsent(network);
    const known = await this.books.knownAt(network, scan.found);
    // The clients' transactions held for approval at the restored point: one signed after it is
    // proposed as itself (restore-resolve --signed-item), not as a payment of nothing known.
    const held = (
      await this.books.held(
        network,
        scan.found.map((f) => f.from),
      )
    ).map((h) => h.held);
    const findings: ChainMatch['findings'] = [];
    for (const tx of [...scan.found]) {
      const finding = classify(chainTx(tx), known, {
        station: chain.gasStation,
        custody,
        unsent,
        held,
      });
      if (finding.kind === 'unmatched' && !(await provider.getTransaction(tx.hash))) {
        // Gone from the chain and the pool (a reorg dropped it): nothing to match.
        scan.found = scan.found.filter((f) => f.hash !== tx.hash);
        continue;
      }
      await this.act(network, finding, tx);
      findings.push({ hash: tx.hash, from: tx.from, nonce: tx.nonce, finding });
    }
    const flying = await books.inFlight(this.db, network.name);
    const pendingUnknown = await this.pendingUnknown(chain, [
      chain.gasStation,
      ...behind.map((b) => b.address),
      ...(await this.books.unsent(network)).map((u) => u.from),
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
      const addresses = await books.custodyAddresses(this.db, assetIds);
      this.custody = { epochId, addresses: new Set(addresses.map((c) => c.address.toLowerCase())) };
    }
    return this.custody.addresses;
  }

  /** Where the scan of a restore wallet-ledger opened (chain-scan `scanFor`). */
  scanFor(chain: ChainAccess, found: BooksBehind): Promise<ScanState> {
    return scanFor(this.db, this.logger, chain, found);
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
        await this.books.knownAt(chain.network, pool),
      );
      if (nonces.length > 0) out.push({ address, nonces });
    }
    return out;
  }

  /** Broadcast withdrawals whose latest attempt the node does not know: sent again as signed. */
  private async rebroadcast(
    chain: ChainAccess,
    flying: readonly books.SentWithdrawal[],
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

import type { JsonRpcProvider } from 'ethers';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import type { EvmChainReader } from '../chain/chain-reader';
import type { DepositWatcher } from '../chain/deposit-watcher';
import type { EvmNetwork } from '../chain/evm-network';
import type { LedgerCheckService } from '../ledger/ledger-check.service';
import type { ReconciliationService } from '../reconciliation/reconciliation.service';
import type { ChainMatch, ChainMatcher, ScanState } from './chain-match';
import type { RestoreGate } from './restore-gate';
import * as repo from './restore.repository';
import { type DatabaseIdentity, recognise } from './restore.rules';

/** How often a restore that is not done is looked at again (an operator's answer, the chain). */
export const RESTORE_PASS_MS = 2_000;

/** The running chain adapter, as the restore uses it before the adapter's jobs start. */
export interface RestoreChain {
  network: EvmNetwork;
  provider: JsonRpcProvider;
  gasStation: string;
  watcher: DepositWatcher;
  /** Follows the withdrawals in flight to the end; sends nothing new. */
  follow: () => Promise<void>;
  reader: EvmChainReader;
}

function describe(identity: DatabaseIdentity): string {
  return `system ${identity.systemIdentifier}, timeline ${identity.timeline}`;
}

/**
 * A restore, from its recognition to its end (docs/operations/restore-runbook.md). At start,
 * before any call is served, wallet-ledger recognises its database: the one it last ran on (the
 * gate opens), one the operator opened a restore for (`restore-prepare`), or another one with no
 * restore (a point-in-time recovery's new timeline, a copy: the gate stays closed until the
 * operator runs `restore-prepare` or `restore-accept-database`). A restore then runs in passes,
 * each a few seconds apart, until one is clean: the chain matched with the books
 * (ChainMatcher), the deposit scan caught up and the withdrawals in flight followed, the
 * reconciliation clean, and a whole ledger check clean. Only then does the gate open and the
 * chain adapter start sending.
 */
export class RestoreProcedure {
  private stopped = false;
  /** The unrecognised database was logged at error once (readiness keeps saying it). */
  private told = false;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: {
      db: Database;
      logger: Logger;
      gate: RestoreGate;
      matcher: ChainMatcher;
      reconciliation: ReconciliationService;
      ledgerCheck: LedgerCheckService;
      /** Whether the EVM adapter runs: then its hook (`untilOpen`) runs the passes. */
      withChain: boolean;
    },
  ) {}

  /** Which database this is; the gate opens if it is the one wallet-ledger last ran on. */
  async recognise(): Promise<'open' | 'restoring' | 'unrecognised'> {
    const { db, gate, logger } = this.deps;
    const current = await repo.currentDatabase(db);
    const open = await repo.openEpoch(db);
    const found = recognise(
      current,
      await repo.recordedDatabase(db),
      open && {
        id: open.id,
        database: { systemIdentifier: open.systemIdentifier, timeline: open.timeline },
      },
    );
    if (found.state === 'normal') {
      if (found.record) await repo.recordDatabase(db, current);
      gate.open();
      return 'open';
    }
    if (found.state === 'restoring') {
      gate.close(`restore ${found.epochId} in progress`);
      return 'restoring';
    }
    const reason =
      `the database is not the one wallet-ledger last ran on (${describe(found.recorded)}; now ` +
      `${describe(found.current)}) and no restore is open: after a restore run restore-prepare, ` +
      'after a failover that lost nothing restore-accept-database (docs/operations/restore-runbook.md)';
    if (gate.isOpen || !this.told) logger.error({ recorded: found.recorded, current }, reason);
    this.told = true;
    gate.close(reason);
    return 'unrecognised';
  }

  /** Without the EVM adapter: the passes on a timer of their own, until the gate opens. */
  startWithoutChain(): void {
    if (this.deps.withChain || this.deps.gate.isOpen) return;
    // Stopped before it was done: the next start takes it up again.
    void this.loop(undefined).catch(() => undefined);
  }

  /** The EVM adapter's hook before its jobs start: resolves once the gate is open. */
  async untilOpen(chain: RestoreChain): Promise<void> {
    await this.loop(chain);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
  }

  private async loop(chain: RestoreChain | undefined): Promise<void> {
    while (!this.stopped && !this.deps.gate.isOpen) {
      try {
        await this.pass(chain);
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'restore pass failed: trying again');
      }
      if (this.deps.gate.isOpen || this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, RESTORE_PASS_MS);
      });
    }
    if (this.stopped && !this.deps.gate.isOpen)
      throw new Error('stopped before the restore was done');
  }

  /** One pass: answers once the restore is done (the gate is then open). */
  async pass(chain: RestoreChain | undefined): Promise<void> {
    const { db, gate, logger } = this.deps;
    if ((await this.recognise()) !== 'restoring') return;
    const epoch = await repo.openEpoch(db);
    if (!epoch) return;
    const report: Record<string, unknown> = { ...epoch.report, passAt: new Date().toISOString() };
    const hold = async (step: string, detail: Record<string, unknown> = {}) => {
      Object.assign(report, { step, ...detail });
      await repo.saveReport(db, epoch.id, report);
      gate.close(`restore ${epoch.id}: ${step}`);
    };

    if (chain) {
      const match: ChainMatch = await this.deps.matcher.pass(
        chain,
        epoch.id,
        report['scan'] as ScanState | undefined,
      );
      Object.assign(report, {
        scan: match.scan,
        head: match.head,
        findings: match.findings,
        pendingUnknown: match.pendingUnknown,
        resolutions: match.resolutions,
        rebroadcast: [
          ...new Set([
            ...((report['rebroadcast'] as string[] | undefined) ?? []),
            ...match.rebroadcast,
          ]),
        ],
      });
      const unmatched = match.findings.filter((f) => f.finding.kind === 'unmatched');
      if (unmatched.length > 0)
        return hold(
          `${unmatched.length} chain transaction(s) unmatched: resolve each (restore-status, restore-resolve)`,
        );
      if (match.pendingUnknown.length > 0)
        return hold('transactions in the node pool the books do not hold: waiting until mined');
      // The deposits since the restored point credited, the withdrawals in flight followed.
      await chain.watcher.poll();
      await chain.follow();
      const reconciled = await this.deps.reconciliation.run(chain.reader);
      if (reconciled.outcome !== 'done')
        return hold(`reconciliation ${reconciled.outcome}: trying again`);
      report['reconciliation'] = {
        status: reconciled.run.status,
        blockNumber: reconciled.run.status === 'none' ? null : reconciled.run.blockNumber,
        deltaCount: reconciled.deltas.length,
      };
      if (reconciled.run.status !== 'clean' || reconciled.deltas.length > 0)
        return hold(`reconciliation broken (${reconciled.deltas.length} deltas): waiting`, {
          deltas: reconciled.deltas.slice(0, 20),
        });
    }

    const check = await this.wholeLedgerCheck();
    report['ledgerCheck'] = { ok: check.ok, violations: check.violations.length };
    if (!check.ok) return hold(`ledger check found ${check.violations.length} violation(s)`);

    report['step'] = 'complete';
    await repo.completeEpoch(db, epoch.id, report);
    await repo.recordDatabase(db, await repo.currentDatabase(db));
    gate.open();
    logger.info({ epochId: epoch.id, report }, 'restore complete: money moves again');
  }

  /** A ledger check that started after the restore, walked to its end. */
  private async wholeLedgerCheck() {
    const { ledgerCheck } = this.deps;
    // A run the restored copy left half-done is finished first, then a new one from the start.
    let view = await ledgerCheck.advance();
    while (!view.complete) view = await ledgerCheck.advance();
    view = await ledgerCheck.advance();
    while (!view.complete) view = await ledgerCheck.advance();
    return view;
  }
}

import type { JsonRpcProvider } from 'ethers';
import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import { raiseNextNonce } from '../chain/chain.repository';
import type { EvmChainReader } from '../chain/chain-reader';
import type { DepositWatcher } from '../chain/deposit-watcher';
import type { EvmNetwork } from '../chain/evm-network';
import type { BooksBehind } from '../chain/nonces.rules';
import type { LedgerCheckService } from '../ledger/ledger-check.service';
import type { ReconciliationService } from '../reconciliation/reconciliation.service';
import type { ChainMatch, ChainMatcher, ScanState } from './chain-match';
import type { RestoreGate } from './restore-gate';
import * as repo from './restore.repository';
import { type DatabaseIdentity, recognise, restoreReason } from './restore.rules';

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

/** An open restore as its reason names it (restore.rules `restoreReason`). */
function epochOf(epoch: repo.EpochRow) {
  return {
    id: epoch.id,
    origin: epoch.origin,
    detected: (epoch.report['detected'] as BooksBehind[] | undefined) ?? [],
  };
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
 * chain adapter start sending. While the adapter runs, a restore opens too when its sender finds
 * the books behind the chain (`booksBehind`: a database gone back in time on the same cluster and
 * timeline, a snapshot restored in place): the gate closes, the adapter's jobs stop moving money
 * (`admit`) and its withdrawal job runs the passes instead, and every replica's gate follows the
 * database (`watch`).
 */
export class RestoreProcedure {
  private stopped = false;
  /** The unrecognised database was logged at error once (readiness keeps saying it). */
  private told = false;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watcher: NodeJS.Timeout | undefined;
  /** What the last recognition found. */
  private recognised: 'open' | 'restoring' | 'unrecognised' | undefined;
  /** A pass runs: the watch leaves the gate to it. */
  private passing = false;

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
      return (this.recognised = 'open');
    }
    if (found.state === 'restoring') {
      // A pass's own reason (the step it waits at) stays.
      if (open && (gate.isOpen || this.recognised !== 'restoring'))
        gate.close(restoreReason(epochOf(open)));
      return (this.recognised = 'restoring');
    }
    const reason =
      `the database is not the one wallet-ledger last ran on (${describe(found.recorded)}; now ` +
      `${describe(found.current)}) and no restore is open: after a restore run restore-prepare, ` +
      'after a failover that lost nothing restore-accept-database (docs/operations/restore-runbook.md)';
    if (gate.isOpen || !this.told) logger.error({ recorded: found.recorded, current }, reason);
    this.told = true;
    gate.close(reason);
    return (this.recognised = 'unrecognised');
  }

  /**
   * The sender found the books behind the chain at an address (no nonce taken): a restore opens
   * on this database (or the open one notes the address), its scan to start where the first
   * transaction the books never assigned was mined, and the gate closes. Logged at error, and
   * `restore_open{origin="detected"}` alerts (docs/monitoring.md).
   */
  async booksBehind(chain: RestoreChain, found: BooksBehind): Promise<void> {
    const { db, gate, logger } = this.deps;
    const open = await repo.openEpoch(db);
    const epoch =
      open ??
      (await repo
        .openRestore(db, await repo.currentDatabase(db), 'detected', {
          step: 'opened: the books are behind the chain',
          detected: [found],
          scan: await this.deps.matcher.scanFor(chain, found),
        })
        .catch(async (error: unknown) => {
          // Another finding opened it meanwhile (this process's sender and a client's signed
          // transaction, or another replica): one restore is open at a time; this one joins it.
          const opened = await repo.openEpoch(db);
          if (!opened) throw error;
          await repo.noteDetected(db, opened.id, found);
          return opened;
        }));
    if (open) await repo.noteDetected(db, open.id, found);
    const reason = restoreReason({ ...epochOf(epoch), detected: [found] });
    gate.close(reason);
    this.recognised = 'restoring';
    logger.error({ audit: 'restore_opened', restore: epoch.id, ...found }, reason);
  }

  /**
   * Before each run of the adapter's jobs: whether money may move now. A restore opened since
   * (by this process's sender, another replica's, or the operator) closes the gate; while it is
   * closed, the job given `runPass` (the withdrawals') runs a pass of the restore instead.
   */
  async admit(chain: RestoreChain, runPass: boolean): Promise<boolean> {
    if (this.deps.gate.isOpen && !(await repo.openEpoch(this.deps.db))) return true;
    if (runPass) await this.guardedPass(chain);
    else if (this.deps.gate.isOpen) await this.recognise();
    return false;
  }

  /**
   * Every replica's gate follows the database: a restore another process opened closes it, one
   * completed there opens it (its passes run where the adapter's job runs). Every RESTORE_PASS_MS.
   */
  watch(): void {
    const tick = async () => {
      if (this.passing || this.stopped) return;
      const open = await repo.openEpoch(this.deps.db);
      if (open ? this.deps.gate.isOpen : this.recognised === 'restoring') await this.recognise();
    };
    this.watcher = setInterval(() => {
      tick().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'restore watch: the database did not answer'),
      );
    }, RESTORE_PASS_MS);
    this.watcher.unref();
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
    clearInterval(this.watcher);
    this.wake?.();
  }

  private async guardedPass(chain: RestoreChain | undefined): Promise<void> {
    this.passing = true;
    try {
      await this.pass(chain);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'restore pass failed: trying again');
    } finally {
      this.passing = false;
    }
  }

  private async loop(chain: RestoreChain | undefined): Promise<void> {
    while (!this.stopped && !this.deps.gate.isOpen) {
      await this.guardedPass(chain);
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
    const detected = (report['detected'] as BooksBehind[] | undefined) ?? [];
    const hold = async (step: string, detail: Record<string, unknown> = {}) => {
      Object.assign(report, { step, ...detail });
      await repo.saveReport(db, epoch.id, report);
      gate.close(restoreReason({ ...epochOf(epoch), detected }, step));
    };

    if (chain) {
      const match: ChainMatch = await this.deps.matcher.pass(
        chain,
        epoch.id,
        report['scan'] as ScanState | undefined,
        detected,
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

    // Where the books were found behind the chain, the counter moves to the chain's count: every
    // transaction there is matched or resolved, and the checks are clean (none waits in the pool).
    if (chain)
      for (const found of detected)
        await raiseNextNonce(
          db,
          found.network,
          found.address,
          await chain.provider.getTransactionCount(found.address, 'latest'),
        );
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

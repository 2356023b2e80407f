import { CommandRefused, type ServiceCommand, option } from '@custody/service-kit';
import * as repo from './restore.repository';
import { sameDatabase } from './restore.rules';

/**
 * wallet-ledger's restore commands (`node dist/apps/wallet-ledger/main.js <command>`; the steps
 * of docs/operations/restore-runbook.md), each one JSON line out.
 */

/**
 * `restore-prepare` (after the outbox's recent events are marked unsent): opens the restore on
 * this database, before any app starts. The next start of wallet-ledger runs it.
 */
export const prepareRestore: ServiceCommand = async (_args, ctx) => {
  const database = await repo.currentDatabase(ctx.db);
  const recorded = await repo.recordedDatabase(ctx.db);
  const epoch = await repo.openRestore(ctx.db, database);
  return { restore: epoch.id, database, lastRanOn: recorded ?? null };
};

/** `restore-status`: the open restore (or the latest), its step and what it found. */
export const restoreStatus: ServiceCommand = async (_args, ctx) => {
  const epoch = (await repo.openEpoch(ctx.db)) ?? (await repo.latestEpoch(ctx.db));
  if (!epoch) return { restore: null };
  return {
    restore: epoch.id,
    origin: epoch.origin,
    status: epoch.status,
    openedAt: epoch.openedAt,
    completedAt: epoch.completedAt,
    database: { systemIdentifier: epoch.systemIdentifier, timeline: epoch.timeline },
    report: epoch.report,
    resolutions: await repo.resolutionsOf(ctx.db, epoch.id),
  };
};

/**
 * `restore-resolve --tx <hash> --withdrawal <id>`: the operator's answer to an unmatched chain
 * transaction: it paid that restored withdrawal. The running wallet-ledger checks it pays exactly
 * the withdrawal from its wallet's address (of identical withdrawals, the one the sender sent
 * first: restore.rules `resolutionRefusal`), and records it as sent (its next pass). A
 * transaction the restore's scan did not reach is asked of the node by its hash.
 */
export const resolveTransaction: ServiceCommand = async (args, ctx) => {
  const hash = option(args, 'tx');
  const withdrawalId = option(args, 'withdrawal');
  if (
    !hash ||
    !/^0x[0-9a-fA-F]{64}$/.test(hash) ||
    !withdrawalId ||
    !/^[0-9a-f-]{36}$/i.test(withdrawalId)
  )
    throw new CommandRefused(
      'usage: restore-resolve --tx <0x hash> --withdrawal <withdrawal id>',
      2,
    );
  const epoch = await repo.openEpoch(ctx.db);
  if (!epoch) throw new CommandRefused('no restore is open');
  await repo.requestResolution(ctx.db, epoch.id, hash, withdrawalId);
  return { restore: epoch.id, tx: hash.toLowerCase(), withdrawal: withdrawalId, queued: true };
};

/**
 * `restore-accept-database`: the operator's word that the database wallet-ledger finds itself
 * on holds everything it had (a failover to a synchronous replica: a new timeline, nothing lost).
 * wallet-ledger checks it all the same before money moves (the chain matched with the books, the
 * reconciliation and the ledger check clean, as after a restore), so a restore taken for a
 * failover by mistake still never pays twice. Refused while a restore is open.
 */
export const acceptDatabase: ServiceCommand = async (_args, ctx) => {
  if (await repo.openEpoch(ctx.db))
    throw new CommandRefused('a restore is open: it ends by its own checks, not by acceptance');
  const database = await repo.currentDatabase(ctx.db);
  const recorded = await repo.recordedDatabase(ctx.db);
  if (!recorded || sameDatabase(recorded, database))
    return { accepted: false, database, reason: 'the database wallet-ledger ran on already' };
  const epoch = await repo.openRestore(ctx.db, database, 'accepted');
  return { accepted: true, restore: epoch.id, database, lastRanOn: recorded };
};

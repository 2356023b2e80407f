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
 * first: resolutions.rules `resolutionRefusal`), and records it as sent (its next pass). A
 * transaction the restore's scan did not reach is asked of the node by its hash.
 *
 * `restore-resolve --tx <hash> --signed`: a client signed it with sign-tx after the restored
 * point (its signed item lost with the restore). Checked at the next pass (resolutions.rules
 * `signedResolutionRefusal`), then known to the matching.
 *
 * `restore-resolve --tx <hash> --signed-item <id>`: it is that client's transaction the restored
 * books hold for approval (sign-tx, `pending_approval` or `approved`), signed after the restored
 * point. Checked at the next pass (resolutions.rules `signedItemResolutionRefusal`: its address,
 * nonce, payment, gas and fees), then the item recorded sent with it, as sign-tx records one.
 */
export const resolveTransaction: ServiceCommand = async (args, ctx) => {
  const hash = option(args, 'tx');
  const answer = resolutionAnswer(args);
  if (!hash || !/^0x[0-9a-fA-F]{64}$/.test(hash) || !answer)
    throw new CommandRefused(
      'usage: restore-resolve --tx <0x hash> (--withdrawal <withdrawal id> | --signed | ' +
        '--signed-item <signed item id>)',
      2,
    );
  const epoch = await repo.openEpoch(ctx.db);
  if (!epoch) throw new CommandRefused('no restore is open');
  if (!(await repo.requestResolution(ctx.db, epoch.id, hash, answer)))
    throw new CommandRefused(
      `${hash.toLowerCase()} is booked already by an applied resolution: another answer would book it twice`,
    );
  return {
    restore: epoch.id,
    tx: hash.toLowerCase(),
    ...(answer.kind === 'withdrawal'
      ? { withdrawal: answer.withdrawalId }
      : answer.kind === 'signed-item'
        ? { signedItem: answer.signedItemId }
        : { signed: true }),
    queued: true,
  };
};

const UUID = /^[0-9a-f-]{36}$/i;

/** Exactly one of `--withdrawal <id>`, `--signed`, `--signed-item <id>`; undefined otherwise. */
function resolutionAnswer(args: string[]): repo.ResolutionAnswer | undefined {
  const withdrawalId = option(args, 'withdrawal');
  const signedItemId = option(args, 'signed-item');
  const signed = args.includes('--signed');
  if ([withdrawalId !== undefined, signedItemId !== undefined, signed].filter(Boolean).length !== 1)
    return undefined;
  if (signed) return { kind: 'signed' };
  if (withdrawalId !== undefined)
    return UUID.test(withdrawalId) ? { kind: 'withdrawal', withdrawalId } : undefined;
  return signedItemId !== undefined && UUID.test(signedItemId)
    ? { kind: 'signed-item', signedItemId }
    : undefined;
}

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

import { isAppsActivity, isSignatureActivity } from '../evaluation/askers.rules';

/** Why a release is refused (the audit record's reason). */
export type ReleaseFault = 'other_app_operation' | 'operation_authorized';

/** What the policy service holds of an operation: an admission, or an approval or a count. */
interface Held {
  operationId: string;
  activity: string;
}

/**
 * Why `caller` may not release these operations, all or nothing; undefined when it may.
 * `admitted`: their admissions (`authorizedAt` set once a signed decision was given);
 * `recorded`: the activities their approvals and counts name. Another app's operation is never
 * the caller's to release; a decided one may have run: an admission signed for, or a signature's
 * operation with no undecided admission (allowed at once, its signed decision came with the
 * evaluation, which admits nothing). What the policy service holds nothing of is no fault.
 */
export function releaseFault(
  caller: string | undefined,
  admitted: readonly (Held & { authorizedAt: Date | null })[],
  recorded: readonly Held[],
): ReleaseFault | undefined {
  const all: readonly Held[] = [...admitted, ...recorded];
  if (all.some((r) => !isAppsActivity(caller, r.activity))) return 'other_app_operation';
  const undecided = new Set(
    admitted.filter((a) => a.authorizedAt === null).map((a) => a.operationId),
  );
  const admittedIds = new Set(admitted.map((a) => a.operationId));
  const decided = (r: Held) =>
    !undecided.has(r.operationId) &&
    (admittedIds.has(r.operationId) || isSignatureActivity(r.activity));
  return all.some(decided) ? 'operation_authorized' : undefined;
}

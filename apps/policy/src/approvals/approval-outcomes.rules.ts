import { type ApprovalActivity, MAX_OUTCOMES_ASKED } from '@custody/contracts';
import { Errors } from '@custody/errors';

/** The apps that hold operations for approvals, and the activities each applies. */
const HOLDERS: Readonly<Record<string, readonly ApprovalActivity[]>> = {
  'wallet-ledger': [
    'withdrawal',
    'transfer',
    'sign-tx',
    'sign-message',
    'sign-typed-data',
    'treasury-change',
  ],
  identity: ['member-change'],
  trading: ['purchase'],
  issuer: ['issuer-activity'],
};

/**
 * The activities whose outcomes `app` may read (those it applies), or a refusal: so an app learns
 * nothing of another's approvals, and a call asks about a bounded number of them.
 */
export function outcomesAskable(app: string | undefined, ids: readonly string[]) {
  const activities = app === undefined ? undefined : HOLDERS[app];
  if (!activities)
    throw Errors.forbidden('This service holds no operations for approvals.', 'caller_not_allowed');
  if (ids.length > MAX_OUTCOMES_ASKED)
    throw Errors.badRequest(`At most ${MAX_OUTCOMES_ASKED} approvals per call.`);
  return activities;
}

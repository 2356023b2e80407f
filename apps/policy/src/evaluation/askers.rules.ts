import {
  type AuthContext,
  type GovernedActivity,
  type GovernedOperation,
  SIGNATURE_ACTIVITIES,
} from '@custody/contracts';
import { Errors } from '@custody/errors';

/** The apps that ask for decisions, and the activities each may ask about. */
const ASKERS: Readonly<Record<string, ReadonlySet<GovernedActivity>>> = {
  'wallet-ledger': new Set([
    'withdrawal',
    'transfer',
    'sign-tx',
    'sign-message',
    'sign-typed-data',
  ]),
  trading: new Set(['purchase']),
  issuer: new Set(['issuer-activity']),
};

/**
 * Whether an operation of `activity` is a signature's: one with no admission was given its signed
 * decision when it was evaluated (allowed at once), so it may have run.
 */
export function isSignatureActivity(activity: string): boolean {
  return SIGNATURE_ACTIVITIES.has(activity);
}

/**
 * Whether an operation of `activity` is `app`'s: the one app that asks decisions on it (and so
 * may release it). A held change's approval is no app's.
 */
export function isAppsActivity(app: string | undefined, activity: string): boolean {
  const allowed: ReadonlySet<string> | undefined =
    app !== undefined && Object.hasOwn(ASKERS, app) ? ASKERS[app] : undefined;
  return allowed?.has(activity) ?? false;
}

/**
 * The initiator of operations an app asks decisions on, or a refusal: each app asks about its
 * own activities only, in an end caller's name; an issuer only about its own key's signatures in
 * its tenant (its token names the issuer), and only a purchase states its fiat value. So a
 * compromised app cannot pass another's operation, or another issuer's, off as its own.
 */
export function checkAsker(
  app: string | undefined,
  auth: AuthContext | undefined,
  ops: readonly GovernedOperation[],
): AuthContext {
  const allowed = app === undefined ? undefined : ASKERS[app];
  const refuse = (why: string) =>
    Errors.forbidden(`No decision for these operations: ${why}.`, 'caller_not_allowed');
  if (!allowed) throw refuse('this service applies none');
  if (!auth) throw Errors.unauthorized();
  const issuer = app === 'issuer' ? auth.issuer : undefined;
  if ((auth.audience === 'issuer') !== (app === 'issuer') || (app === 'issuer' && !issuer))
    throw refuse("an issuer's operations are asked by the issuer service, in its token's name");
  for (const op of ops) {
    if (!allowed.has(op.activity)) throw refuse(`${app} does not apply a ${op.activity}`);
    if (op.activity !== 'purchase' && op.legs.some((leg) => leg.fiatAmount !== undefined))
      throw refuse('only a purchase states its fiat value');
    if (
      issuer &&
      (op.tenantId !== auth.tenantId || op.legs.some((leg) => leg.userId !== issuer.id))
    )
      throw refuse("another issuer's signature");
  }
  return auth;
}

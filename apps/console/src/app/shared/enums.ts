import type { V1Paths } from '@custody/sdk';

/**
 * The choices the console offers, one list per API enumeration. The values live in the API (the
 * console may use the SDK alone, not its contracts); each list is checked both ways against the
 * SDK's generated types, so a value the API adds or drops is a compile error here, not a choice
 * missing or refused at run time.
 */
const every =
  <T extends string>() =>
  <const L extends readonly T[]>(
    list: L & (Exclude<T, L[number]> extends never ? unknown : { missing: Exclude<T, L[number]> }),
  ): L =>
    list;

type Query<P extends keyof V1Paths> = V1Paths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;
type PolicyBody = NonNullable<
  V1Paths['/policies']['post']['requestBody']
>['content']['application/json'];
type Transactions = Query<'/users/{user}/wallets/{wallet}/transactions'>;

export const POLICY_ACTIVITIES = every<PolicyBody['activity']>()([
  'withdrawal',
  'transfer',
  'sign-tx',
  'sign-message',
  'sign-typed-data',
  'purchase',
  'issuer-activity',
  'policy-change',
  'any',
]);
export const RULE_KINDS = every<PolicyBody['rule']['kind']>()([
  'amount_above',
  'fiat_amount_above',
  'velocity',
  'destination_not_whitelisted',
  'always',
]);
export const APPROVAL_STATUSES = every<NonNullable<Query<'/approvals'>['status']>>()([
  'pending',
  'approved',
  'rejected',
  'expired',
  'cancelled',
]);
export const APPROVAL_ACTIVITIES = every<NonNullable<Query<'/approvals'>['activity']>>()([
  'withdrawal',
  'transfer',
  'sign-tx',
  'sign-message',
  'sign-typed-data',
  'purchase',
  'issuer-activity',
  'policy-change',
  'member-change',
  'treasury-change',
]);
export const MOVEMENTS = every<NonNullable<Transactions['movement']>>()(['in', 'out']);
export const MOVEMENT_SUBTYPES = every<NonNullable<Transactions['movementSubtype']>>()([
  'internal',
  'external',
  'buy',
  'sell',
  'fee',
  'reversal',
]);
export const TRANSACTION_STATUSES = every<NonNullable<Transactions['status']>>()([
  'approved',
  'confirmed',
  'pending',
  'failed',
]);
export const WITHDRAWAL_STATUSES = every<
  NonNullable<Query<'/users/{user}/wallets/{wallet}/withdrawals'>['status']>
>()(['pending_approval', 'prepared', 'broadcast', 'confirmed', 'failed', 'cancelled']);
export const INCOME_STATUSES = every<
  NonNullable<Query<'/users/{user}/wallets/{wallet}/incomes'>['status']>
>()(['pending', 'confirmed', 'failed']);

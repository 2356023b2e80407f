import { z } from 'zod';
import {
  MAX_QUORUM,
  MAX_VELOCITY_WINDOW_MS,
  POLICY_ACTIONS,
  POLICY_ACTIVITIES,
  type PolicyView,
  windowMs,
} from '@custody/contracts';
import { amountSchema, decimalPlaces, fitsBaseUnits, TOO_MANY_BASE_UNITS } from '@custody/money';
import { contractSchema } from '../contract-schema';
import { codes, idString, timestamps } from '../schemas';

const assetId = z.string().min(1).max(64);

/**
 * A limit in an asset's units: an amount some asset can hold (at most 18 decimals, as the most
 * precise asset, and within 2^256 − 1 base units), so a limit never names an impossible amount.
 */
const limitAmount = amountSchema({ allowZero: true, maxDecimals: 18 }).refine(
  (value) => fitsBaseUnits(value, decimalPlaces(value)),
  TOO_MANY_BASE_UNITS,
);
const ids = (what: string) => z.array(z.string().min(1).max(128)).min(1).max(100).describe(what);

/** `1h`, `24h`, `7d`, `30m`: up to 90 days. */
const windowSchema = z
  .string()
  .max(6)
  .regex(/^[1-9][0-9]{0,3}[mhd]$/, 'A count and a unit: m, h or d (e.g. 1h, 24h, 7d)')
  .refine((value) => windowMs(value) <= MAX_VELOCITY_WINDOW_MS, 'At most 90 days')
  .transform((value) => value as `${number}${'m' | 'h' | 'd'}`);

export const ruleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('amount_above'), assetId, amount: limitAmount }).strict(),
  z.object({ kind: z.literal('fiat_amount_above'), amount: limitAmount }).strict(),
  z
    .object({
      kind: z.literal('velocity'),
      window: windowSchema,
      per: codes(['wallet', 'user', 'tenant'] as const, 'per'),
      assetId: assetId.optional(),
      maxAmount: limitAmount.optional(),
      maxFiatAmount: limitAmount.optional(),
      maxCount: z.number().int().min(0).max(1_000_000).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('destination_not_whitelisted') }).strict(),
  z.object({ kind: z.literal('always') }).strict(),
]);

export const approversSchema = z
  .object({
    quorum: z.number().int().min(1).max(MAX_QUORUM),
    clientIds: ids(
      'Only these clients may decide (each eligible: the tenant or a member with approvals:decide or no scopes)',
    ).optional(),
    signed: z
      .boolean()
      .optional()
      .describe(
        "An approval counts only as the approver's signature of the approval's statement, with a registered approver key (`POST /v1/clients/me/approver-keys`): verified by the policy service and again by the signer. Absent: the deployment's default when an approval is held (true in production)",
      ),
  })
  .strict();

export const filtersSchema = z
  .object({
    assetIds: ids('Only operations of these assets').optional(),
    userIds: ids("Only these users' operations").optional(),
    walletIds: ids("Only these wallets' operations").optional(),
  })
  .strict();

export const policyFields = {
  name: z.string().trim().min(1).max(200),
  activity: codes(POLICY_ACTIVITIES, 'activity'),
  rule: ruleSchema,
  action: codes(POLICY_ACTIONS, 'action'),
  approvers: approversSchema.optional(),
  filters: filtersSchema.optional(),
  enabled: z.boolean().optional(),
  allowTokenAuthorizations: z
    .boolean()
    .optional()
    .describe(
      'sign-typed-data only: typed data that authorizes a token transfer (a permit: verified by a catalog token, Permit2 or a configured contract, or a spender or `to` address with an amount) is signed where this policy applies instead of refused (400 `token_authorization_refused`), its rule weighing the amount, token and spender. Default false',
    ),
};

export const policySchema = contractSchema<PolicyView>()(
  z.object({
    ...{},
    ...timestamps,
    tenantId: idString
      .nullable()
      .describe('The tenant it applies to; null: a platform policy (an admin’s), for every tenant'),
    name: policyFields.name,
    activity: z.enum(POLICY_ACTIVITIES),
    rule: ruleSchema,
    action: z.enum(POLICY_ACTIONS),
    approvers: approversSchema.nullable(),
    filters: filtersSchema.nullable(),
    enabled: z.boolean(),
    allowTokenAuthorizations: z
      .boolean()
      .describe('Token authorizations are signed where it applies, weighed by its rule'),
  }),
);

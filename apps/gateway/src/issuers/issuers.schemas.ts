import { z } from 'zod';
import {
  ISSUER_ACTIVITY_STATUSES,
  ISSUER_RPC,
  type IssueHolderView,
  type IssuerActivityListEntry,
  type IssuerActivityView,
  type IssuerView,
  type IssueView,
  type RpcResult,
  type V2Page,
} from '@custody/contracts';
import { intParam } from '@custody/http';
import { contractSchema } from '../contract-schema';
import { evmAddress, idString, pathId, timestamps, typedDataSchema } from '../schemas';

/** Request and response schemas of version 2 (the issuer interface). */

export const name = z.string().trim().min(1).max(200);
export const description = z.string().trim().min(1).max(5_000);
export const infoUrl = z
  .url({ protocol: /^https?$/, error: 'An http or https URL' })
  .max(2_048)
  .meta({ description: 'Where holders read more (http or https URL)' });

export const issuerParams = z.object({ clientIssuerId: pathId });
export const issueParams = z.object({ clientIssuerId: pathId, clientIssueId: pathId });
export const activityParams = z.object({
  clientIssuerId: pathId,
  clientIssueId: pathId,
  clientIssueActivityId: pathId,
});

/**
 * The paging of version 2 lists (the activity list's contract, used by every v2 list): `page`
 * (1-based), `take` (1–100, default 10), `sortColumn` on an allow-list, `sortOrder` ASC|DESC.
 * Unknown parameters are 400. Output: `{ paging, filters }`.
 */
export function v2ListQuery<F extends z.ZodRawShape>(
  sortColumns: readonly [string, ...string[]],
  filters: F = {} as F,
) {
  return z
    .object({
      page: intParam(1, 1_000_000).optional(),
      take: intParam(1, 100).optional().meta({ description: 'Records per page, 1–100 (10)' }),
      sortColumn: z
        .enum(sortColumns, { error: `Must be one of: ${sortColumns.join(', ')}` })
        .optional()
        .meta({ description: 'Field to sort by (createdAt)' }),
      sortOrder: z.enum(['ASC', 'DESC']).optional().meta({ description: 'ASC or DESC (DESC)' }),
      ...filters,
    })
    .strict()
    .transform((raw) => {
      const { page, take, sortColumn, sortOrder, ...rest } = raw as Record<string, unknown>;
      return {
        paging: {
          page: (page as number | undefined) ?? 1,
          take: (take as number | undefined) ?? 10,
          sortColumn: (sortColumn as string | undefined) ?? 'createdAt',
          sortOrder: (sortOrder as 'ASC' | 'DESC' | undefined) ?? 'DESC',
        },
        filters: Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      };
    });
}

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    // One page: at most `take` (100) records.
    data: z.array(item).max(100),
    meta: z.object({
      page: z.number().int(),
      take: z.number().int(),
      itemCount: z.number().int(),
      pageCount: z.number().int(),
    }),
  });

// Names and descriptions as the requests take them (above). A list's issuers never carry their
// secret: only the answer of a creation or a rotation does.
const issuerSchema = contractSchema<Omit<IssuerView, 'secret'>>()(
  z.object({
    ...{},
    ...timestamps,
    name,
    address: evmAddress.meta({ description: "EVM address of the issuer's custodial signing key" }),
  }),
);
export const issuerWithSecret = contractSchema<IssuerView>()(
  issuerSchema.extend({
    // 32 random bytes, base64url.
    secret: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional()
      .meta({
        description:
          'Shown only in the answer that made it; absent from an Idempotency-Key replay of that answer (stored as a hash only: a lost secret is rotated)',
      }),
  }),
);
export const issueSchema = contractSchema<IssueView>()(
  z.object({
    ...{},
    ...timestamps,
    name,
    description: description.nullable(),
  }),
);
export const activityType = z.enum(['MESSAGE', 'REQUEST']);
const activityStatus = z.enum(ISSUER_ACTIVITY_STATUSES).meta({
  description:
    "`APPROVED` (the contract's); a REQUEST a policy held (extension): `PENDING_APPROVAL` until its approval is decided, then `APPROVED` and signed, `REJECTED` (rejected, expired or cancelled: never signed) or `FAILED` (approved, but the signature was refused: see `failureReason`)",
});
export const activityCreated = contractSchema<
  RpcResult<'issuer', typeof ISSUER_RPC.createActivity>
>()(
  z.object({
    ...{},
    ...timestamps,
    status: activityStatus
      .optional()
      .meta({ description: 'Extension, a REQUEST a policy held only: `PENDING_APPROVAL`' }),
    approvalId: idString
      .optional()
      .meta({ description: 'Extension: the approval a policy held it for' }),
  }),
);
export const activitySchema = contractSchema<IssuerActivityView>()(
  z.object({
    ...{},
    ...timestamps,
    clientIssueId: idString,
    type: activityType,
    name,
    description: description.nullable(),
    infoUrl: infoUrl.nullable(),
    status: activityStatus,
    readed: z.boolean().meta({ description: 'Whether the activity was read by id already' }),
    dataStructured: typedDataSchema.nullable().meta({ description: 'REQUEST: the signed data' }),
    // 65 bytes (r, s, v) in hex.
    signedTypedData: z
      .string()
      .regex(/^0x[0-9a-fA-F]{130}$/)
      .nullable()
      .meta({ description: "REQUEST: EIP-712 signature by the issuer's key (null until signed)" }),
    approvalId: idString
      .optional()
      .meta({ description: 'Extension: the approval a policy held it for' }),
    failureReason: z.string().max(64).optional().meta({
      description:
        'Extension: why a held REQUEST was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, or the refusal that failed it)',
    }),
  }),
);
const activityListEntry = contractSchema<IssuerActivityListEntry>()(
  z.object({
    ...{},
    ...timestamps,
    clientIssueId: idString,
    name,
    type: activityType,
    readed: z.boolean(),
  }),
);
export const holderSchema = contractSchema<IssueHolderView>()(
  z.object({
    ...{},
    ...timestamps,
    clientIssueId: idString,
    name,
    address: evmAddress.meta({ description: 'EIP-55 checksummed' }),
  }),
);

export const issuerPage = contractSchema<V2Page<Omit<IssuerView, 'secret'>>>()(page(issuerSchema));
export const issuePage = contractSchema<V2Page<IssueView>>()(page(issueSchema));
export const activityPage = contractSchema<V2Page<IssuerActivityListEntry>>()(
  page(activityListEntry),
);
export const holderPage = contractSchema<V2Page<IssueHolderView>>()(page(holderSchema));

// A JWS of fixed claims and two ids: under 3,000 characters, even for ids of 128 characters
// escaped in JSON.
export const authenticatedSchema = contractSchema<
  RpcResult<'issuer', typeof ISSUER_RPC.authenticate>
>()(z.object({ accessToken: z.string().max(4096) }));

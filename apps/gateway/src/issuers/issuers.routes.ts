import { z } from 'zod';
import {
  ACTIVITY_SORT_COLUMNS,
  ISSUER_RPC,
  type IssuePath,
  type IssuerActivityType,
  type NewActivity,
  V2_SORT_COLUMNS,
} from '@custody/contracts';
import { booleanParam, defineRoute, intParam } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward } from '../forward';
import { evmAddress, idString, pathId, timestamps, typedDataSchema } from '../schemas';

const name = z.string().trim().min(1).max(200);
const description = z.string().trim().min(1).max(5_000);
const infoUrl = z
  .url({ protocol: /^https?$/, error: 'An http or https URL' })
  .max(2_048)
  .meta({ description: 'Where holders read more (http or https URL)' });
const noStore = { 'Cache-Control': 'no-store' };

const issuerParams = z.object({ clientIssuerId: pathId });
const issueParams = z.object({ clientIssuerId: pathId, clientIssueId: pathId });
const activityParams = z.object({
  clientIssuerId: pathId,
  clientIssueId: pathId,
  clientIssueActivityId: pathId,
});

/**
 * The paging of version 2 lists (the activity list's contract, used by every v2 list): `page`
 * (1-based), `take` (1–100, default 10), `sortColumn` on an allow-list, `sortOrder` ASC|DESC.
 * Unknown parameters are 400. Output: `{ paging, filters }`.
 */
function v2ListQuery<F extends z.ZodRawShape>(
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

// Names and descriptions as the requests take them (above).
const issuerSchema = z.object({
  ...{},
  ...timestamps,
  name,
  address: evmAddress.meta({ description: "EVM address of the issuer's custodial signing key" }),
});
const issuerWithSecret = issuerSchema.extend({
  // 32 random bytes, base64url.
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional()
    .meta({
      description:
        'Shown only in the answer that made it; absent from an Idempotency-Key replay of that answer (stored as a hash only: a lost secret is rotated)',
    }),
});
const issueSchema = z.object({
  ...{},
  ...timestamps,
  name,
  description: description.nullable(),
});
const activityType = z.enum(['MESSAGE', 'REQUEST']);
const activityCreated = z.object({ ...{}, ...timestamps });
const activitySchema = z.object({
  ...{},
  ...timestamps,
  clientIssueId: idString,
  type: activityType,
  name,
  description: description.nullable(),
  infoUrl: infoUrl.nullable(),
  status: z.string().max(32).meta({ description: 'APPROVED' }),
  readed: z.boolean().meta({ description: 'Whether the activity was read by id already' }),
  dataStructured: typedDataSchema.nullable().meta({ description: 'REQUEST: the signed data' }),
  // 65 bytes (r, s, v) in hex.
  signedTypedData: z
    .string()
    .regex(/^0x[0-9a-fA-F]{130}$/)
    .nullable()
    .meta({ description: "REQUEST: EIP-712 signature by the issuer's key" }),
});
const activityListEntry = z.object({
  ...{},
  ...timestamps,
  clientIssueId: idString,
  name,
  type: activityType,
  readed: z.boolean(),
});
const holderSchema = z.object({
  ...{},
  ...timestamps,
  clientIssueId: idString,
  name,
  address: evmAddress.meta({ description: 'EIP-55 checksummed' }),
});

const activityInput = (type: IssuerActivityType, body: Omit<NewActivity, 'type'>): NewActivity => ({
  ...{},
  ...body,
  type,
});

const issuePath = (params: { clientIssuerId: string; clientIssueId: string }): IssuePath => ({
  issuerId: params['clientIssuerId'],
  issueId: params['clientIssueId'],
});

/** Version 2: the issuer interface. Provisioning is admin (v1 token); the rest issuer tokens. */
export function issuerRoutes(rpc: RpcClient) {
  const base = '/issuers/:clientIssuerId/issues/:clientIssueId';
  return [
    defineRoute({
      version: 'v2',
      method: 'post',
      path: '/issuers',
      operationId: 'createIssuer',
      summary: 'Provision an issuer with a custodial signing key (admin; extension)',
      tags: ['issuers'],
      auth: 'admin',
      scope: ['issuers', 'write'],
      request: { body: z.object({ name }).strict() },
      responses: { 201: { description: 'Created, with its secret', schema: issuerWithSecret } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'issuer', ISSUER_RPC.createIssuer, { status: 201, headers: noStore }),
    }),
    defineRoute({
      version: 'v2',
      method: 'get',
      path: '/issuers',
      operationId: 'listIssuers',
      summary: 'List issuers (admin; extension)',
      tags: ['issuers'],
      auth: 'admin',
      scope: ['issuers', 'read'],
      request: { query: v2ListQuery(V2_SORT_COLUMNS) },
      responses: { 200: { description: 'A page of issuers', schema: page(issuerSchema) } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'issuer', ISSUER_RPC.listIssuers, {
        read: true,
        params: ({ query }) => query,
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'post',
      path: '/issuers/:clientIssuerId/rotate-secret',
      operationId: 'rotateIssuerSecret',
      summary: "Replace an issuer's secret; older tokens stop working (admin; extension)",
      tags: ['issuers'],
      auth: 'admin',
      scope: ['issuers', 'write'],
      request: { params: issuerParams },
      responses: { 200: { description: 'The new secret', schema: issuerWithSecret } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.rotateSecret, {
        headers: noStore,
        params: ({ params }) => ({ issuerId: params['clientIssuerId'] }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'post',
      path: '/issuers/auth',
      operationId: 'authenticateIssuer',
      summary: 'Issuer id and secret → an issuer access token (JWT, 15 minutes)',
      tags: ['issuers'],
      auth: 'issuer-credentials',
      request: {
        body: z
          .object({ id: z.string().min(1).max(128), secret: z.string().min(1).max(512) })
          .strict(),
      },
      responses: {
        200: {
          description: 'Send it as `Authorization: Bearer <accessToken>` on the issuer paths',
          // A JWS of fixed claims and two ids: under 3,000 characters, even for ids of 128
          // characters escaped in JSON.
          schema: z.object({ accessToken: z.string().max(4096) }),
        },
      },
      errorStatuses: [401],
      handler: forward(rpc, 'issuer', ISSUER_RPC.authenticate, { headers: noStore }),
    }),
    defineRoute({
      version: 'v2',
      method: 'post',
      path: '/issuers/:clientIssuerId/issues',
      operationId: 'createIssue',
      summary: 'Create an issue (extension)',
      tags: ['issues'],
      auth: 'issuer',
      request: {
        params: issuerParams,
        body: z.object({ name, description: description.optional() }).strict(),
      },
      responses: { 201: { description: 'Created', schema: issueSchema } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'issuer', ISSUER_RPC.createIssue, {
        status: 201,
        params: ({ params, body }) => ({ issuerId: params['clientIssuerId'], input: body }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'get',
      path: '/issuers/:clientIssuerId/issues',
      operationId: 'listIssues',
      summary: "List the issuer's issues (extension)",
      tags: ['issues'],
      auth: 'issuer',
      request: { params: issuerParams, query: v2ListQuery(V2_SORT_COLUMNS) },
      responses: { 200: { description: 'A page of issues', schema: page(issueSchema) } },
      errorStatuses: [401, 403],
      handler: forward(rpc, 'issuer', ISSUER_RPC.listIssues, {
        read: true,
        params: ({ params, query }) => ({
          issuerId: params['clientIssuerId'],
          ...query,
        }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'post',
      path: `${base}/activities/message`,
      operationId: 'createMessageActivity',
      summary: 'Publish a message activity to the holders of an issue',
      tags: ['activities'],
      auth: 'issuer',
      request: {
        params: issueParams,
        body: z.object({ name, description, infoUrl }).strict(),
      },
      responses: { 200: { description: 'Created', schema: activityCreated } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.createActivity, {
        params: ({ params, body }) => ({
          ...{},
          ...issuePath(params),
          input: activityInput('MESSAGE', body),
        }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'post',
      path: `${base}/activities/request`,
      operationId: 'createRequestActivity',
      summary: "Publish a request activity: EIP-712 data signed with the issuer's key",
      tags: ['activities'],
      auth: 'issuer',
      request: {
        params: issueParams,
        body: z
          .object({
            name,
            description: description.optional(),
            infoUrl: infoUrl.optional(),
            dataStructured: typedDataSchema.meta({
              description:
                'EIP-712 `{domain, types, value}`; `value.primaryType` may name the root',
            }),
          })
          .strict(),
      },
      responses: { 200: { description: 'Created and signed', schema: activityCreated } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.createActivity, {
        params: ({ params, body }) => ({
          ...{},
          ...issuePath(params),
          input: activityInput('REQUEST', body),
        }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'get',
      path: `${base}/activities/:clientIssueActivityId`,
      operationId: 'getActivity',
      summary: 'Read an activity; the first read marks it `readed`',
      tags: ['activities'],
      auth: 'issuer',
      request: { params: activityParams },
      responses: { 200: { description: 'The activity', schema: activitySchema } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.getActivity, {
        read: true,
        params: ({ params }) => ({
          ...{},
          ...issuePath(params),
          activityId: params['clientIssueActivityId'],
        }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'get',
      path: `${base}/activities`,
      operationId: 'listActivities',
      summary: "List an issue's activities",
      tags: ['activities'],
      auth: 'issuer',
      request: {
        params: issueParams,
        query: v2ListQuery(ACTIVITY_SORT_COLUMNS, {
          name: z
            .string()
            .min(1)
            .max(200)
            .optional()
            .meta({ description: 'Part of the name (any letter case)' }),
          readed: booleanParam.optional(),
          type: activityType.optional(),
        }),
      },
      responses: {
        200: { description: 'A page of activities', schema: page(activityListEntry) },
      },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.listActivities, {
        read: true,
        params: ({ params, query }) => ({ ...{}, ...issuePath(params), ...query }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'post',
      path: `${base}/holders`,
      operationId: 'createHolder',
      summary: 'Add a holder (an EVM address) to an issue',
      tags: ['holders'],
      auth: 'issuer',
      request: {
        params: issueParams,
        body: z
          .object({
            name,
            address: z.string().trim().min(1).max(128).meta({ description: 'An EVM address' }),
          })
          .strict(),
      },
      responses: { 200: { description: 'The holder', schema: holderSchema } },
      errorStatuses: [401, 403, 404, 409],
      handler: forward(rpc, 'issuer', ISSUER_RPC.createHolder, {
        params: ({ params, body }) => ({ ...{}, ...issuePath(params), input: body }),
      }),
    }),
    defineRoute({
      version: 'v2',
      method: 'get',
      path: `${base}/holders`,
      operationId: 'listHolders',
      summary: "List an issue's holders (extension)",
      tags: ['holders'],
      auth: 'issuer',
      request: { params: issueParams, query: v2ListQuery(V2_SORT_COLUMNS) },
      responses: { 200: { description: 'A page of holders', schema: page(holderSchema) } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.listHolders, {
        read: true,
        params: ({ params, query }) => ({ ...{}, ...issuePath(params), ...query }),
      }),
    }),
  ];
}

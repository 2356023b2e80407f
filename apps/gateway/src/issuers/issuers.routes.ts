import { z } from 'zod';
import {
  ACTIVITY_SORT_COLUMNS,
  ISSUER_RPC,
  type IssuePath,
  type IssuerActivityType,
  type NewActivity,
  V2_SORT_COLUMNS,
} from '@custody/contracts';
import { booleanParam, defineRoute } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward } from '../forward';
import { typedDataSchema } from '../schemas';
import {
  activityCreated,
  activityPage,
  activityParams,
  activitySchema,
  activityType,
  authenticatedSchema,
  description,
  holderPage,
  holderSchema,
  infoUrl,
  issuePage,
  issueParams,
  issuerPage,
  issuerParams,
  issuerWithSecret,
  issueSchema,
  name,
  v2ListQuery,
} from './issuers.schemas';

const noStore = { 'Cache-Control': 'no-store' };

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
      responses: { 200: { description: 'A page of issuers', schema: issuerPage } },
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
          schema: authenticatedSchema,
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
      responses: { 200: { description: 'A page of issues', schema: issuePage } },
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
        200: { description: 'A page of activities', schema: activityPage },
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
      responses: { 200: { description: 'A page of holders', schema: holderPage } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'issuer', ISSUER_RPC.listHolders, {
        read: true,
        params: ({ params, query }) => ({ ...{}, ...issuePath(params), ...query }),
      }),
    }),
  ];
}

import { z } from 'zod';
import {
  ACTIVITY_SORT_COLUMNS,
  ISSUER_RPC,
  type IssuePath,
  type IssuerActivityType,
  type NewActivity,
  V2_SORT_COLUMNS,
} from '@custody/contracts';
import { booleanParam } from '@custody/http';
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
import { defineRoute } from '../route';

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
      description:
        "Provisions an issuer (admin only; extension): the signing service derives its custodial EVM key, and the answer shows the issuer's id, key address and secret, the only time the secret is shown. " +
        "Takes an Idempotency-Key handled with the issuer's creation: a retry replays the issuer without its secret (it is stored only as a hash), never a second issuer. " +
        'No errors of its own beyond the common ones.',
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
      description:
        'Lists the issuers (admin only; extension), without their secrets. ' +
        'Changes nothing and is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
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
      description:
        "Replaces an issuer's secret (admin only; extension) and shows the new one once; the old secret and every issuer token issued under it stop working at once (401 `token_revoked`). " +
        'Takes an Idempotency-Key handled with the rotation: a retry replays the issuer without the secret rather than rotating again. ' +
        'Errors: 404 `not_found` for an unknown issuer.',
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
      description:
        "Exchanges an issuer's id and secret for an issuer access token (an EdDSA JWT valid 15 minutes) that the other version 2 operations take on the issuer's own paths. " +
        'It changes nothing; every call issues a new token, and Idempotency-Key is not used. ' +
        'Errors: 401 `invalid_credentials` (an unknown id or a wrong secret answer the same); 429 per IP, as every attempt counts.',
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
      description:
        'Creates an issue of the calling issuer (extension), to which activities and holders belong. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 403 `issuer_forbidden` (another issuer's path); 401 `token_revoked` (the issuer's secret was rotated) or `token_invalid` (the issuer no longer exists).",
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
      description:
        "Lists the calling issuer's issues (extension), a page at a time (`take`, `page`). " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 403 `issuer_forbidden` (another issuer's path); 401 `token_revoked` or `token_invalid` as for every issuer operation.",
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
      description:
        "Publishes a message activity (a name, description and information link) to an issue: it is recorded `APPROVED`, unread, and announced by `issuer-activity.is-created` to the tenant's receivers. " +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 404 `not_found` for an unknown issue of the issuer; 403 `issuer_forbidden` (another issuer's path).",
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
      description:
        "Publishes a request activity: its EIP-712 typed data (`dataStructured`) is signed with the issuer's custodial key, and the activity is recorded `APPROVED` with the signature and announced by `issuer-activity.is-created`. " +
        "The `issuer-activity` policies of the issuer's tenant and of the platform decide first, with the amount the data grants where it names one (a permit's or voucher's `value`/`amount`, in its token's units; unlimited or outside the catalog, every amount rule matches): 403 `policy_blocked` when one refuses it (nothing recorded or signed), or it is recorded `PENDING_APPROVAL` unsigned and answered with `status` and `approvalId`, then signed and announced at its approval's quorum (`REJECTED` and never signed on a rejection or expiry). " +
        "The signer signs only with the policy service's decision for exactly this data. " +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        'Errors: 404 `not_found` for an unknown issue of the issuer; 400 `validation_failed` (no `dataStructured`) or `invalid_typed_data`; 403 `policy_blocked` (with `policyIds`), `issuer_forbidden` or a refused decision (`decision_refused`).',
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
      responses: {
        200: {
          description:
            'Created and signed, or held for approval (`PENDING_APPROVAL`, `approvalId`)',
          schema: activityCreated,
        },
      },
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
      description:
        'Reads one activity of an issue, with its signed typed data for a request activity (null while a policy holds it: `PENDING_APPROVAL` with its `approvalId`). ' +
        'The first read marks it `readed` (the answer shows it read); later reads change nothing. ' +
        'Errors: 404 `not_found` for an unknown activity or issue; 403 `issuer_forbidden`.',
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
      description:
        "Lists an issue's activities; filter by `name`, `readed` and `type`, sort by `sortColumn` and `sortOrder`, page with `take` and `page`. " +
        'Changes nothing (listing does not mark them read); safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown issue of the issuer; 403 `issuer_forbidden`.',
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
      description:
        'Adds a holder, a name and an EVM address (stored checksummed), to an issue and answers it. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. Without a key, a retry answers 409 `holder_exists`. ' +
        'Errors: 404 `not_found` for an unknown issue of the issuer; 400 `validation_failed` (not an EVM address); 409 `holder_exists` (the address holds the issue already, in any letter case); 403 `issuer_forbidden`.',
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
      description:
        "Lists an issue's holders (extension), a page at a time. " +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown issue of the issuer; 403 `issuer_forbidden`.',
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

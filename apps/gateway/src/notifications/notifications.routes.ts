import { z } from 'zod';
import { CONFIG_MAXIMA } from '@custody/config';
import {
  type DeliveryAttemptView,
  type DeliveryView,
  MAX_REPLAYED_EVENTS,
  type NotificationTypeView,
  NOTIFIER_RPC,
  type ReceiverDeliveryView,
  type ReceiverView,
  type RpcMethod,
  type RpcResult,
} from '@custody/contracts';
import { defineRoute, listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward, forwardList } from '../forward';
import { idResponse, idString, isoDateTime, pathId, timestamps } from '../schemas';

const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'An http(s) URL');

const receiverFields = {
  email: z.email().max(320),
  slack: httpUrl.meta({ description: 'Slack incoming-webhook URL' }),
  sms: z.string().regex(/^\+[1-9]\d{6,14}$/, 'An E.164 phone number, e.g. +34600000000'),
  url: httpUrl.meta({
    description: 'Receives an HTTP POST signed with the Standard Webhooks scheme',
  }),
  authenticationId: z.string().trim().min(1).max(255),
};

const channelGiven = (body: Record<string, unknown>) =>
  ['email', 'slack', 'sms', 'url'].some((c) => body[c] !== undefined);

const receiverBody = z
  .object(receiverFields)
  .partial()
  .strict()
  .refine(channelGiven, 'Give at least one channel: email, slack, sms or url');

const receiverSchema = contractSchema<ReceiverView>()(
  z
    .object({
      ...{},
      ...timestamps,
      ...receiverFields,
      disabledAt: isoDateTime.meta({
        description: 'Set when the receiver was disabled after failing for too long',
      }),
    })
    .partial({
      email: true,
      slack: true,
      sms: true,
      url: true,
      authenticationId: true,
      disabledAt: true,
    }),
);

/** An event name (`user.is-created`, …), as the deliveries' filter takes it. */
const eventName = z.string().max(100);

const typeSchema = contractSchema<NotificationTypeView>()(
  z.object({
    ...{},
    ...timestamps,
    event: eventName,
    // The notifier's catalog: a sentence, or the event name.
    description: z.string().max(200),
    // The caller's tenant's: at most NOTIFIER_MAX_RECEIVERS_PER_CLIENT, all types together.
    receivers: z.array(receiverSchema).max(CONFIG_MAXIMA.NOTIFIER_MAX_RECEIVERS_PER_CLIENT),
  }),
);

const deliverySchema = contractSchema<DeliveryView>()(
  z.object({
    ...{},
    ...timestamps,
    eventId: idString,
    event: eventName,
    receiverId: idString,
    channel: z.enum(['url', 'email', 'slack', 'sms']),
    status: z.enum(['pending', 'delivered', 'failed', 'dead', 'skipped']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    // What the receiver's server or the provider answered, clipped by the notifier.
    lastError: z.string().max(1_000).nullable(),
    deliveredAt: isoDateTime.nullable(),
  }),
);

const attemptSchema = contractSchema<DeliveryAttemptView>()(
  z.object({
    attempt: z.number().int().min(1).max(100),
    createdAt: isoDateTime,
    statusCode: z.number().int().min(100).max(599).nullable(),
    // What the receiver's server answered, or the network error, clipped by the notifier.
    error: z.string().max(1_000).nullable(),
    durationMs: z.number().int().min(0).max(3_600_000),
  }),
);

const receiverDeliverySchema = contractSchema<ReceiverDeliveryView>()(
  deliverySchema.extend({
    attemptLog: z.array(attemptSchema).max(100),
    nextAttemptAt: isoDateTime
      .nullable()
      .meta({ description: 'While it is retried: when its next attempt is due (before jitter)' }),
  }),
);

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const signingSecret = z.string().regex(/^whsec_[A-Za-z0-9+/]{32}$/);

type NotifierResult<M extends RpcMethod<'notifier'>> = RpcResult<'notifier', M>;

const secretSchema = contractSchema<NotifierResult<typeof NOTIFIER_RPC.getSigningSecret>>()(
  z.object({ secret: signingSecret }),
);

const rotatedSecretSchema = contractSchema<
  NotifierResult<typeof NOTIFIER_RPC.rotateSigningSecret>
>()(
  z.object({
    secret: signingSecret,
    previousValidUntil: z
      .union([isoDateTime, z.literal('')])
      .meta({ description: 'Until when the previous secret still signs (24 h)' }),
  }),
);

const replayedSchema = contractSchema<NotifierResult<typeof NOTIFIER_RPC.replay>>()(
  z.object({
    replayed: z
      .number()
      .int()
      .min(0)
      .max(MAX_REPLAYED_EVENTS * 4),
    skipped: z
      .number()
      .int()
      .min(0)
      .max(MAX_REPLAYED_EVENTS * 4),
  }),
);

export function notificationRoutes(rpc: RpcClient) {
  const receiverPath = (params: { notificationId: string; receiverId: string }) => ({
    notificationId: params['notificationId'],
    receiverId: params['receiverId'],
  });
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/notifications',
      operationId: 'listNotificationTypes',
      summary: "The notification types, each with your tenant's receivers (an admin's too)",
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt', 'event'],
          defaultSort: 'event',
          dates: false,
        }),
      },
      responses: { 200: { description: 'Notification types', schema: z.array(typeSchema) } },
      errorStatuses: [401, 404],
      handler: forwardList(rpc, 'notifier', NOTIFIER_RPC.listTypes),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/notifications/signing-secret',
      operationId: 'getWebhookSigningSecret',
      summary: 'Your webhook signing secret (Standard Webhooks `whsec_…`; created on first read)',
      tags: ['notifications'],
      auth: 'client',
      scope: ['signing-secret', 'read'],
      request: {},
      responses: {
        200: { description: 'The secret', schema: secretSchema },
      },
      errorStatuses: [401],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.getSigningSecret, {
        read: true,
        params: () => ({}),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/notifications/signing-secret/rotate',
      operationId: 'rotateWebhookSigningSecret',
      summary: 'Replace the signing secret; the old one keeps signing alongside for 24 h',
      tags: ['notifications'],
      auth: 'client',
      scope: ['signing-secret', 'write'],
      request: {},
      responses: {
        200: { description: 'The new secret', schema: rotatedSecretSchema },
      },
      errorStatuses: [401],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.rotateSigningSecret, { params: () => ({}) }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/notifications/deliveries',
      operationId: 'listDeliveries',
      summary: 'The delivery log of your receivers (extension)',
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'read'],
      request: {
        query: listQuerySchema({
          sortFields: ['createdAt'],
          filters: {
            event: z.string().min(1).max(100).optional(),
            receiverId: pathId.optional(),
            status: z.enum(['pending', 'delivered', 'failed', 'dead', 'skipped']).optional(),
          },
        }),
      },
      responses: { 200: { description: 'Deliveries', schema: z.array(deliverySchema) } },
      errorStatuses: [401],
      handler: forwardList(rpc, 'notifier', NOTIFIER_RPC.listDeliveries),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/notifications/deliveries/:deliveryId/redeliver',
      operationId: 'redeliver',
      summary: 'Send a delivery again (extension)',
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'write'],
      request: { params: z.object({ deliveryId: pathId }) },
      responses: { 200: { description: 'Queued again', schema: deliverySchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.redeliver, {
        params: ({ params }) => ({ id: params['deliveryId'] }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/notifications/:notificationId/receivers/:receiverId/deliveries',
      operationId: 'listReceiverDeliveries',
      summary: "A receiver's deliveries, each with its attempts (extension)",
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'read'],
      request: {
        params: z.object({ notificationId: pathId, receiverId: pathId }),
        query: listQuerySchema({
          sortFields: ['createdAt'],
          filters: {
            status: z.enum(['pending', 'delivered', 'failed', 'dead', 'skipped']).optional(),
          },
        }),
      },
      responses: {
        200: {
          description: 'Deliveries with their attempts',
          schema: z.array(receiverDeliverySchema),
        },
      },
      errorStatuses: [401, 404],
      handler: forwardList(
        rpc,
        'notifier',
        NOTIFIER_RPC.listReceiverDeliveries,
        ({ params, query }) => ({ ...{}, ...receiverPath(params), ...query }),
      ),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/notifications/:notificationId/receivers/:receiverId/replay',
      operationId: 'replayReceiver',
      summary: 'Deliver every event of the type since a time again (extension)',
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'write'],
      request: {
        params: z.object({ notificationId: pathId, receiverId: pathId }),
        body: z.object({ since: isoDateTime, until: isoDateTime.optional() }).strict(),
      },
      responses: {
        202: {
          description: 'Queued: how many deliveries, and how many were still in flight',
          schema: replayedSchema,
        },
      },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.replay, {
        status: 202,
        params: ({ params, body }) => ({ ...{}, ...receiverPath(params), ...body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'post',
      path: '/notifications/:notificationId',
      operationId: 'createReceiver',
      summary: 'Subscribe a receiver to a notification type',
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'write'],
      request: { params: z.object({ notificationId: pathId }), body: receiverBody },
      responses: { 201: { description: 'Subscribed', schema: idResponse } },
      errorStatuses: [400, 401, 404],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.createReceiver, {
        status: 201,
        params: ({ params, body }) => ({ notificationId: params['notificationId'], fields: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'patch',
      path: '/notifications/:notificationId/receivers/:receiverId',
      operationId: 'updateReceiver',
      summary: 'Change a receiver (re-enables a disabled one)',
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'write'],
      request: {
        params: z.object({ notificationId: pathId, receiverId: pathId }),
        body: z
          .object(receiverFields)
          .partial()
          .strict()
          .refine((b) => Object.keys(b).length > 0, 'Give at least one field'),
      },
      responses: { 200: { description: 'Changed', schema: idResponse } },
      errorStatuses: [400, 401, 404],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.updateReceiver, {
        params: ({ params, body }) => ({ ...{}, ...receiverPath(params), fields: body }),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'delete',
      path: '/notifications/:notificationId/receivers/:receiverId',
      operationId: 'deleteReceiver',
      summary: 'Unsubscribe a receiver',
      tags: ['notifications'],
      auth: 'client',
      scope: ['notifications', 'write'],
      request: { params: z.object({ notificationId: pathId, receiverId: pathId }) },
      responses: { 200: { description: 'Removed', schema: idResponse } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.deleteReceiver, {
        params: ({ params }) => receiverPath(params),
      }),
    }),
  ];
}

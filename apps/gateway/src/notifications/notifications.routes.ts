import { z } from 'zod';
import { NOTIFIER_RPC } from '@custody/contracts';
import { listQuerySchema } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward, forwardList } from '../forward';
import { idResponse, isoDateTime, pathId } from '../schemas';
import { defineRoute } from '../route';
import {
  deliverySchema,
  receiverBody,
  receiverDeliverySchema,
  receiverFields,
  replayedSchema,
  rotatedSecretSchema,
  secretSchema,
  typeSchema,
} from './notifications.schemas';

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
      description:
        "Lists the notification types (one per event, such as `withdrawal.is-created`), each with the receivers the caller's tenant subscribed to it. " +
        'Changes nothing and is safe to repeat. ' +
        "An empty page is `[]`, never the contract's 404.",
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
      description:
        "Answers the tenant's webhook signing secret (Standard Webhooks, `whsec_…`), with which every delivery to its `url` receivers is signed. " +
        'The first read creates it; later reads answer the same secret, so it is safe to repeat. ' +
        'No errors of its own beyond the common ones.',
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
      description:
        "Replaces the tenant's webhook signing secret with a new one and answers it; deliveries are signed with both the new and the previous secret until `previousValidUntil` (24 h), so receivers can switch without missing one. " +
        "Each call makes a new secret; with an Idempotency-Key a retry rotates nothing again and answers the secret in force with the first answer's `previousValidUntil` (the stored answer keeps no secret). " +
        'No errors of its own beyond the common ones.',
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
      description:
        "Lists the delivery log of the tenant's receivers (extension): each delivery's event, channel, status (`pending`, `delivered`, `failed`, `dead`, `skipped`) and attempts so far; filter by `event`, `receiverId` and `status`. " +
        'Changes nothing and is safe to repeat. ' +
        "No errors of its own: another tenant's receiver matches nothing.",
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
      description:
        "Queues one delivery of the tenant's again, whatever its outcome so far (extension); its attempts keep counting. " +
        'Each call queues it again; with an Idempotency-Key a retry replays the first answer instead. ' +
        "Errors: 404 `not_found` for an unknown delivery or another tenant's.",
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
      description:
        "Lists one receiver's deliveries, each with its attempts (time, HTTP status, error, duration; extension); filter by `status`. " +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown receiver or another tenant's.",
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
      description:
        "Delivers to one receiver again every event of its type recorded since `since` (until `until`, or now), in the feed's order (extension): a new delivery where it had none, the old one queued again where it ended; one still in flight is left to finish. " +
        'It answers 202 with the deliveries queued (`replayed`) and left (`skipped`); a retry queues again what has ended by then, unless an Idempotency-Key replays the first answer. ' +
        'Errors: 404 `not_found` (the receiver); 400 `validation_failed` (`until` not after `since`) or `replay_too_large` (more than 10,000 events: replay a shorter time).',
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
      description:
        "Subscribes a receiver to a notification type: an e-mail address, a Slack webhook, a phone number for SMS and/or a `url` that gets a signed HTTP POST of each event of the type in the caller's tenant. " +
        'A `url` or Slack address must resolve to a public address when it is given. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        'Errors: 404 `not_found` (the notification type); 400 `validation_failed` (a host that does not resolve) or `url_not_allowed` (a private or local address); 409 `receiver_limit` (the tenant has as many receivers as it may have).',
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
      description:
        "Changes a receiver's channels; it also re-enables a receiver that deliveries had disabled after failing too long. " +
        'PATCH takes no Idempotency-Key; the same change again leaves the same receiver. ' +
        "Errors: 404 `not_found` (an unknown or deleted receiver, or another tenant's); 400 `validation_failed` or `url_not_allowed` as when it was created.",
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
      description:
        'Unsubscribes a receiver: soft, and no event is delivered to it from then on. ' +
        'DELETE takes no Idempotency-Key; repeating it answers 404, as the receiver is gone. ' +
        "Errors: 404 `not_found` for an unknown or deleted receiver, or another tenant's.",
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

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
import { contractSchema } from '../contract-schema';
import { idString, isoDateTime, timestamps } from '../schemas';

/** The notifications routes' request and response schemas, tied to the contracts' types. */
export const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'An http(s) URL');

export const receiverFields = {
  email: z.email().max(320),
  slack: httpUrl.meta({ description: 'Slack incoming-webhook URL' }),
  sms: z.string().regex(/^\+[1-9]\d{6,14}$/, 'An E.164 phone number, e.g. +34600000000'),
  url: httpUrl.meta({
    description: 'Receives an HTTP POST signed with the Standard Webhooks scheme',
  }),
  authenticationId: z.string().trim().min(1).max(255),
};

export const channelGiven = (body: Record<string, unknown>) =>
  ['email', 'slack', 'sms', 'url'].some((c) => body[c] !== undefined);

export const receiverBody = z
  .object(receiverFields)
  .partial()
  .strict()
  .refine(channelGiven, 'Give at least one channel: email, slack, sms or url');

export const receiverSchema = contractSchema<ReceiverView>()(
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
export const eventName = z.string().max(100);

export const typeSchema = contractSchema<NotificationTypeView>()(
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

export const deliverySchema = contractSchema<DeliveryView>()(
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

export const attemptSchema = contractSchema<DeliveryAttemptView>()(
  z.object({
    attempt: z.number().int().min(1).max(100),
    createdAt: isoDateTime,
    statusCode: z.number().int().min(100).max(599).nullable(),
    // What the receiver's server answered, or the network error, clipped by the notifier.
    error: z.string().max(1_000).nullable(),
    durationMs: z.number().int().min(0).max(3_600_000),
  }),
);

export const receiverDeliverySchema = contractSchema<ReceiverDeliveryView>()(
  deliverySchema.extend({
    attemptLog: z.array(attemptSchema).max(100),
    nextAttemptAt: isoDateTime
      .nullable()
      .meta({ description: 'While it is retried: when its next attempt is due (before jitter)' }),
  }),
);

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const signingSecret = z.string().regex(/^whsec_[A-Za-z0-9+/]{32}$/);

type NotifierResult<M extends RpcMethod<'notifier'>> = RpcResult<'notifier', M>;

export const secretSchema = contractSchema<NotifierResult<typeof NOTIFIER_RPC.getSigningSecret>>()(
  z.object({ secret: signingSecret }),
);

export const rotatedSecretSchema = contractSchema<
  NotifierResult<typeof NOTIFIER_RPC.rotateSigningSecret>
>()(
  z.object({
    secret: signingSecret,
    previousValidUntil: z
      .union([isoDateTime, z.literal('')])
      .meta({ description: 'Until when the previous secret still signs (24 h)' }),
  }),
);

export const replayedSchema = contractSchema<NotifierResult<typeof NOTIFIER_RPC.replay>>()(
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

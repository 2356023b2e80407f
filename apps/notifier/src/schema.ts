import {
  type DeliveryChannel,
  type DeliveryStatus,
  type NotificationPayload,
} from '@custody/contracts';
import { boolean, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle view of the tables in migrations/; the SQL files are the source of truth. */
export const notifier = pgSchema('notifier');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const notificationTypes = notifier.table('notification_types', {
  id: uuid('id').primaryKey(),
  event: text('event').notNull(),
  description: text('description').notNull(),
  ...timestamps,
});

export const receivers = notifier.table('receivers', {
  id: uuid('id').primaryKey(),
  notificationTypeId: uuid('notification_type_id').notNull(),
  clientId: text('client_id').notNull(),
  tenantId: text('tenant_id').notNull(),
  isAdmin: boolean('is_admin').notNull(),
  email: text('email'),
  slack: text('slack'),
  sms: text('sms'),
  url: text('url'),
  authenticationId: text('authentication_id'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const signingSecrets = notifier.table('signing_secrets', {
  clientId: text('client_id').primaryKey(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  previousCiphertext: text('previous_ciphertext'),
  previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }),
  ...timestamps,
});

export type { DeliveryStatus } from '@custody/contracts';

export const deliveries = notifier.table('deliveries', {
  id: uuid('id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  eventName: text('event_name').notNull(),
  receiverId: uuid('receiver_id').notNull(),
  clientId: text('client_id').notNull(),
  channel: text('channel').$type<DeliveryChannel>().notNull(),
  payload: jsonb('payload').$type<NotificationPayload>().notNull(),
  status: text('status').$type<DeliveryStatus>().notNull(),
  attempts: integer('attempts').notNull(),
  dispatches: integer('dispatches').notNull().default(0),
  enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  /** The fan-out's trace context (docs/tracing.md), for the delivery's job; null while off. */
  traceparent: text('traceparent'),
  tracestate: text('tracestate'),
  ...timestamps,
});

export type ReceiverRow = typeof receivers.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;

import { boolean, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { IssuerActivityStatus, IssuerActivityType, TypedDataInput } from '@custody/contracts';

/** Drizzle view of the tables in migrations/; the SQL files are the source of truth. */
export const issuerSchema = pgSchema('issuer');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const issuers = issuerSchema.table('issuers', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  secretVersion: integer('secret_version').notNull(),
  address: text('address').notNull(),
  ...timestamps,
});

export const issues = issuerSchema.table('issues', {
  id: uuid('id').primaryKey(),
  issuerId: uuid('issuer_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  ...timestamps,
});

export const activities = issuerSchema.table('activities', {
  id: uuid('id').primaryKey(),
  issuerId: uuid('issuer_id').notNull(),
  issueId: uuid('issue_id').notNull(),
  type: text('type').$type<IssuerActivityType>().notNull(),
  name: text('name').notNull(),
  description: text('description'),
  infoUrl: text('info_url'),
  status: text('status').$type<IssuerActivityStatus>().notNull(),
  dataStructured: jsonb('data_structured').$type<TypedDataInput>(),
  signedTypedData: text('signed_typed_data'),
  readed: boolean('readed').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  /** The approval a policy held it for. */
  approvalId: uuid('approval_id'),
  /** Why a held REQUEST was not signed. */
  failureReason: text('failure_reason'),
  /** Its approval reached its quorum: to be signed (migration 0004). */
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  /** Being signed by the replica that claimed it until then (migration 0004). */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  /** The current claim's fencing token (migration 0005): its holder alone records the outcome. */
  claimToken: uuid('claim_token'),
  ...timestamps,
});

export const holders = issuerSchema.table('holders', {
  id: uuid('id').primaryKey(),
  issuerId: uuid('issuer_id').notNull(),
  issueId: uuid('issue_id').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  ...timestamps,
});

export type IssuerRow = typeof issuers.$inferSelect;
export type IssueRow = typeof issues.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type HolderRow = typeof holders.$inferSelect;

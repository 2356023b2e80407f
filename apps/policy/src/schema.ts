import { boolean, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  PolicyAction,
  PolicyActivity,
  PolicyApprovers,
  PolicyFilters,
  PolicyRule,
} from '@custody/contracts';

/** Drizzle view of the tables in migrations/; the SQL files are the source of truth. */
export const policySchema = pgSchema('policy');

export const policies = policySchema.table('policies', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id'),
  name: text('name').notNull(),
  activity: text('activity').$type<PolicyActivity>().notNull(),
  rule: jsonb('rule').$type<PolicyRule>().notNull(),
  action: text('action').$type<PolicyAction>().notNull(),
  approvers: jsonb('approvers').$type<PolicyApprovers>(),
  filters: jsonb('filters').$type<PolicyFilters>(),
  enabled: boolean('enabled').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export type PolicyRow = typeof policies.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ApprovalActivity,
  ApprovalRequirement,
  ApprovalStatus,
  ApprovalView,
  GovernedActivity,
  GovernedLeg,
  PolicyAction,
  PolicyActivity,
  PolicyApprovers,
  PolicyFilters,
  PolicyInput,
  PolicyRule,
  SignIntent,
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
  allowTokenAuthorizations: boolean('allow_token_authorizations').notNull().default(false),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export type PolicyRow = typeof policies.$inferSelect;

export const approvals = policySchema.table('approvals', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  status: text('status').$type<ApprovalStatus>().notNull(),
  activity: text('activity').$type<ApprovalActivity>().notNull(),
  operationId: uuid('operation_id').notNull(),
  initiatorClientId: text('initiator_client_id').notNull(),
  /** The person behind the initiating client (migration 0012); null: none named. */
  initiatorPersonId: text('initiator_person_id'),
  policyIds: uuid('policy_ids').array().notNull(),
  quorum: integer('quorum').notNull(),
  approverIds: text('approver_ids').array(),
  platform: boolean('platform').notNull(),
  summary: jsonb('summary').$type<ApprovalView['summary']>().notNull(),
  requirements: jsonb('requirements').$type<ApprovalRequirement[]>().notNull(),
  /** The digest of `requirements` when it was held (migration 0015); null: held before. */
  policyVersion: text('policy_version'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ApprovalRow = typeof approvals.$inferSelect;

export const decisions = policySchema.table('decisions', {
  id: uuid('id').primaryKey(),
  approvalId: uuid('approval_id').notNull(),
  clientId: text('client_id').notNull(),
  /** The person behind the deciding client (migration 0012); null: none named. */
  personId: text('person_id'),
  decision: text('decision').$type<'approve' | 'reject'>().notNull(),
  reason: text('reason'),
  countsFor: uuid('counts_for').array().notNull(),
  /** An approval's signature and its credential (migration 0015); null: not signed. */
  credentialId: uuid('credential_id'),
  signature: text('signature'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DecisionRow = typeof decisions.$inferSelect;

export const policyChanges = policySchema.table('policy_changes', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id'),
  kind: text('kind').$type<'create' | 'update' | 'delete'>().notNull(),
  policyId: uuid('policy_id').notNull(),
  input: jsonb('input').$type<PolicyInput>(),
  status: text('status')
    .$type<'pending' | 'applied' | 'rejected' | 'expired' | 'failed'>()
    .notNull(),
  baseUpdatedAt: timestamp('base_updated_at', { withTimezone: true }),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PolicyChangeRow = typeof policyChanges.$inferSelect;

export const velocityUsage = policySchema.table('velocity_usage', {
  operationId: uuid('operation_id').notNull(),
  /** The operation's leg (a transfer counts each wallet it takes from). */
  leg: integer('leg').notNull(),
  tenantId: text('tenant_id').notNull(),
  /**
   * The tenant again, for the tenant's whole window alone: its index must not serve (and mislead
   * the planner on) the wallet and user windows, which filter on `tenantId`.
   */
  tenantScope: text('tenant_scope').generatedAlwaysAs(sql`tenant_id`),
  activity: text('activity').notNull(),
  userId: text('user_id').notNull(),
  walletId: text('wallet_id').notNull(),
  assetId: text('asset_id').notNull(),
  amount: numeric('amount').notNull(),
  released: boolean('released').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type VelocityUsageRow = typeof velocityUsage.$inferSelect;

/** What a withdrawal's first decision fixed: every later decision repeats it. */
export interface AdmissionBinding {
  chainId: string;
  from: string;
  nonce: number;
  maxFeePerGas: string;
}

/** An operation admitted by an evaluation whose signature is decided later (migration 0010). */
export const admissions = policySchema.table('admissions', {
  operationId: uuid('operation_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  activity: text('activity').$type<GovernedActivity>().notNull(),
  owner: text('owner').notNull(),
  legs: jsonb('legs').$type<GovernedLeg[]>().notNull(),
  intent: jsonb('intent').$type<SignIntent>(),
  approvalId: uuid('approval_id'),
  bound: jsonb('bound').$type<AdmissionBinding>(),
  /** When a signed decision was first given for it (migration 0019): it can no longer be released. */
  authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AdmissionRow = typeof admissions.$inferSelect;

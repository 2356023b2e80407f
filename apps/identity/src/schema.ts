import type { ClientInput, KeyPurpose, PublicJwk } from '@custody/contracts';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Drizzle view of the tables in migrations/; the SQL files are the source of truth. */
export const identity = pgSchema('identity');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const apiClients = identity.table('api_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  audience: text('audience').$type<'general' | 'admin'>().notNull(),
  accessTokenExpiresIn: integer('access_token_expires_in').notNull(),
  refreshTokenExpiresIn: integer('refresh_token_expires_in').notNull(),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const clients = identity.table('clients', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  audience: text('audience').array().$type<('general' | 'admin' | 'auditor')[]>().notNull(),
  scopes: jsonb('scopes').$type<string[][]>().notNull(),
  tokenVersion: integer('token_version').notNull(),
  /** The tenant this client is a member of; null: its own tenant. */
  tenantId: uuid('tenant_id'),
  /** The person who holds this login (migration 0009); set at creation only. */
  personId: text('person_id'),
  /** A tenant's: its members sign in with passkeys (migration 0012). */
  passkeyRequired: boolean('passkey_required').notNull().default(false),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const refreshTokens = identity.table('refresh_tokens', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  familyId: uuid('family_id').notNull(),
  clientId: uuid('client_id').notNull(),
  apiClientId: text('api_client_id').notNull(),
  userId: text('user_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** How the login began (migration 0012); a refresh keeps it. */
  signInMethod: text('sign_in_method')
    .$type<'password' | 'webauthn' | 'enrollment'>()
    .notNull()
    .default('password'),
  ...timestamps,
});

export const signingKeys = identity.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateKeyCiphertext: text('private_key_ciphertext').notNull(),
  publicJwk: jsonb('public_jwk').$type<PublicJwk>().notNull(),
  purpose: text('purpose').$type<KeyPurpose>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
export type SigningKeyRow = typeof signingKeys.$inferSelect;

export const revokedTokens = identity.table('revoked_tokens', {
  jti: text('jti').primaryKey(),
  clientId: uuid('client_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ApiClientRow = typeof apiClients.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const users = identity.table('users', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  kind: text('kind').$type<'individual' | 'legal'>().notNull(),
  email: text('email'),
  idNumber: text('id_number'),
  externalReference: text('external_reference'),
  generalConditions: text('general_conditions').notNull(),
  blocked: boolean('blocked').notNull(),
  kyc: jsonb('kyc').$type<Record<string, unknown>>().notNull(),
  ...timestamps,
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;

/**
 * The audit log's schema (migrations/audit/): owned by another role than identity's, which may
 * only insert and read there (docs/decisions/audit.md).
 */
export const audit = pgSchema('audit');

export const auditEvents = audit.table('audit_events', {
  id: uuid('id').primaryKey(),
  chain: text('chain').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  requestId: text('request_id').notNull(),
  action: text('action').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  clientId: text('client_id'),
  tenantId: text('tenant_id'),
  userId: text('user_id'),
  targetId: text('target_id'),
  device: text('device'),
  ip: text('ip'),
  remoteIp: text('remote_ip'),
  status: integer('status').notNull(),
  outcome: text('outcome').$type<'success' | 'failure'>().notNull(),
  detail: text('detail'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

export const whitelists = identity.table('whitelists', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  walletId: uuid('wallet_id').notNull(),
  assetId: text('asset_id').notNull(),
  address: text('address').notNull(),
  userFullName: text('user_full_name').notNull(),
  counterPartyFullName: text('counter_party_full_name').notNull(),
  counterPartyType: text('counter_party_type').notNull(),
  casp: jsonb('casp').$type<Record<string, unknown>>().notNull(),
  travelRuleStatus: text('travel_rule_status')
    .$type<'pending' | 'verified' | 'rejected'>()
    .notNull(),
  ...timestamps,
});

export type WhitelistRow = typeof whitelists.$inferSelect;

/** What a held change of a client sets, without its password (migration 0010). */
export type HeldClientInput = Partial<Omit<ClientInput, 'password'>>;

export const heldClientChanges = identity.table('held_client_changes', {
  id: uuid('id').primaryKey(),
  kind: text('kind').$type<'create' | 'update'>().notNull(),
  clientId: uuid('client_id').notNull(),
  input: jsonb('input').$type<HeldClientInput>().notNull(),
  passwordHash: text('password_hash'),
  approvalId: uuid('approval_id'),
  status: text('status')
    .$type<'pending' | 'applied' | 'rejected' | 'expired' | 'failed'>()
    .notNull(),
  createdBy: uuid('created_by').notNull(),
  ...timestamps,
});

export type HeldClientChangeRow = typeof heldClientChanges.$inferSelect;

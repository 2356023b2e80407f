import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApproverCredentialKind, ApproverCredentialStatus } from '@custody/contracts';
import { type Executor, isUuid, one } from '@custody/persistence';
import { identity } from '../schema';

/** Approvers' credentials (migration 0011). */
export const approverCredentials = identity.table('approver_credentials', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  clientId: uuid('client_id').notNull(),
  kind: text('kind').$type<ApproverCredentialKind>().notNull(),
  publicKey: text('public_key').notNull(),
  proof: text('proof').notNull(),
  status: text('status').$type<ApproverCredentialStatus>().notNull(),
  /** A passkey's: its row and WebAuthn credential id (migration 0014). */
  passkeyId: uuid('passkey_id'),
  passkeyCredentialId: text('passkey_credential_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** When the signer's registry took its revocation (migration 0014). */
  signerRevokedAt: timestamp('signer_revoked_at', { withTimezone: true }),
});

export type ApproverCredentialRow = typeof approverCredentials.$inferSelect;

/** Endorsements of pending credentials (migration 0011). */
export const approverEndorsements = identity.table(
  'approver_endorsements',
  {
    credentialId: uuid('credential_id').notNull(),
    endorserCredentialId: uuid('endorser_credential_id').notNull(),
    endorserClientId: uuid('endorser_client_id').notNull(),
    signature: text('signature').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.endorserCredentialId] })],
);

export type EndorsementRow = typeof approverEndorsements.$inferSelect;

export async function insertCredential(
  db: Executor,
  row: typeof approverCredentials.$inferInsert,
): Promise<ApproverCredentialRow> {
  return one(await db.insert(approverCredentials).values(row).returning());
}

export async function findCredential(
  db: Executor,
  id: string,
  lock = false,
): Promise<ApproverCredentialRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db.select().from(approverCredentials).where(eq(approverCredentials.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findByPublicKey(
  db: Executor,
  publicKey: string,
): Promise<ApproverCredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(approverCredentials)
    .where(eq(approverCredentials.publicKey, publicKey));
  return row;
}

export async function clientCredentials(
  db: Executor,
  clientId: string,
  status?: ApproverCredentialStatus,
): Promise<ApproverCredentialRow[]> {
  return db
    .select()
    .from(approverCredentials)
    .where(
      and(
        eq(approverCredentials.clientId, clientId),
        status ? eq(approverCredentials.status, status) : undefined,
      ),
    )
    .orderBy(asc(approverCredentials.createdAt), asc(approverCredentials.id));
}

export async function setStatus(
  db: Executor,
  id: string,
  status: 'active' | 'revoked',
): Promise<ApproverCredentialRow> {
  const at = new Date();
  return one(
    await db
      .update(approverCredentials)
      .set(status === 'active' ? { status, activatedAt: at } : { status, revokedAt: at })
      .where(eq(approverCredentials.id, id))
      .returning(),
  );
}

/**
 * Revokes the live (pending or active) credentials of a client, or of one of its passkeys, in the
 * caller's transaction: a deleted client's, a removed passkey's, a reset's. Answers their ids,
 * to tell the signer once the transaction commits.
 */
export async function revokeCredentialsOf(
  db: Executor,
  of: { clientId: string; passkeyId?: string; kind?: 'webauthn' },
): Promise<string[]> {
  const revoked = await db
    .update(approverCredentials)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(
      and(
        eq(approverCredentials.clientId, of.clientId),
        ne(approverCredentials.status, 'revoked'),
        of.passkeyId !== undefined ? eq(approverCredentials.passkeyId, of.passkeyId) : undefined,
        of.kind !== undefined ? eq(approverCredentials.kind, of.kind) : undefined,
      ),
    )
    .returning({ id: approverCredentials.id });
  return revoked.map((r) => r.id);
}

/** Revoked credentials the signer has not taken the revocation of: these ids, or any (oldest first). */
export async function untoldRevocations(
  db: Executor,
  limit: number,
  ids?: readonly string[],
): Promise<string[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select({ id: approverCredentials.id })
    .from(approverCredentials)
    .where(
      and(
        eq(approverCredentials.status, 'revoked'),
        isNull(approverCredentials.signerRevokedAt),
        ids ? inArray(approverCredentials.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(approverCredentials.revokedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The signer's registry took this credential's revocation. */
export async function markSignerRevoked(db: Executor, id: string): Promise<void> {
  await db
    .update(approverCredentials)
    .set({ signerRevokedAt: new Date() })
    .where(and(eq(approverCredentials.id, id), isNull(approverCredentials.signerRevokedAt)));
}

/** Records an endorsement (again: nothing). */
export async function insertEndorsement(
  db: Executor,
  row: typeof approverEndorsements.$inferInsert,
): Promise<void> {
  await db.insert(approverEndorsements).values(row).onConflictDoNothing();
}

export async function endorsementsOf(
  db: Executor,
  credentialId: string,
): Promise<EndorsementRow[]> {
  return db
    .select()
    .from(approverEndorsements)
    .where(eq(approverEndorsements.credentialId, credentialId))
    .orderBy(asc(approverEndorsements.createdAt));
}

/** The distinct endorsing clients of each credential. */
export async function endorsementCounts(
  db: Executor,
  credentialIds: string[],
): Promise<Map<string, number>> {
  if (credentialIds.length === 0) return new Map();
  const rows = await db
    .select({
      credentialId: approverEndorsements.credentialId,
      n: sql<number>`count(DISTINCT ${approverEndorsements.endorserClientId})::int`,
    })
    .from(approverEndorsements)
    .where(inArray(approverEndorsements.credentialId, credentialIds))
    .groupBy(approverEndorsements.credentialId);
  return new Map(rows.map((r) => [r.credentialId, r.n]));
}

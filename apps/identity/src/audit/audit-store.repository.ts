import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Executor, quoteIdent } from '@custody/persistence';
import type { StoredAuditRecord } from './audit.repository';

// The audit schema's roles and privileges (docs/decisions/audit.md), and the records of the log
// from before its chains. Statements on a bare pool: some run as the schema's owner, before
// identity's database exists for it.

/** The role a pool logs in as. */
export async function currentRole(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ role: string }>('SELECT current_user AS role');
  return rows[0]?.role ?? '';
}

/**
 * As the audit schema's owner: identity's runtime role may use the schema, insert and read its
 * records and checkpoints, and read its migrations; nothing else. Idempotent. Nothing to grant
 * when the runtime role is the owner (it has every right: production refuses it).
 */
export async function grantRuntimeRole(owner: pg.Pool, runtimeRole: string): Promise<void> {
  const role = quoteIdent(runtimeRole);
  const client = await owner.connect();
  try {
    const { rows } = await client.query<{ same: boolean }>('SELECT current_user = $1 AS same', [
      runtimeRole,
    ]);
    if (rows[0]?.same) return;
    await client.query('BEGIN');
    // Replicas starting together take turns: concurrent GRANTs on one object fail in PostgreSQL
    // ("tuple concurrently updated").
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('custody:audit:grant'))`);
    await client.query(`GRANT USAGE ON SCHEMA audit TO ${role}`);
    await client.query(`GRANT SELECT, INSERT ON audit.audit_events, audit.checkpoints TO ${role}`);
    await client.query(`GRANT SELECT ON audit.schema_migrations TO ${role}`);
    // An earlier, wider grant (by hand) goes: the start would refuse it in production.
    await client.query(
      `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER
         ON audit.audit_events, audit.checkpoints, audit.schema_migrations FROM ${role}`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * What the connected role may do to the audit log beyond inserting and reading: UPDATE, DELETE
 * or TRUNCATE on its tables, or the rights of their owner or the schema's (a member of the
 * owning role may change the tables, drop them, or switch their triggers off).
 */
export async function excessAuditPrivileges(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ excess: string }>(
    `SELECT t.name || ': ' || p.privilege AS excess
       FROM (VALUES ('audit.audit_events'), ('audit.checkpoints')) AS t(name)
      CROSS JOIN (VALUES ('UPDATE'), ('DELETE'), ('TRUNCATE')) AS p(privilege)
      WHERE has_table_privilege(current_user, t.name, p.privilege)
     UNION ALL
     SELECT c.relname || ': owner (' || pg_get_userbyid(c.relowner) || ')'
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'audit' AND c.relname IN ('audit_events', 'checkpoints')
        AND pg_has_role(current_user, c.relowner, 'USAGE')
     UNION ALL
     SELECT 'schema audit: owner (' || pg_get_userbyid(nspowner) || ')'
       FROM pg_namespace WHERE nspname = 'audit' AND pg_has_role(current_user, nspowner, 'USAGE')`,
  );
  return rows.map((r) => r.excess);
}

/** Whether the log's table from before the chains (`identity.audit_events`) is still there. */
export async function legacyLogExists(db: Executor): Promise<boolean> {
  const rows = await db.execute<{ exists: boolean }>(
    sql`SELECT to_regclass('identity.audit_events') IS NOT NULL AS exists`,
  );
  return rows.rows[0]?.exists === true;
}

/** Serialises the move of the earlier log between replicas starting together. */
export async function lockLegacyMove(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('custody:audit:legacy'))`);
}

/** Records of the earlier log after a position, oldest first. */
export async function legacyRecordsAfter(
  tx: Executor,
  after: { occurredAt: string; id: string } | undefined,
  limit: number,
): Promise<(StoredAuditRecord & { position: { occurredAt: string; id: string } })[]> {
  const { rows } = await tx.execute<{
    id: string;
    occurred_at: string;
    position: string;
    request_id: string;
    action: string;
    method: string;
    path: string;
    client_id: string | null;
    tenant_id: string | null;
    user_id: string | null;
    target_id: string | null;
    device: string | null;
    ip: string | null;
    remote_ip: string | null;
    status: number;
    outcome: 'success' | 'failure';
    detail: string | null;
  }>(
    sql`SELECT id::text,
               to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
               occurred_at::text AS position, request_id, action, method, path, client_id,
               tenant_id, user_id, target_id, device, ip, remote_ip, status, outcome, detail
          FROM identity.audit_events
         WHERE ${after ? sql`(occurred_at, id) > (${after.occurredAt}::timestamptz, ${after.id}::uuid)` : sql`TRUE`}
         ORDER BY occurred_at, id LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    occurredAt: r.occurred_at,
    position: { occurredAt: r.position, id: r.id },
    record: {
      requestId: r.request_id,
      action: r.action,
      method: r.method,
      path: r.path,
      clientId: r.client_id,
      tenantId: r.tenant_id,
      userId: r.user_id,
      targetId: r.target_id,
      device: r.device,
      ip: r.ip,
      remoteIp: r.remote_ip,
      status: r.status,
      outcome: r.outcome,
    },
    ...(r.detail !== null ? { detail: r.detail } : {}),
  }));
}

/** Drops the earlier log once its records are in the chains. */
export async function dropLegacyLog(tx: Executor): Promise<void> {
  await tx.execute(sql`DROP TABLE IF EXISTS identity.audit_events`);
  await tx.execute(sql`DROP FUNCTION IF EXISTS identity.audit_events_append_only()`);
}

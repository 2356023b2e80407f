/**
 * The outbox and inbox every service mounts in its own schema. Written as SQL because they are
 * created by the migrator before any app migration. Applied once and checksummed: the body of
 * its trigger's function (`pg_notify`) is replaced by `outboxNoticeSql`, a migration of its own.
 */
export function messagingTablesSql(schema: string): string {
  const s = quoteIdent(schema);
  const channel = outboxChannel(schema);
  return `
CREATE TABLE IF NOT EXISTS ${s}.outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  name text NOT NULL,
  tenant_id text,
  envelope jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_unsent_idx ON ${s}.outbox (seq) WHERE sent_at IS NULL;

CREATE TABLE IF NOT EXISTS ${s}.inbox (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  event_name text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

CREATE OR REPLACE FUNCTION ${s}.outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${channel}', '');
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS outbox_notify ON ${s}.outbox;
CREATE TRIGGER outbox_notify AFTER INSERT ON ${s}.outbox
  FOR EACH STATEMENT EXECUTE FUNCTION ${s}.outbox_notify();
`;
}

function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

/** The notice the outbox's trigger sends its writer's connection (see `outboxNoticeSql`). */
export const OUTBOX_WRITTEN_NOTICE = 'custody:outbox_written';

/**
 * Makes the outbox's trigger raise a notice to the writing connection instead of a
 * `pg_notify`. A NOTIFY takes one cluster-wide lock from before its transaction's commit record
 * until after its WAL flush, so the commits of every transaction that wrote an event ran one at
 * a time (8 clients inserting a row: 9,150 commits/s plain, 3,900–4,500 with a NOTIFY;
 * docs/performance.md, "Outbox wake-up without NOTIFY"). The notice costs no lock and no round trip (it travels in
 * the statement's answer); the pool wakes its relay when that connection's transaction ends
 * (`onOutboxCommit`).
 *
 * Only the function's body is replaced (the trigger keeps its name and its function's): a
 * DROP or CREATE TRIGGER would lock the outbox against the running replicas' inserts until the
 * migration commits. The function sets `client_min_messages` itself, so a server or role that
 * silences notices cannot silence it.
 */
export function outboxNoticeSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE OR REPLACE FUNCTION ${s}.outbox_notify() RETURNS trigger LANGUAGE plpgsql
  SET client_min_messages = notice AS $$
BEGIN
  RAISE NOTICE '${OUTBOX_WRITTEN_NOTICE}';
  RETURN NULL;
END $$;
`;
}

/**
 * What the relay keeps of an event the broker returned as unroutable (published `mandatory`, no
 * queue bound to its name): how often it came back, and when it may go again. The row stays
 * unsent (docs/decisions/sweeps.md, "Unroutable events"). Both columns are added without a
 * default that needs a rewrite, so the migration takes its lock only for an instant.
 */
export function outboxReturnsSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
ALTER TABLE ${s}.outbox ADD COLUMN IF NOT EXISTS returns integer NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS retry_at timestamptz;
`;
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/**
 * Idempotency keys of the service's commands (docs/decisions/ledger-and-money-movement.md): one row
 * per (client, key) with the request's hash and the first response, written in the same transaction
 * as the command's effect.
 */
export function idempotencyTableSql(schema: string): string {
  const s = quoteIdent(schema);
  return `
CREATE TABLE IF NOT EXISTS ${s}.idempotency_keys (
  client_id text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_idx ON ${s}.idempotency_keys (created_at);
`;
}

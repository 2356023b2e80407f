-- The audit log as hash chains (docs/decisions/audit.md): one chain per tenant and one for the
-- records without a tenant (`platform`). This schema belongs to the role that migrates it
-- (AUDIT_MIGRATION_DATABASE_URL), not to identity's runtime role, which is granted INSERT and
-- SELECT only (apps/identity/src/audit/audit-store.ts): it cannot change, remove or truncate a
-- record, nor drop the table, which a schema's owner could.
CREATE TABLE audit.audit_events (
  id uuid PRIMARY KEY,
  chain text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  occurred_at timestamptz NOT NULL,
  request_id text NOT NULL,
  action text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  client_id text,
  tenant_id text,
  user_id text,
  target_id text,
  device text,
  ip text,
  remote_ip text,
  status integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
  detail text,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  -- A chain's order, and its head (the highest seq) for the next append.
  CONSTRAINT audit_events_chain_seq_key UNIQUE (chain, seq)
);
-- GET /v1/audit-events (docs/decisions/lists-at-scale.md): (filter, sort column, id).
CREATE INDEX audit_events_occurred_idx ON audit.audit_events (occurred_at, id);
CREATE INDEX audit_events_user_idx ON audit.audit_events (user_id, occurred_at, id);
CREATE INDEX audit_events_action_idx ON audit.audit_events (action, occurred_at, id);
CREATE INDEX audit_events_client_idx ON audit.audit_events (client_id, occurred_at, id);

-- The checkpoints identity signed and published: which head each chain had when (the copies that
-- count are the ones the feed and the webhooks delivered).
CREATE TABLE audit.checkpoints (
  chain text NOT NULL,
  seq bigint NOT NULL,
  hash text NOT NULL,
  tenant_id text,
  created_at timestamptz NOT NULL,
  key_id text NOT NULL,
  signature text NOT NULL,
  PRIMARY KEY (chain, seq)
);

-- Append-only, whoever connects (the owner and a superuser too, unless they drop the triggers).
CREATE FUNCTION audit.append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.% is append-only', TG_TABLE_SCHEMA, TG_TABLE_NAME;
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit.audit_events
  FOR EACH ROW EXECUTE FUNCTION audit.append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit.audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit.append_only();
CREATE TRIGGER checkpoints_append_only BEFORE UPDATE OR DELETE ON audit.checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit.append_only();
CREATE TRIGGER checkpoints_no_truncate BEFORE TRUNCATE ON audit.checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit.append_only();

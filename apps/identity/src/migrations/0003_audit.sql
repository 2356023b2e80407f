-- Append-only log of every mutating API request (DESIGN §5), written from the gateway's records.
CREATE TABLE identity.audit_events (
  id uuid PRIMARY KEY,
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
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure'))
);
CREATE INDEX audit_events_occurred_idx ON identity.audit_events (occurred_at DESC);
CREATE INDEX audit_events_user_idx ON identity.audit_events (user_id, occurred_at DESC);

-- Append-only: no updates or deletes, whoever connects.
CREATE FUNCTION identity.audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON identity.audit_events
  FOR EACH ROW EXECUTE FUNCTION identity.audit_events_append_only();

-- The event feed (GET /v1/events): every event the notifier consumes, kept EVENTS_RETENTION_DAYS.
-- Read in the order of the transactions that recorded them (`xid`, then `seq`), and only those
-- older than every transaction still running: a reader's cursor never passes an event that a
-- slower transaction commits later.
CREATE TABLE notifier.events (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  tenant_id text,
  name text NOT NULL,
  payload jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_feed_idx ON notifier.events (xid, seq);
CREATE INDEX events_tenant_feed_idx ON notifier.events (tenant_id, xid, seq);
CREATE INDEX events_tenant_name_idx ON notifier.events (tenant_id, name, recorded_at);
CREATE INDEX events_recorded_idx ON notifier.events (recorded_at);

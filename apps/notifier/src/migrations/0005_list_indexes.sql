-- Lists at scale (docs/decisions.md, "Lists at scale"): (filters, sort column, id), so that a
-- page, a cursor page and a filter that matches nothing read a few index entries.
DROP INDEX notifier.deliveries_client_idx;
CREATE INDEX deliveries_client_idx ON notifier.deliveries (client_id, created_at, id);
CREATE INDEX deliveries_receiver_idx ON notifier.deliveries (receiver_id, created_at, id);
CREATE INDEX deliveries_client_status_idx
  ON notifier.deliveries (client_id, status, created_at, id);
CREATE INDEX deliveries_created_idx ON notifier.deliveries (created_at, id);

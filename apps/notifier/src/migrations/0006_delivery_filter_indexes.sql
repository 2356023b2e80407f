-- Lists at scale (docs/decisions.md, "Lists at scale"): the delivery log's other filters, each
-- with the sort behind it, so that an event or a status that matches nothing reads a few index
-- entries instead of every delivery of the client (or, for an admin, of everyone).
CREATE INDEX deliveries_client_event_idx
  ON notifier.deliveries (client_id, event_name, created_at, id);
CREATE INDEX deliveries_event_idx ON notifier.deliveries (event_name, created_at, id);
CREATE INDEX deliveries_receiver_status_idx
  ON notifier.deliveries (receiver_id, status, created_at, id);

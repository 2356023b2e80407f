-- Lists at scale (docs/decisions.md, "Lists at scale"): (filter, sort column, id), so that a page,
-- a cursor page and a filter that matches nothing read a few index entries.
DROP INDEX identity.audit_events_occurred_idx;
CREATE INDEX audit_events_occurred_idx ON identity.audit_events (occurred_at, id);
DROP INDEX identity.audit_events_user_idx;
CREATE INDEX audit_events_user_idx ON identity.audit_events (user_id, occurred_at, id);
CREATE INDEX audit_events_action_idx ON identity.audit_events (action, occurred_at, id);
CREATE INDEX audit_events_client_idx ON identity.audit_events (client_id, occurred_at, id);
DROP INDEX identity.users_tenant_created_idx;
CREATE INDEX users_tenant_created_idx ON identity.users (tenant_id, created_at, id);
-- Retention reads the oldest expiries first (docs/decisions.md, "Retention").
CREATE INDEX refresh_tokens_expires_idx ON identity.refresh_tokens (expires_at);
-- The admin list of every tenant's users.
CREATE INDEX users_created_idx ON identity.users (created_at, id);

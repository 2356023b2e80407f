-- A tenant's whole window is read from an index of its own key, `tenant_scope` (a copy of
-- tenant_id): an index that led with tenant_id also matched the wallet and user windows'
-- queries, and a planner without statistics of this fast-growing table chose it for them,
-- summing every operation of the tenant in the window on each evaluation (docs/decisions.md,
-- "Policies and approvals").
ALTER TABLE policy.velocity_usage
  ADD COLUMN tenant_scope text GENERATED ALWAYS AS (tenant_id) STORED;
DROP INDEX policy.velocity_usage_window_idx;
CREATE INDEX velocity_usage_window_idx ON policy.velocity_usage (tenant_scope, created_at)
  WHERE NOT released;

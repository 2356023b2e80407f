-- An operation counts once per leg (a transfer takes from each of its senders' wallets), and the
-- windows are summed in SQL per wallet, user or tenant: an index for each key.
ALTER TABLE policy.velocity_usage ADD COLUMN leg integer NOT NULL DEFAULT 0;
ALTER TABLE policy.velocity_usage DROP CONSTRAINT velocity_usage_pkey;
ALTER TABLE policy.velocity_usage ADD PRIMARY KEY (operation_id, leg);
ALTER TABLE policy.velocity_usage ALTER COLUMN leg DROP DEFAULT;
CREATE INDEX velocity_usage_wallet_idx ON policy.velocity_usage (tenant_id, wallet_id, created_at)
  WHERE NOT released;
CREATE INDEX velocity_usage_user_idx ON policy.velocity_usage (tenant_id, user_id, created_at)
  WHERE NOT released;
DROP INDEX policy.velocity_usage_window_idx;
CREATE INDEX velocity_usage_window_idx ON policy.velocity_usage (tenant_id, created_at)
  WHERE NOT released;

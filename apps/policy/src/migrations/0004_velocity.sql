-- What each allowed or held operation counts towards velocity limits (docs/decisions.md,
-- "Policies and approvals"): recorded by the evaluation that let it through or held it, under a
-- per-tenant-and-activity lock, so that concurrent operations cannot pass a limit together.
-- A rejected, expired or cancelled approval releases its operation's usage.
CREATE TABLE policy.velocity_usage (
  operation_id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  activity text NOT NULL,
  user_id text NOT NULL,
  wallet_id text NOT NULL,
  asset_id text NOT NULL,
  amount numeric NOT NULL,
  released boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX velocity_usage_window_idx ON policy.velocity_usage (tenant_id, activity, created_at)
  WHERE NOT released;

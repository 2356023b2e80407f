-- Travel-rule whitelist: counterparties a user's wallet may send to, with their verification.
CREATE TABLE identity.whitelists (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES identity.users (id),
  wallet_id uuid NOT NULL,
  asset_id text NOT NULL,
  address text NOT NULL,
  user_full_name text NOT NULL,
  counter_party_full_name text NOT NULL,
  counter_party_type text NOT NULL,
  casp jsonb NOT NULL DEFAULT '{}'::jsonb,
  travel_rule_status text NOT NULL DEFAULT 'pending'
    CHECK (travel_rule_status IN ('pending', 'verified', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX whitelists_wallet_address_idx ON identity.whitelists (wallet_id, address);
CREATE INDEX whitelists_user_wallet_idx ON identity.whitelists (tenant_id, user_id, wallet_id, created_at DESC);

-- Reconciliation of the books against the chain (docs/decisions/reconciliation.md): each run, at
-- the deepest block the EVM adapter counts as confirmed, with its per-asset sums and the custody
-- addresses it found off.
CREATE TABLE ledger.reconciliation_runs (
  id uuid PRIMARY KEY,
  network text NOT NULL,
  block_number bigint NOT NULL,
  head bigint NOT NULL,
  checked_at timestamptz NOT NULL,
  delta_count integer NOT NULL,
  -- sha256 of the deltas (asset, address, difference): the same break is told once.
  fingerprint text NOT NULL,
  assets jsonb NOT NULL
);
CREATE INDEX reconciliation_runs_checked_idx ON ledger.reconciliation_runs (checked_at, id);

CREATE TABLE ledger.reconciliation_deltas (
  id uuid PRIMARY KEY,
  run_id uuid NOT NULL REFERENCES ledger.reconciliation_runs (id) ON DELETE CASCADE,
  asset_id text NOT NULL,
  address text NOT NULL,
  wallet_id uuid NOT NULL,
  booked numeric NOT NULL,
  in_flight numeric NOT NULL,
  on_chain numeric NOT NULL,
  difference numeric NOT NULL,
  liability numeric NOT NULL,
  created_at timestamptz NOT NULL
);
-- The list's sorts within a run.
CREATE INDEX reconciliation_deltas_address_idx ON ledger.reconciliation_deltas (run_id, address, id);
CREATE INDEX reconciliation_deltas_asset_idx ON ledger.reconciliation_deltas (run_id, asset_id, id);
CREATE INDEX reconciliation_deltas_created_idx ON ledger.reconciliation_deltas (run_id, created_at, id);

-- Per wallet account, the sum of its deposit and withdrawal postings up to a posting id: each run
-- walks only the postings after it (an account's postings get their ids in its balance's order,
-- docs/decisions/ledger-check-at-scale.md).
CREATE TABLE ledger.reconciliation_accounts (
  account_id uuid PRIMARY KEY,
  posting_id bigint NOT NULL,
  booked numeric NOT NULL
);

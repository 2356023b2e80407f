-- A restore of the database, from its recognition to the checks that end it
-- (docs/operations/restore-runbook.md). `command`: opened by the operator's restore-prepare;
-- `accepted`: the operator's word that a new database holds everything (a failover that lost
-- nothing), checked all the same before money moves.
CREATE TABLE ledger.restore_epochs (
  id uuid PRIMARY KEY,
  origin text NOT NULL CHECK (origin IN ('command', 'accepted')),
  status text NOT NULL CHECK (status IN ('pending', 'complete')),
  -- The database the restore runs on: PostgreSQL's system identifier and timeline.
  system_identifier text NOT NULL,
  timeline integer NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  -- What the last pass found: its step, the chain transactions it matched or not, the checks.
  report jsonb NOT NULL DEFAULT '{}'::jsonb
);
-- One restore open at a time.
CREATE UNIQUE INDEX restore_epochs_open_idx ON ledger.restore_epochs ((true))
  WHERE status = 'pending';

-- The database wallet-ledger last completed a start or a restore on. A start on another one (a
-- point-in-time recovery opens a new timeline; a copy has another system identifier) with no
-- restore open holds every movement of money until an operator says which it is.
CREATE TABLE ledger.database_identity (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  system_identifier text NOT NULL,
  timeline integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- The operator's answers to a restore's unmatched chain transactions: this transaction paid that
-- restored withdrawal (checked against what it pays, then applied by the running wallet-ledger).
CREATE TABLE ledger.restore_resolutions (
  epoch_id uuid NOT NULL REFERENCES ledger.restore_epochs (id),
  hash text NOT NULL,
  withdrawal_id uuid NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz,
  refused text,
  PRIMARY KEY (epoch_id, hash)
);

-- A restore matches each chain transaction from a custody address by (from, nonce) with what the
-- books sent (withdrawals, gas top-ups): looked up by pair, not by reading every one ever sent.
CREATE INDEX withdrawals_sent_nonce_idx ON ledger.withdrawals (from_address, chain_nonce)
  WHERE chain_nonce IS NOT NULL;
CREATE INDEX gas_topups_nonce_idx ON ledger.gas_topups (station, nonce);

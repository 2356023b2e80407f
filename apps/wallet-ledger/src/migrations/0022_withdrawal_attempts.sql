-- Speed-up and cancel (docs/decisions/chain-connectivity.md, "Fees, speed-up and cancel"): every
-- transaction sent for a withdrawal at its nonce, in order; the one mined books the fee, the
-- others end `replaced`. `fee_cap`: the operator's cap per gas its decision bound.
CREATE TABLE ledger.withdrawal_attempts (
  hash text PRIMARY KEY,
  withdrawal_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('send', 'speed-up', 'cancel')),
  nonce bigint NOT NULL,
  gas_limit numeric NOT NULL,
  max_fee_per_gas numeric NOT NULL,
  max_priority_fee_per_gas numeric NOT NULL,
  raw_tx text NOT NULL,
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'mined', 'replaced')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_attempts_withdrawal_idx ON ledger.withdrawal_attempts (withdrawal_id, created_at);
ALTER TABLE ledger.withdrawals ADD COLUMN fee_cap numeric;

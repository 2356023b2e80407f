-- Withdrawals sent in steps, none of them holding a lock across a call to another service or the
-- node (docs/decisions/chain-connectivity.md, "Withdrawals"): the nonce and fees are reserved
-- and stored first, the transaction is signed outside any transaction, then stored, then sent.
-- A restart signs the stored fields again (the same transaction), never a new nonce.
ALTER TABLE ledger.withdrawals
  ADD COLUMN gas_limit numeric,
  ADD COLUMN max_fee_per_gas numeric,
  ADD COLUMN max_priority_fee_per_gas numeric;

-- The gas station's top-up of a token withdrawal's address, stored like a withdrawal's own
-- transaction: its nonce reserved first, then its signed transaction, then it is sent, so a crash
-- between them sends the same top-up again and never wedges the station's later nonces.
CREATE TABLE ledger.gas_topups (
  withdrawal_id uuid PRIMARY KEY,
  network text NOT NULL,
  station text NOT NULL,
  recipient text NOT NULL,
  nonce bigint NOT NULL,
  value numeric NOT NULL,
  max_fee_per_gas numeric NOT NULL,
  max_priority_fee_per_gas numeric NOT NULL,
  raw_tx text,
  hash text,
  created_at timestamptz NOT NULL DEFAULT now()
);

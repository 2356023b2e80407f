-- Chain connectivity (EVM adapter). Incomes found on chain carry where they were seen; a log
-- index makes each one unique (-1 for a native transfer), so a rescan never credits twice.
ALTER TABLE ledger.incomes
  ADD COLUMN network text,
  ADD COLUMN log_index integer,
  ADD COLUMN block_number bigint,
  ADD COLUMN block_hash text;
CREATE UNIQUE INDEX incomes_chain_log_idx ON ledger.incomes (asset_id, blockchain_transaction_id, log_index)
  WHERE log_index IS NOT NULL;
CREATE INDEX incomes_chain_pending_idx ON ledger.incomes (network, block_number) WHERE status = 'pending';

-- Withdrawals sent by the adapter: the signed transaction is stored before it is broadcast, so a
-- crash in between re-sends the same transaction (same nonce, same hash), never a second one.
ALTER TABLE ledger.withdrawals
  ADD COLUMN network text,
  ADD COLUMN from_address text,
  ADD COLUMN chain_nonce bigint,
  ADD COLUMN raw_tx text,
  ADD COLUMN fee_reserve numeric NOT NULL DEFAULT 0,
  ADD COLUMN failure_reason text;
CREATE INDEX withdrawals_chain_idx ON ledger.withdrawals (status, created_at) WHERE status IN ('prepared', 'broadcast');

-- How far the deposit scan got, per network.
CREATE TABLE ledger.chain_cursors (
  network text PRIMARY KEY,
  block_number bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The next nonce per sending address: assigned under a row lock, so concurrent withdrawals from
-- one address get distinct, gapless nonces, and the count survives restarts.
CREATE TABLE ledger.chain_nonces (
  network text NOT NULL,
  address text NOT NULL,
  next_nonce bigint NOT NULL,
  PRIMARY KEY (network, address)
);

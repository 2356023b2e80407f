-- Withdrawals to outside addresses: the amount is held while the transaction is on its way;
-- the debit posts when it is confirmed, and a failure or cancellation releases the hold.
CREATE TABLE ledger.withdrawals (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  wallet_id uuid NOT NULL REFERENCES ledger.wallets (id),
  asset_id text NOT NULL,
  amount numeric NOT NULL CHECK (amount > 0),
  fee numeric NOT NULL DEFAULT 0 CHECK (fee >= 0),
  receiver_address text NOT NULL,
  memo text,
  user_note text,
  external_reference text,
  status text NOT NULL CHECK (status IN ('prepared', 'broadcast', 'confirmed', 'failed', 'cancelled')),
  blockchain_transaction_id text,
  hold_id uuid NOT NULL REFERENCES ledger.holds (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_wallet_idx ON ledger.withdrawals (wallet_id, created_at DESC);
CREATE INDEX withdrawals_tenant_idx ON ledger.withdrawals (tenant_id, created_at DESC);

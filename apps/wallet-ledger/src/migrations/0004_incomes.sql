-- Deposits into custody wallets: pending until confirmed on chain, then credited once.
CREATE TABLE ledger.incomes (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  wallet_id uuid NOT NULL REFERENCES ledger.wallets (id),
  asset_id text NOT NULL,
  amount numeric NOT NULL CHECK (amount > 0),
  blockchain_transaction_id text NOT NULL,
  sender_address text NOT NULL,
  transaction_timestamp timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
  rate_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A deposit is credited once, however often it is reported.
CREATE UNIQUE INDEX incomes_chain_tx_idx ON ledger.incomes (asset_id, blockchain_transaction_id, wallet_id);
CREATE INDEX incomes_wallet_idx ON ledger.incomes (wallet_id, created_at DESC);
CREATE INDEX incomes_tenant_idx ON ledger.incomes (tenant_id, created_at DESC);

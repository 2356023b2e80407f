-- Purchases (DESIGN §6). A row is written `pending` with its quote before the ledger is asked to
-- move the crypto; settlement is idempotent by purchase id, so a crash in between is finished by
-- the recovery loop or by the client's retry with the same Idempotency-Key, never settled twice.
CREATE TABLE trading.purchases (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  wallet_id uuid NOT NULL,
  asset_id text NOT NULL REFERENCES trading.assets (id),
  operation text NOT NULL CHECK (operation IN ('buy', 'sell')),
  amount numeric NOT NULL CHECK (amount > 0),
  purchased numeric NOT NULL CHECK (purchased >= 0),
  net_amount numeric NOT NULL,
  fee numeric NOT NULL CHECK (fee >= 0),
  fee_bps integer NOT NULL,
  fiat_currency text NOT NULL,
  rate_id uuid NOT NULL REFERENCES trading.rates (id),
  price numeric NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  failure jsonb,
  device text NOT NULL,
  ip text NOT NULL,
  external_reference text,
  client_id text NOT NULL,
  idempotency_key text,
  request_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX purchases_idempotency_idx ON trading.purchases (client_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX purchases_wallet_idx ON trading.purchases (tenant_id, user_id, wallet_id, created_at DESC);
CREATE INDEX purchases_pending_idx ON trading.purchases (created_at) WHERE status = 'pending';

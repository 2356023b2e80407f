-- What was signed with a wallet's key, on whose request, and the signature handed back.
CREATE TABLE ledger.signed_items (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  wallet_id uuid NOT NULL REFERENCES ledger.wallets (id),
  kind text NOT NULL CHECK (kind IN ('tx', 'message', 'typed-data')),
  request jsonb NOT NULL,
  result jsonb NOT NULL,
  status text NOT NULL DEFAULT 'sent',
  external_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signed_items_wallet_idx ON ledger.signed_items (wallet_id, kind, created_at DESC);

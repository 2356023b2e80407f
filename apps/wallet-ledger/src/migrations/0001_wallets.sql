-- Assets: an interim catalog until the trading service owns assets (issue 6 keeps these ids).
CREATE TABLE ledger.assets (
  id text PRIMARY KEY,
  name text NOT NULL,
  symbol text NOT NULL UNIQUE,
  chain text NOT NULL CHECK (chain IN ('evm', 'qubic', 'bitcoin')),
  network text NOT NULL,
  chain_id text,
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 36),
  contract_address text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ledger.assets (id, name, symbol, chain, network, chain_id, decimals, contract_address) VALUES
  ('eth', 'Ether', 'ETH', 'evm', 'ethereum', '1', 18, NULL),
  ('usdc', 'USD Coin', 'USDC', 'evm', 'ethereum', '1', 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
  ('qubic', 'Qubic', 'QUBIC', 'qubic', 'qubic', NULL, 0, NULL);

-- What wallet-ledger knows of identity's users: written when a wallet is opened (after asking
-- identity) and kept current by the user.* events.
CREATE TABLE ledger.user_refs (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  general_conditions text NOT NULL,
  id_number text,
  blocked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted_at timestamptz
);

CREATE TABLE ledger.wallets (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES ledger.user_refs (id),
  asset_id text NOT NULL REFERENCES ledger.assets (id),
  address text NOT NULL,
  external_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX wallets_user_asset_live_idx ON ledger.wallets (user_id, asset_id) WHERE deleted_at IS NULL;
CREATE INDEX wallets_tenant_user_idx ON ledger.wallets (tenant_id, user_id, created_at DESC);
CREATE UNIQUE INDEX wallets_address_idx ON ledger.wallets (asset_id, address);

-- Ledger accounts: one per wallet, plus system accounts per asset (the ledger issue adds them).
CREATE TABLE ledger.accounts (
  id uuid PRIMARY KEY,
  asset_id text NOT NULL REFERENCES ledger.assets (id),
  kind text NOT NULL CHECK (kind IN ('wallet', 'external', 'treasury', 'fees')),
  wallet_id uuid UNIQUE REFERENCES ledger.wallets (id),
  balance numeric NOT NULL DEFAULT 0,
  available_balance numeric NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'wallet' OR (wallet_id IS NOT NULL AND balance >= 0 AND available_balance >= 0)),
  CHECK (kind = 'wallet' OR wallet_id IS NULL)
);

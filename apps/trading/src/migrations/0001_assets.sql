-- The asset catalog. Rows are upserted from data/assets.json at every start; ids are stable
-- (wallet-ledger's wallets and accounts refer to them).
CREATE TABLE trading.assets (
  id text PRIMARY KEY,
  name text NOT NULL,
  symbol text NOT NULL UNIQUE,
  chain text NOT NULL CHECK (chain IN ('evm', 'qubic', 'bitcoin')),
  network text NOT NULL,
  chain_id text,
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 36),
  contract_address text,
  buy_enabled boolean NOT NULL,
  sell_enabled boolean NOT NULL,
  coingecko_id text,
  exchange_symbol text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every fetched price, append-only: `type` names the provider; exchange quotes carry a side.
CREATE TABLE trading.rates (
  id uuid PRIMARY KEY,
  asset_id text NOT NULL REFERENCES trading.assets (id),
  fiat_price numeric NOT NULL CHECK (fiat_price > 0),
  fiat_currency text NOT NULL,
  type text NOT NULL,
  side text CHECK (side IN ('buy', 'sell')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'exchange') = (side IS NOT NULL))
);
CREATE INDEX rates_asset_created_idx ON trading.rates (asset_id, type, created_at DESC);

-- Market data snapshots, append-only.
CREATE TABLE trading.market_data (
  id uuid PRIMARY KEY,
  asset_id text NOT NULL REFERENCES trading.assets (id),
  fiat_currency text NOT NULL,
  type text NOT NULL,
  volume_24h numeric,
  percent_change_1h numeric,
  percent_change_24h numeric,
  percent_change_7d numeric,
  circulating_supply numeric,
  total_supply numeric,
  max_supply numeric,
  last_updated timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX market_data_asset_updated_idx ON trading.market_data (asset_id, last_updated DESC);
CREATE INDEX market_data_updated_idx ON trading.market_data (last_updated DESC);

-- The health of each provider as ingestion last saw it (an outage keeps the old rates, marked stale).
CREATE TABLE trading.provider_status (
  provider text PRIMARY KEY,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error text,
  consecutive_failures integer NOT NULL DEFAULT 0
);

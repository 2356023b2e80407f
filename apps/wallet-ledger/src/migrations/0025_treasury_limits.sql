-- What the house may owe per asset (docs/decisions/purchases.md, "What the house may owe"): the
-- treasury may go negative by design (the house sources later the crypto it sold), but never
-- past `max_short`. No row: no bound, as before.
CREATE TABLE ledger.treasury_limits (
  asset_id text PRIMARY KEY,
  max_short numeric NOT NULL CHECK (max_short >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Changes of the most the house may owe that a platform policy-change policy holds
-- (docs/decisions/purchases.md, "What the house may owe"): kept until the approval's outcome
-- applies or drops them. `max_short` null lifts the bound.
CREATE TABLE ledger.treasury_limit_changes (
  id uuid PRIMARY KEY,
  asset_id text NOT NULL,
  max_short numeric CHECK (max_short >= 0),
  approval_id uuid,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'applied', 'rejected', 'expired')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

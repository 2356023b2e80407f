-- The double-entry ledger. Every movement is one journal entry whose postings sum to zero per
-- asset; account rows carry the running balance, updated in the same transaction as the postings.

-- System accounts per asset: the outside world, the trading treasury, collected fees.
INSERT INTO ledger.accounts (id, asset_id, kind, balance, available_balance)
SELECT gen_random_uuid(), a.id, k.kind, 0, 0
  FROM ledger.assets a CROSS JOIN (VALUES ('external'), ('treasury'), ('fees')) AS k(kind);
CREATE UNIQUE INDEX accounts_system_idx ON ledger.accounts (asset_id, kind) WHERE kind <> 'wallet';

CREATE TABLE ledger.journal_entries (
  id uuid PRIMARY KEY,
  operation_type text NOT NULL CHECK (operation_type IN ('transfer', 'withdrawal', 'income', 'purchase')),
  operation_id uuid NOT NULL,
  asset_id text NOT NULL REFERENCES ledger.assets (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_operation_idx ON ledger.journal_entries (operation_id);

CREATE TABLE ledger.postings (
  id bigserial PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES ledger.journal_entries (id),
  account_id uuid NOT NULL REFERENCES ledger.accounts (id),
  amount numeric NOT NULL CHECK (amount <> 0),
  balance_after numeric NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX postings_account_idx ON ledger.postings (account_id);
CREATE INDEX postings_entry_idx ON ledger.postings (entry_id);

-- Entries and postings are append-only: corrections are new entries.
CREATE FUNCTION ledger.append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON ledger.journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger.append_only();
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON ledger.postings
  FOR EACH ROW EXECUTE FUNCTION ledger.append_only();

-- Amounts set aside for pending withdrawals: available_balance = balance - open holds.
CREATE TABLE ledger.holds (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES ledger.accounts (id),
  amount numeric NOT NULL CHECK (amount > 0),
  operation_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released', 'captured')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX holds_account_open_idx ON ledger.holds (account_id) WHERE status = 'open';

CREATE TABLE ledger.transfers (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  status text NOT NULL,
  external_reference text,
  requested jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transfers_tenant_idx ON ledger.transfers (tenant_id, created_at DESC);

CREATE TABLE ledger.transfer_legs (
  id uuid PRIMARY KEY,
  transfer_id uuid NOT NULL REFERENCES ledger.transfers (id),
  position integer NOT NULL,
  asset_id text NOT NULL,
  sender_wallet_id uuid NOT NULL,
  receiver_wallet_id uuid NOT NULL,
  amount numeric NOT NULL CHECK (amount > 0),
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transfer_legs_transfer_idx ON ledger.transfer_legs (transfer_id, position);

-- The read model behind /transactions: one row per wallet-side movement.
CREATE TABLE ledger.transactions (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  user_id uuid NOT NULL,
  wallet_id uuid NOT NULL,
  asset_id text NOT NULL,
  operation_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'transfer', 'purchase', 'sale', 'fee')),
  movement text NOT NULL CHECK (movement IN ('in', 'out')),
  movement_subtype text NOT NULL CHECK (movement_subtype IN ('internal', 'external', 'buy', 'sell', 'fee')),
  status text NOT NULL,
  amount numeric NOT NULL CHECK (amount > 0),
  wallet_balance_after numeric NOT NULL,
  sender jsonb NOT NULL,
  receiver jsonb NOT NULL,
  tx_hash text,
  rate jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transactions_wallet_idx ON ledger.transactions (wallet_id, created_at DESC);
CREATE INDEX transactions_operation_idx ON ledger.transactions (operation_id);
CREATE INDEX transactions_tenant_idx ON ledger.transactions (tenant_id, created_at DESC);

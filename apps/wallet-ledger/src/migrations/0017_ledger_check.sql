-- The ledger check at scale (docs/decisions.md, "Ledger check at scale"): each account's postings
-- are walked once, from where the last check left them (`account_checks`), in bounded calls that
-- carry a run's progress (`check_runs`). Postings of one account are read in id order through
-- (account_id, id); it replaces the index on account_id alone.
DROP INDEX ledger.postings_account_idx;
CREATE INDEX postings_account_idx ON ledger.postings (account_id, id);

-- Where each account's postings were last found sound: the last posting walked and the balance
-- the chain reached there.
CREATE TABLE ledger.account_checks (
  account_id uuid PRIMARY KEY,
  through_posting_id bigint NOT NULL,
  balance numeric NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now()
);

-- The check in progress (one at a time): the last account done, the violations so far.
CREATE TABLE ledger.check_runs (
  id smallint PRIMARY KEY CHECK (id = 1),
  started_at timestamptz NOT NULL,
  after_account uuid,
  accounts_checked integer NOT NULL DEFAULT 0,
  postings_checked bigint NOT NULL DEFAULT 0,
  violations jsonb NOT NULL DEFAULT '[]'::jsonb,
  completed_at timestamptz
);

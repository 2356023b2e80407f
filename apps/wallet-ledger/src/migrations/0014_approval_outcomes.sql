-- An approval's outcome that arrived before the withdrawal it holds was committed (the policy
-- service commits the approval first): kept until the withdrawal's transaction reads it.
CREATE TABLE ledger.approval_outcomes (
  approval_id uuid PRIMARY KEY,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

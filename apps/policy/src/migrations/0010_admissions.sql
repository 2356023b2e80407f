-- The operations a decision may later let the signer sign (docs/decisions/signing-decisions.md):
-- withdrawals (signed when the chain sender builds their transaction) and signatures held for
-- approval. `intent`: a held signature's exact payload; `bound`: the chain, address, nonce and
-- fee cap of a withdrawal's first decision, which every later one must repeat.
CREATE TABLE policy.admissions (
  operation_id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  activity text NOT NULL,
  owner text NOT NULL,
  legs jsonb NOT NULL,
  intent jsonb,
  approval_id uuid,
  bound jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admissions_created_at ON policy.admissions (created_at);

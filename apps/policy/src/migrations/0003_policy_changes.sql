-- Changes of policies held by a `policy-change` policy until their approval's quorum: the whole
-- policy after the change (`input`; none for a deletion), applied in the transaction of the
-- decision that reaches the quorum.
CREATE TABLE policy.policy_changes (
  id uuid PRIMARY KEY,
  tenant_id text,
  kind text NOT NULL CHECK (kind IN ('create', 'update', 'delete')),
  policy_id uuid NOT NULL,
  input jsonb,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'rejected', 'expired', 'failed')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

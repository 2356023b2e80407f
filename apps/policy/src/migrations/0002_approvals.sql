-- Approvals: an operation a policy held, waiting for the quorum of its approvers' decisions.
-- `approver_ids` NULL: any eligible client of the tenant (or, for a platform policy, any admin).
CREATE TABLE policy.approvals (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'cancelled')),
  activity text NOT NULL,
  operation_id uuid NOT NULL UNIQUE,
  initiator_client_id text NOT NULL,
  policy_ids uuid[] NOT NULL,
  quorum integer NOT NULL CHECK (quorum >= 1),
  approver_ids text[],
  platform boolean NOT NULL,
  summary jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approvals_tenant_idx ON policy.approvals (tenant_id, created_at);
-- The expiry sweep reads only pending approvals past their time.
CREATE INDEX approvals_pending_expiry_idx ON policy.approvals (expires_at) WHERE status = 'pending';

-- One decision per approver and approval: a second is refused by the key.
CREATE TABLE policy.decisions (
  id uuid PRIMARY KEY,
  approval_id uuid NOT NULL REFERENCES policy.approvals (id),
  client_id text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (approval_id, client_id)
);

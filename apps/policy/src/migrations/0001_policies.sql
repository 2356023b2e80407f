-- Transaction-authorization policies (docs/decisions.md, "Policies and approvals"). A policy of
-- a tenant applies to that tenant's operations; one with no tenant (an admin's) to every
-- tenant's. Deleted policies stay, marked, for the audit trail of the approvals that cite them.
CREATE TABLE policy.policies (
  id uuid PRIMARY KEY,
  tenant_id text,
  name text NOT NULL,
  activity text NOT NULL,
  rule jsonb NOT NULL,
  action text NOT NULL CHECK (action IN ('block', 'require_approval')),
  approvers jsonb,
  filters jsonb,
  enabled boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((action = 'require_approval') = (approvers IS NOT NULL))
);
-- What an operation's evaluation reads: a tenant's live policies of an activity, and the
-- platform's (tenant_id NULL).
CREATE INDEX policies_tenant_activity_idx ON policy.policies (tenant_id, activity)
  WHERE deleted_at IS NULL;
CREATE INDEX policies_created_idx ON policy.policies (created_at);

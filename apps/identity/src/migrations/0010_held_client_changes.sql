-- Changes of clients that a policy-change policy holds (docs/decisions/policies-and-approvals.md,
-- "Held changes of clients and of the treasury"): a new member, or a client's new password,
-- audience or scopes, kept until its approval's outcome applies or drops it. `password_hash` is
-- the new password's hash, cleared once the change ends either way.
CREATE TABLE identity.held_client_changes (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('create', 'update')),
  client_id uuid NOT NULL,
  input jsonb NOT NULL,
  password_hash text,
  approval_id uuid,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'applied', 'rejected', 'expired', 'failed')),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- At most one pending change per client: a second waits for the first to end (409).
CREATE UNIQUE INDEX held_client_changes_pending_idx ON identity.held_client_changes (client_id)
  WHERE status = 'pending';

-- Approvals a restore froze (docs/operations/restore-runbook.md): pending at the restored point,
-- they may have been decided in the timeline the restore threw away, and deciding one again
-- could pay twice. A frozen approval cannot be decided and does not expire (its expiry is moved
-- out of the sweep's reach and kept here); once wallet-ledger has matched the chain, the
-- operator's `restore-release` ends each one still pending `cancelled`, with its event.
CREATE TABLE policy.frozen_approvals (
  approval_id uuid PRIMARY KEY REFERENCES policy.approvals (id),
  expires_at timestamptz NOT NULL,
  frozen_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);
CREATE INDEX frozen_approvals_held_idx ON policy.frozen_approvals (approval_id)
  WHERE released_at IS NULL;

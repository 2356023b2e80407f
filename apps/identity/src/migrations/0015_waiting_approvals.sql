-- The held changes of clients still waiting for their approval's outcome, in approval order: what
-- the approval outcomes' sweep reads every APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS
-- (docs/decisions/sweeps.md).
CREATE INDEX held_client_changes_waiting_approval_idx ON identity.held_client_changes (approval_id)
  WHERE status = 'pending';

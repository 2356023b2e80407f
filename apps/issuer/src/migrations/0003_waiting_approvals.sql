-- The REQUEST activities still waiting for their approval's outcome, in approval order: what the
-- approval outcomes' sweep reads every APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS
-- (docs/decisions/sweeps.md).
CREATE INDEX activities_waiting_approval_idx ON issuer.activities (approval_id)
  WHERE status = 'PENDING_APPROVAL';

-- The purchases still waiting for their approval's outcome, in approval order: what the approval
-- outcomes' sweep reads every APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS (docs/decisions/sweeps.md).
CREATE INDEX purchases_waiting_approval_idx ON trading.purchases (approval_id)
  WHERE status = 'pending_approval';

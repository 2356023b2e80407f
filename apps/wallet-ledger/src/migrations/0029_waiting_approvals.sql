-- The operations still waiting for their approval's outcome, in approval order: what the approval
-- outcomes' sweep reads every APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS (docs/decisions/sweeps.md).
-- Partial: only the few rows that wait are indexed.
CREATE INDEX withdrawals_waiting_approval_idx ON ledger.withdrawals (approval_id)
  WHERE status = 'pending_approval';
CREATE INDEX transfers_waiting_approval_idx ON ledger.transfers (approval_id)
  WHERE status = 'pending_approval';
CREATE INDEX signed_items_waiting_approval_idx ON ledger.signed_items (approval_id)
  WHERE status = 'pending_approval';
CREATE INDEX treasury_limit_changes_waiting_approval_idx ON ledger.treasury_limit_changes (approval_id)
  WHERE status = 'pending';

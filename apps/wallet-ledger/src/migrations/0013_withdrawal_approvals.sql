-- Withdrawals held by a policy (docs/decisions.md, "Policies and approvals"): created with their
-- hold in `pending_approval`, they become `prepared` on their approval's quorum, or `cancelled`
-- (the hold released) when it is rejected or expires.
ALTER TABLE ledger.withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE ledger.withdrawals ADD CONSTRAINT withdrawals_status_check
  CHECK (status IN ('pending_approval', 'prepared', 'broadcast', 'confirmed', 'failed', 'cancelled'));
ALTER TABLE ledger.withdrawals ADD COLUMN approval_id uuid;

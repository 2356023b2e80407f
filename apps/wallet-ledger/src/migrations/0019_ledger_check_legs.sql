-- Ledger check at scale (docs/decisions.md, "Ledger check at scale"): after its accounts, a run
-- walks the transfer legs in id order, a bounded step per call, for legs without their transfer.
ALTER TABLE ledger.check_runs
  ADD COLUMN accounts_complete boolean NOT NULL DEFAULT false,
  ADD COLUMN after_leg uuid,
  ADD COLUMN legs_checked bigint NOT NULL DEFAULT 0;
-- A run in progress restarts: its accounts so far had no range checks of their postings.
DELETE FROM ledger.check_runs WHERE completed_at IS NULL;

-- A deposit credited and then reorged off the chain after its confirmations
-- (docs/decisions/chain-connectivity.md, "Reorgs after confirmation"): it stays `confirmed`, is
-- flagged, and a hold on its wallet (up to the wallet's available balance) keeps the credit from
-- leaving until an admin reverses or releases it.
ALTER TABLE ledger.incomes
  ADD COLUMN reorged_at timestamptz,
  ADD COLUMN reorg_hold_id uuid,
  ADD COLUMN reorg_held numeric,
  ADD COLUMN reorg_resolution text CHECK (reorg_resolution IN ('reversed', 'released')),
  ADD COLUMN reorg_resolved_at timestamptz;
-- The watcher re-reads the blocks of confirmed chain deposits a reorg may still reach.
CREATE INDEX incomes_recheck_idx ON ledger.incomes (network, block_number)
  WHERE status = 'confirmed' AND network IS NOT NULL AND reorged_at IS NULL;
-- The reversal of a reorged deposit's credit is a movement of its own subtype.
ALTER TABLE ledger.transactions DROP CONSTRAINT transactions_movement_subtype_check;
ALTER TABLE ledger.transactions ADD CONSTRAINT transactions_movement_subtype_check
  CHECK (movement_subtype IN ('internal', 'external', 'buy', 'sell', 'fee', 'reversal'));

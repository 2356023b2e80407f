-- A restore wallet-ledger opens itself (docs/operations/restore-runbook.md, "A restore wallet-ledger
-- opens itself"): `detected`, when the chain counts more transactions from an address than the
-- books ever assigned (the database went back in time on the same cluster and timeline: a
-- snapshot restored in place). It runs as a restore the operator opened.
ALTER TABLE ledger.restore_epochs DROP CONSTRAINT restore_epochs_origin_check;
ALTER TABLE ledger.restore_epochs ADD CONSTRAINT restore_epochs_origin_check
  CHECK (origin IN ('command', 'accepted', 'detected'));

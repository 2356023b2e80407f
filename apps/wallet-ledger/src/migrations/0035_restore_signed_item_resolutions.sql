-- restore-resolve --signed-item (docs/operations/restore-runbook.md, step 6): the operator's answer
-- that an unmatched chain transaction is a client's transaction the restored books hold for
-- approval (sign-tx, `pending_approval` or `approved`), signed and sent after the restored point.
-- Such a resolution names that signed item; applied, the item is recorded sent with the chain's
-- transaction, and the matching knows it by the item (or the withdrawal holding what it moved).
ALTER TABLE ledger.restore_resolutions ADD COLUMN signed_item_id uuid;
ALTER TABLE ledger.restore_resolutions DROP CONSTRAINT restore_resolutions_kind_check;
ALTER TABLE ledger.restore_resolutions ADD CONSTRAINT restore_resolutions_kind_check
  CHECK (kind IN ('withdrawal', 'signed', 'signed-item'));
ALTER TABLE ledger.restore_resolutions ADD CONSTRAINT restore_resolutions_signed_item_check
  CHECK ((kind = 'signed-item') = (signed_item_id IS NOT NULL));

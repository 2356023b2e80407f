-- A purchase moves crypto once, ever: its settlement's idempotency key expires after 24 hours,
-- this index does not.
CREATE UNIQUE INDEX journal_entries_purchase_once_idx ON ledger.journal_entries (operation_id)
  WHERE operation_type = 'purchase';

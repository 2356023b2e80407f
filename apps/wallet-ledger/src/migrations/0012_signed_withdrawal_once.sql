-- A signed transaction is held once: signing the same transaction again (signatures are
-- deterministic) must not hold, and later debit, its amount twice.
CREATE UNIQUE INDEX withdrawals_signed_tx_once_idx ON ledger.withdrawals (blockchain_transaction_id)
  WHERE signed_tx_id IS NOT NULL AND status IN ('broadcast', 'confirmed');

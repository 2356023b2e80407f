-- A client's signed transaction that pays no coin but spends gas from a native-coin wallet (a
-- contract call, say) holds its network-fee reserve as a withdrawal of amount 0: its fee is booked
-- when it confirms, as any other's. Every other withdrawal still pays more than nothing.
-- NOT VALID, then VALIDATE: the check of existing rows does not hold the table's exclusive lock.
ALTER TABLE ledger.withdrawals DROP CONSTRAINT withdrawals_amount_check;
ALTER TABLE ledger.withdrawals ADD CONSTRAINT withdrawals_amount_check
  CHECK (amount > 0 OR (amount = 0 AND signed_tx_id IS NOT NULL)) NOT VALID;
ALTER TABLE ledger.withdrawals VALIDATE CONSTRAINT withdrawals_amount_check;

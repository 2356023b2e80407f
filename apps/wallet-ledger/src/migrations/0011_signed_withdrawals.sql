-- A withdrawal that holds what a raw signed transaction (sign-tx) takes from its wallet names it.
ALTER TABLE ledger.withdrawals ADD COLUMN signed_tx_id uuid;

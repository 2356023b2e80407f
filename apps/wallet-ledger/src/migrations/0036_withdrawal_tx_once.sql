-- A blockchain transaction is booked on one withdrawal only, whoever signed it: migration 0012
-- guarded a client's signed transactions; the custody's own and an admin's reports could still
-- name one transaction for two withdrawals, which would debit two users (or one twice) for one
-- payment. Booked means sent or settled: a failed or cancelled withdrawal's hash moved nothing.
-- Compared in lower case: an EVM hash is hex, and an admin may report it in capitals.
-- A database that already holds two such withdrawals on one transaction fails this migration
-- (and wallet-ledger does not start) until they are looked at: find them with
--   SELECT lower(blockchain_transaction_id), array_agg(id) FROM ledger.withdrawals
--   WHERE status IN ('broadcast', 'confirmed') GROUP BY 1 HAVING count(*) > 1;
DROP INDEX ledger.withdrawals_signed_tx_once_idx;
CREATE UNIQUE INDEX withdrawals_tx_once_idx ON ledger.withdrawals (lower(blockchain_transaction_id))
  WHERE status IN ('broadcast', 'confirmed');

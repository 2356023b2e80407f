-- restore-resolve --signed (docs/operations/restore-runbook.md, step 6): the operator's answer
-- that an unmatched chain transaction is a client's, signed with sign-tx after the restored point
-- (its signed item lost with the restore). Such a resolution names no withdrawal; once applied it
-- keeps the transaction's address and nonce, so the matching knows that nonce from then on.
ALTER TABLE ledger.restore_resolutions
  ADD COLUMN kind text NOT NULL DEFAULT 'withdrawal' CHECK (kind IN ('withdrawal', 'signed')),
  ADD COLUMN from_address text,
  ADD COLUMN nonce bigint,
  ALTER COLUMN withdrawal_id DROP NOT NULL;
ALTER TABLE ledger.restore_resolutions ADD CONSTRAINT restore_resolutions_withdrawal_check
  CHECK ((kind = 'withdrawal') = (withdrawal_id IS NOT NULL));
CREATE INDEX restore_resolutions_signed_idx ON ledger.restore_resolutions (lower(from_address), nonce)
  WHERE kind = 'signed' AND applied_at IS NOT NULL;

-- A restore matches a chain transaction by (from, nonce) with the clients' signed transactions
-- too (those that moved nothing of their wallet's asset have no withdrawal): looked up by pair.
CREATE INDEX signed_items_tx_nonce_idx ON ledger.signed_items (wallet_id, ((result->>'nonce')::bigint))
  WHERE kind = 'tx';

-- A held signature approved (`approved`) is signed outside any transaction by whichever replica
-- claims it first (signatures/sign-approved-signatures.ts): the claim lasts until `claimed_until`,
-- so two replicas do not ask for two decisions and two signatures of one item, and a process that
-- died holding one leaves it to another once the claim lapses.
ALTER TABLE ledger.signed_items ADD COLUMN claimed_until timestamptz;

CREATE INDEX signed_items_approved_idx ON ledger.signed_items (updated_at)
  WHERE status = 'approved';

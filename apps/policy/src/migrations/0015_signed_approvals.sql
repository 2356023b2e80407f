-- Approvals as signatures (docs/decisions/policies-and-approvals.md). An approval keeps the
-- digest of its requirements as they were when it was held (`policy_version`, signed by its
-- approvers; null for approvals held before: computed from `requirements`, which never change).
ALTER TABLE policy.approvals ADD COLUMN policy_version text;

-- An approve decision's signature of the approval's digest, and the credential that made it
-- (identity's id; the signer checks it against its own registry). Null: not signed.
ALTER TABLE policy.decisions ADD COLUMN credential_id uuid;
ALTER TABLE policy.decisions ADD COLUMN signature text;
ALTER TABLE policy.decisions ADD CONSTRAINT decisions_signature_whole
  CHECK ((credential_id IS NULL) = (signature IS NULL));

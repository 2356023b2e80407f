-- A held REQUEST whose approval reached its quorum keeps `PENDING_APPROVAL` (the contract's
-- statuses) with `approved_at` set, and is signed outside any transaction by whichever replica
-- claims it first, until `claimed_until` (activities/sign-approved-activities.ts): no lock waits
-- on the policy service or the signer.
ALTER TABLE issuer.activities
  ADD COLUMN approved_at timestamptz,
  ADD COLUMN claimed_until timestamptz;

CREATE INDEX activities_approved_idx ON issuer.activities (approved_at)
  WHERE status = 'PENDING_APPROVAL' AND approved_at IS NOT NULL;

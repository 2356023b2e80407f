-- REQUEST activities under policy (docs/decisions/issuer-interface.md): one a policy holds is
-- recorded PENDING_APPROVAL with its approval's id and no signature, then signed (APPROVED),
-- REJECTED (its approval rejected, expired or cancelled) or FAILED (approved, but refused when
-- signed: `failure_reason`).
ALTER TABLE issuer.activities DROP CONSTRAINT activities_check;
ALTER TABLE issuer.activities ADD COLUMN approval_id uuid;
ALTER TABLE issuer.activities ADD COLUMN failure_reason text;
ALTER TABLE issuer.activities ADD CONSTRAINT activities_status_check
  CHECK (status IN ('APPROVED', 'PENDING_APPROVAL', 'REJECTED', 'FAILED'));
ALTER TABLE issuer.activities ADD CONSTRAINT activities_request_check
  CHECK ((type = 'REQUEST') = (data_structured IS NOT NULL));
ALTER TABLE issuer.activities ADD CONSTRAINT activities_signed_check
  CHECK ((type = 'REQUEST' AND status = 'APPROVED') = (signed_typed_data IS NOT NULL));
ALTER TABLE issuer.activities ADD CONSTRAINT activities_held_check
  CHECK (status = 'APPROVED' OR approval_id IS NOT NULL);

-- An approval's outcome that arrived before the activity it holds was committed (the policy
-- service commits the approval first): kept until the activity's transaction reads it.
CREATE TABLE issuer.approval_outcomes (
  approval_id uuid PRIMARY KEY,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A claim's fencing token: each claim of an approved REQUEST writes a new one, and only the
-- replica holding the current token records its outcome or puts it back. A replica paused past
-- its claim (another took it since) then records nothing: without it, a refusal it met (the
-- decision used by the other meanwhile) could end `FAILED` a REQUEST the other was signing.
-- Replicas of a release before this one neither write nor check the token: roll every replica to
-- this release before relying on it.
ALTER TABLE issuer.activities ADD COLUMN claim_token uuid;

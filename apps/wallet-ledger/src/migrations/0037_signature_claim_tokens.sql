-- A claim's fencing token: each claim of an approved signature writes a new one, and only the
-- replica holding the current token may record the item's outcome or put it back. A replica
-- paused past its claim (another took the item since) then records nothing: without it, a
-- refusal it met (the decision used by the other meanwhile) could end `failed` an item the
-- other was signing. What it asked meanwhile (a decision, a signature never recorded) stays
-- asked. Replicas of a release before this one neither write nor check the token: roll every
-- replica to this release before relying on it.
ALTER TABLE ledger.signed_items ADD COLUMN claim_token uuid;

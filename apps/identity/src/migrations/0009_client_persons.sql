-- One person, one vote (docs/decisions/policies-and-approvals.md, "One person, one vote"): the
-- person who holds a client, as its creator names them within the tenant. Set at creation only.
ALTER TABLE identity.clients ADD COLUMN person_id text;

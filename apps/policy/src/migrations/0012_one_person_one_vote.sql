-- One person, one vote (docs/decisions/policies-and-approvals.md): the person who started a held
-- operation, and the person behind each decision, as the clients' tokens name them (`personId`).
-- Null: the client names no person (it is then its own person).
ALTER TABLE policy.approvals ADD COLUMN initiator_person_id text;
ALTER TABLE policy.decisions ADD COLUMN person_id text;

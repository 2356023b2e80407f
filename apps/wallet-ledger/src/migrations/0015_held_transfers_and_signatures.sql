-- Transfers and signatures held by a policy (docs/decisions.md, "Policies and approvals"): a
-- transfer is created `pending_approval` with a hold on each sender's wallet per leg, and is
-- booked (`approved`) on its approval's quorum, or ends `rejected` (holds released) when it is
-- rejected or expires; a signature is recorded `pending_approval` unsigned, and signed (`sent`)
-- on quorum. `failure_reason` says why one ended without running.
ALTER TABLE ledger.transfers ADD COLUMN approval_id uuid, ADD COLUMN failure_reason text;
ALTER TABLE ledger.signed_items ADD COLUMN approval_id uuid, ADD COLUMN failure_reason text;

-- Purchases under policy (docs/decisions/purchases.md): a purchase a policy holds waits
-- `pending_approval` with its approval's id, nothing booked, until the approval is decided.
ALTER TABLE trading.purchases DROP CONSTRAINT purchases_status_check;
ALTER TABLE trading.purchases ADD CONSTRAINT purchases_status_check
  CHECK (status IN ('pending', 'pending_approval', 'approved', 'rejected'));
ALTER TABLE trading.purchases ADD COLUMN approval_id uuid;
ALTER TABLE trading.purchases ADD CONSTRAINT purchases_held_check
  CHECK (status <> 'pending_approval' OR approval_id IS NOT NULL);

-- An approval's outcome that arrived before the purchase it holds was committed (the policy
-- service commits the approval first): kept until the purchase's transaction reads it.
CREATE TABLE trading.approval_outcomes (
  approval_id uuid PRIMARY KEY,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

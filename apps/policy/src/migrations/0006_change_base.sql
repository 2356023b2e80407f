-- The policy's last change when a held update or deletion was asked: applied at the quorum only
-- if the policy has not changed since (a late approval never reverts a later change).
ALTER TABLE policy.policy_changes ADD COLUMN base_updated_at timestamptz;

-- Every holding policy's own requirement (its quorum, its named approvers, whether admins or the
-- tenant decide), all to be met; and which requirements each decision counts for.
ALTER TABLE policy.approvals ADD COLUMN requirements jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE policy.decisions ADD COLUMN counts_for uuid[] NOT NULL DEFAULT '{}';

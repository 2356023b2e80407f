-- When a signed decision was first given for an admitted operation (Authorize): from then on it
-- may have run, so its caller can no longer release it (docs/decisions/signing-decisions.md,
-- "Releases"). Null: never decided, still the caller's to release if it is not created.
ALTER TABLE policy.admissions ADD COLUMN authorized_at timestamptz;

-- Admissions decided before this column: a withdrawal whose transaction was bound, a held
-- operation whose approval had its quorum (signed on it, or about to be). Their time is not
-- known; the admission's own errs on no side that matters (only null or not is read).
UPDATE policy.admissions a
   SET authorized_at = a.created_at
 WHERE a.bound IS NOT NULL
    OR EXISTS (
         SELECT 1 FROM policy.approvals p
          WHERE p.id = a.approval_id AND p.status = 'approved'
       );

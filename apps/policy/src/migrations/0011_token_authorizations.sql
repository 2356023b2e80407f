-- A sign-typed-data policy may allow token authorizations (typed data that lets a spender take
-- the wallet's tokens, a permit), which are refused where no such policy applies
-- (docs/decisions/policies-and-approvals.md, "Token authorizations").
ALTER TABLE policy.policies
  ADD COLUMN allow_token_authorizations boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT policies_token_authorizations_activity
    CHECK (NOT allow_token_authorizations OR activity = 'sign-typed-data');

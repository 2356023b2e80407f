-- One token signing key per purpose: `access` signs v1 tokens, `issuer` signs v2 (issuer) tokens.
-- The key in use until now keeps signing v1 tokens; the issuer key is created at the next start.
ALTER TABLE identity.signing_keys
  ADD COLUMN purpose text NOT NULL DEFAULT 'access' CHECK (purpose IN ('access', 'issuer'));
CREATE INDEX signing_keys_active_idx ON identity.signing_keys (purpose, created_at DESC)
  WHERE retired_at IS NULL;

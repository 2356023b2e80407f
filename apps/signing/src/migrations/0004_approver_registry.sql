-- The signer's own registry of approver credentials (docs/decisions/signing-decisions.md): the
-- keys whose signatures of an approval it counts. Identity registers them, but a credential is
-- added here only as the registry's rules allow (a tenant's first, or one endorsed by enough of
-- the tenant's registered credentials), so a compromised identity or policy service cannot
-- invent approvers. `tenant_id`: the tenant whose approvals it signs, or `platform` (admins').
CREATE TABLE signing.approver_credentials (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  client_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ed25519', 'webauthn')),
  public_key text NOT NULL UNIQUE,
  -- How it came in: the tenant's first (trust on first use) or endorsed.
  admitted_as text NOT NULL CHECK (admitted_as IN ('first', 'endorsed')),
  -- The endorsements that admitted it: [{credentialId, clientId, signature}].
  endorsements jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX approver_credentials_tenant ON signing.approver_credentials (tenant_id);

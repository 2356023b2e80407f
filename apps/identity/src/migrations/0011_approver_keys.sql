-- Approvers' credentials (docs/decisions/policies-and-approvals.md): a client's Ed25519 public
-- key (a passkey later, `webauthn`), whose signatures of approvals the policy service and the
-- signer verify. `tenant_id`: the tenant whose approvals it signs, or `platform` (an admin's).
-- `pending` until the signer's own registry holds it, `active` then, `revoked` for good.
CREATE TABLE identity.approver_credentials (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  client_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ed25519', 'webauthn')),
  public_key text NOT NULL UNIQUE,
  -- The key's own signature of its registration digest: it holds the private key.
  proof text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'revoked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX approver_credentials_client ON identity.approver_credentials (client_id);
CREATE INDEX approver_credentials_tenant ON identity.approver_credentials (tenant_id);

-- Another credential's signature of a pending one's registration digest, kept until the signer
-- admits it (each is sent to the signer with it).
CREATE TABLE identity.approver_endorsements (
  credential_id uuid NOT NULL REFERENCES identity.approver_credentials (id),
  endorser_credential_id uuid NOT NULL REFERENCES identity.approver_credentials (id),
  endorser_client_id uuid NOT NULL,
  signature text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (credential_id, endorser_credential_id)
);

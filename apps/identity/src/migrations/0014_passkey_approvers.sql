-- Passkeys as approver credentials (docs/decisions/policies-and-approvals.md, "Passkeys"): a
-- `webauthn` credential holds the COSE public key of one of its client's passkeys, named here
-- (its row and its WebAuthn credential id, which `allowCredentials` names when it signs).
-- Removing the passkey revokes the credential.
ALTER TABLE identity.approver_credentials ADD COLUMN passkey_id uuid;
ALTER TABLE identity.approver_credentials ADD COLUMN passkey_credential_id text;
ALTER TABLE identity.approver_credentials ADD CONSTRAINT approver_credentials_passkey_whole
  CHECK ((kind = 'webauthn') = (passkey_id IS NOT NULL AND passkey_credential_id IS NOT NULL));
CREATE INDEX approver_credentials_passkey ON identity.approver_credentials (passkey_id)
  WHERE passkey_id IS NOT NULL;

-- When the signer's registry took a revocation (null: not yet). A revocation is made here first,
-- in the transaction that causes it (a revoked key, a removed passkey, a passkey reset, a deleted
-- client), and told to the signer after: at once, and by a sweep for any it missed.
ALTER TABLE identity.approver_credentials ADD COLUMN signer_revoked_at timestamptz;
CREATE INDEX approver_credentials_revocations_untold ON identity.approver_credentials (revoked_at)
  WHERE status = 'revoked' AND signer_revoked_at IS NULL;

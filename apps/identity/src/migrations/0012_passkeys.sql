-- Passkeys for people (docs/decisions/identity-and-authentication.md, "Passkeys"): a client's
-- WebAuthn credentials, several each. `credential_id` is the authenticator's id (base64url),
-- unique across clients; `public_key` the COSE key (base64url); `counter` the signature counter
-- last seen (a lower one is a cloned authenticator's).
CREATE TABLE identity.passkeys (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_client ON identity.passkeys (client_id, created_at);

-- A tenant's requirement of passkeys of its members.
ALTER TABLE identity.clients ADD COLUMN passkey_required boolean NOT NULL DEFAULT false;

-- How a login began (`password`, `webauthn`, `enrollment`): a refresh keeps it, so a password
-- login ends once passkeys are required of its client and it has one.
ALTER TABLE identity.refresh_tokens ADD COLUMN sign_in_method text NOT NULL DEFAULT 'password';

-- One-time enrollment codes (the first admin's, printed at bootstrap): stored hashed, used once.
CREATE TABLE identity.enrollment_codes (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL,
  code_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enrollment_codes_client ON identity.enrollment_codes (client_id);

-- Api clients (OAuth applications), clients (accounts that log in), refresh tokens, and the
-- key that signs access tokens.
CREATE TABLE identity.api_clients (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  secret_ciphertext text NOT NULL,
  audience text NOT NULL DEFAULT 'general' CHECK (audience IN ('general', 'admin')),
  access_token_expires_in integer NOT NULL CHECK (access_token_expires_in > 0),
  refresh_token_expires_in integer NOT NULL CHECK (refresh_token_expires_in > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE identity.clients (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  audience text[] NOT NULL,
  scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  token_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX clients_email_live_idx ON identity.clients (lower(email)) WHERE deleted_at IS NULL;

CREATE TABLE identity.refresh_tokens (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  client_id uuid NOT NULL REFERENCES identity.clients (id),
  api_client_id text NOT NULL REFERENCES identity.api_clients (id),
  user_id text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON identity.refresh_tokens (family_id);
CREATE INDEX refresh_tokens_client_idx ON identity.refresh_tokens (client_id);

CREATE TABLE identity.signing_keys (
  kid text PRIMARY KEY,
  private_key_ciphertext text NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- Access tokens revoked before their expiry; mirrored to Redis for the gateway.
CREATE TABLE identity.revoked_tokens (
  jti text PRIMARY KEY,
  client_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

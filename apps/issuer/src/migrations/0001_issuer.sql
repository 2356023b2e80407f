-- Version 2: token issuers, their issues, the activities they publish and the holders they list.

-- An issuer is provisioned by an admin (its tenant). The secret is kept only as an argon2id hash;
-- a rotation bumps secret_version, which makes every older issuer token invalid. The address is
-- the issuer's custodial EVM key (held by the signing service as owner `issuer:<id>`).
CREATE TABLE issuer.issuers (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  secret_hash text NOT NULL,
  secret_version integer NOT NULL DEFAULT 1,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issuers_created_idx ON issuer.issuers (created_at);

CREATE TABLE issuer.issues (
  id uuid PRIMARY KEY,
  issuer_id uuid NOT NULL REFERENCES issuer.issuers (id),
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issues_issuer_idx ON issuer.issues (issuer_id, created_at);

-- MESSAGE: information for the holders. REQUEST: EIP-712 data signed with the issuer's key.
-- `readed` turns true at the first read of the activity by id (read_at records when).
CREATE TABLE issuer.activities (
  id uuid PRIMARY KEY,
  issuer_id uuid NOT NULL REFERENCES issuer.issuers (id),
  issue_id uuid NOT NULL REFERENCES issuer.issues (id),
  type text NOT NULL CHECK (type IN ('MESSAGE', 'REQUEST')),
  name text NOT NULL,
  description text,
  info_url text,
  status text NOT NULL,
  data_structured jsonb,
  signed_typed_data text,
  readed boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'REQUEST') = (data_structured IS NOT NULL AND signed_typed_data IS NOT NULL))
);
CREATE INDEX activities_issue_idx ON issuer.activities (issue_id, created_at);

-- Addresses are stored EIP-55 checksummed, so the uniqueness per issue ignores letter case.
CREATE TABLE issuer.holders (
  id uuid PRIMARY KEY,
  issuer_id uuid NOT NULL REFERENCES issuer.issuers (id),
  issue_id uuid NOT NULL REFERENCES issuer.issues (id),
  name text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (issue_id, address)
);
CREATE INDEX holders_issue_idx ON issuer.holders (issue_id, created_at);

-- End users of a tenant (the client that created them): individual or legal persons. The full
-- KYC record is kept in `kyc`; the columns below are what reads, filters and uniqueness need.
CREATE TABLE identity.users (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('individual', 'legal')),
  email text,
  id_number text,
  external_reference text,
  general_conditions text NOT NULL,
  blocked boolean NOT NULL DEFAULT false,
  kyc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_tenant_id_number_idx ON identity.users (tenant_id, id_number)
  WHERE deleted_at IS NULL AND id_number IS NOT NULL;
CREATE UNIQUE INDEX users_tenant_email_idx ON identity.users (tenant_id, lower(email))
  WHERE deleted_at IS NULL AND email IS NOT NULL;
CREATE INDEX users_tenant_created_idx ON identity.users (tenant_id, created_at DESC);
CREATE INDEX users_external_reference_idx ON identity.users (tenant_id, external_reference);

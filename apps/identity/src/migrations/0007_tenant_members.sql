-- Tenant members: a client created with a tenant acts on that tenant's users, wallets and
-- operations within its own scopes, with its own password and tokens. NULL: the client is a
-- tenant of its own (its id is the tenant id).
ALTER TABLE identity.clients ADD COLUMN tenant_id uuid REFERENCES identity.clients (id);
CREATE INDEX clients_tenant_idx ON identity.clients (tenant_id) WHERE tenant_id IS NOT NULL;

-- What a refused RPC failed on (action rpcRefused): the services' reports, not the gateway's.
ALTER TABLE identity.audit_events ADD COLUMN detail text;

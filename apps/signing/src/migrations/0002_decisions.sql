-- The signer checks the policy service's decisions itself (docs/decisions/signing-decisions.md).

-- A key's tenant, named at its first derivation (null: a system key, or one derived before):
-- a decision of another tenant cannot use it.
ALTER TABLE signing.keys ADD COLUMN tenant_id text;

-- Each decision is used once per part (the key it names; the gas station's top-up it allows).
-- A withdrawal's transaction may be signed again at the same nonce (a replacement, a cancel):
-- `nonce` is what its first signature bound. Rows outlive their decisions (DECISION_TTL_MS)
-- by far; retention forgets them after that.
CREATE TABLE signing.decision_uses (
  decision_id uuid NOT NULL,
  part text NOT NULL CHECK (part IN ('key', 'top-up')),
  nonce bigint,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (decision_id, part)
);
CREATE INDEX decision_uses_expires_at ON signing.decision_uses (expires_at);

-- Every signature made, with the decision that let it be made: append-only.
CREATE TABLE signing.signature_log (
  id uuid PRIMARY KEY,
  decision_id uuid NOT NULL,
  part text NOT NULL,
  caller text NOT NULL,
  owner_id text NOT NULL,
  tenant_id text NOT NULL,
  activity text NOT NULL,
  operation_id text NOT NULL,
  intent_kind text NOT NULL,
  -- The digest signed, or the transaction's hash.
  signed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signature_log_decision ON signing.signature_log (decision_id);

CREATE FUNCTION signing.signature_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'signing.signature_log is append-only';
END;
$$;
CREATE TRIGGER signature_log_append_only
  BEFORE UPDATE OR DELETE ON signing.signature_log
  FOR EACH ROW EXECUTE FUNCTION signing.signature_log_append_only();

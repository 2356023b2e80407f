-- Where each custodial key sits in the HD tree. Never a private key: keys are derived from the
-- master seed, which only this service reads, when they are needed.
CREATE TABLE signing.keys (
  owner_id text NOT NULL,
  chain text NOT NULL CHECK (chain IN ('evm', 'qubic')),
  derivation_index integer NOT NULL,
  derivation_path text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, chain),
  UNIQUE (chain, derivation_index),
  UNIQUE (chain, address)
);

-- One sequence per chain: concurrent derivations never collide on an index.
CREATE SEQUENCE signing.evm_index_seq MINVALUE 0 START 0;
CREATE SEQUENCE signing.qubic_index_seq MINVALUE 0 START 0;

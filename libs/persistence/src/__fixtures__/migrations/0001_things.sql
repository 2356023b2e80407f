CREATE TABLE demo.things (
  id text PRIMARY KEY,
  name text NOT NULL,
  amount numeric(78, 18) NOT NULL DEFAULT 0,
  external_reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);

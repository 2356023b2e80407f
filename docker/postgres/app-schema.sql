-- One app's schema in the database this runs in (psql; variables: app, schema): owned by the
-- app's role (app-role.sql), with everything in it, and no right on the other apps' schemas.
-- Idempotent: it takes over what an earlier, shared user created in the schema.
--   psql -v app=identity -v schema=identity -f docker/postgres/app-schema.sql
\set ON_ERROR_STOP on
BEGIN;
SELECT format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', :'schema', :'app') \gexec
SELECT format('ALTER SCHEMA %I OWNER TO %I', :'schema', :'app') \gexec
-- What a shared user created before roles existed: tables (their owned sequences follow),
-- other sequences, views, functions and types.
SELECT format('ALTER TABLE %I.%I OWNER TO %I', n.nspname, c.relname, :'app')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = :'schema' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') \gexec
SELECT format('ALTER SEQUENCE %I.%I OWNER TO %I', n.nspname, c.relname, :'app')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = :'schema' AND c.relkind = 'S'
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) \gexec
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'app')
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = :'schema' \gexec
SELECT format('ALTER TYPE %I.%I OWNER TO %I', n.nspname, t.typname, :'app')
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
 WHERE n.nspname = :'schema' AND t.typtype IN ('e', 'd', 'r') \gexec
COMMIT;

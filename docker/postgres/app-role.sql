-- One app's database role (psql; variables: app, schema, password): it logs in, owns its schema
-- and everything in it, and has no right on the other apps' schemas. Idempotent: run again, it
-- changes the password and takes over what an earlier, shared user created in the schema.
--   psql -v app=identity -v schema=identity -v password=… -f docker/postgres/app-role.sql
\set ON_ERROR_STOP on
BEGIN;
-- Test stacks create the roles in parallel: one at a time.
SELECT pg_advisory_xact_lock(hashtext('custody-app-roles'));
SELECT format('CREATE ROLE %I LOGIN', :'app')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
SELECT format('ALTER ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L', :'app', :'password') \gexec
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

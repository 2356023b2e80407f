-- One app's database role (psql; variables: app, password): it logs in, and is no superuser.
-- Idempotent: run again, it changes the password. Roles belong to the whole server: the test
-- stacks, which create them in parallel, run this in one database (`postgres`), where the lock
-- below is the same for all of them. app-schema.sql then gives the role its schema.
--   psql -v app=identity -v password=… -f docker/postgres/app-role.sql
\set ON_ERROR_STOP on
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('custody-app-roles'));
SELECT format('CREATE ROLE %I LOGIN', :'app')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
SELECT format('ALTER ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L', :'app', :'password') \gexec
COMMIT;

-- Run once by the postgres image, as the superuser, when its data volume is first initialised
-- (every file in /docker-entrypoint-initdb.d is). The app never connects as a superuser: it is
-- deedwatch_app, which may not create roles or databases, bypass row security or replicate, and
-- owns the deedwatch database, so that its migrations can create tables, functions and triggers
-- in the public schema (owned by the database's owner since Postgres 15) and pg-boss its own
-- schema. The extensions the first migration asks for are created here, by the superuser; its
-- CREATE EXTENSION IF NOT EXISTS then finds them.
\set ON_ERROR_STOP on

\getenv app_password DEEDWATCH_DB_PASSWORD
\if :{?app_password}
\else
  DO $$ BEGIN RAISE EXCEPTION 'Set DEEDWATCH_DB_PASSWORD, the password of deedwatch_app'; END $$;
\endif

CREATE ROLE deedwatch_app LOGIN PASSWORD :'app_password'
  NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
CREATE DATABASE deedwatch OWNER deedwatch_app;
REVOKE ALL ON DATABASE deedwatch FROM PUBLIC;

\connect deedwatch
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

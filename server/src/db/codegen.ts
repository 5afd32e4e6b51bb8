// The database side of generating schema.gen.ts (scripts/gen-db-types.ts): a scratch database to
// migrate, and what the catalog says of each column, kysely-codegen's blind spots included.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`; `drop` removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `deedwatch_gen_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export type CatalogColumn = {
  table: string;
  column: string;
  /** The Postgres type's name (int4, text, …). */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** Identity ALWAYS or generated STORED: no statement may write it. */
  alwaysGenerated: boolean;
};

/** Every column of the public schema's tables and views (a partition's are its parent's). */
export async function catalogColumns(db: Database): Promise<CatalogColumn[]> {
  const { rows } = await sql<CatalogColumn>`
    SELECT c.relname AS table, a.attname AS column, t.typname AS type,
           NOT a.attnotnull AS nullable,
           a.atthasdef OR a.attidentity <> '' AS "hasDefault",
           a.attidentity = 'a' OR a.attgenerated = 's' AS "alwaysGenerated"
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_type t ON t.oid = a.atttypid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
      AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY 1, 2`.execute(db);
  return rows;
}

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationsDir, pendingMigrations } from '../src/db/migrate.ts';
import * as indexNamesByCounty from '../../migrations/20261129_0029_index_names_by_county.ts';
import * as searchTokensDerived from '../../migrations/20261129_0030_search_tokens_derived.ts';
import { createCounty } from './helpers/factories.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const MANIFEST = 'checksums.json';

/**
 * A migration that has landed has run on databases we cannot see; changing it changes nothing
 * there and makes a fresh database differ from them. So its bytes are frozen, comments included:
 * migrations/checksums.json records the SHA-256 of every migration file as it landed.
 */
describe('landed migrations', () => {
  let recorded: Record<string, string>;
  let files: Map<string, string>;
  beforeAll(async () => {
    recorded = JSON.parse(await readFile(path.join(migrationsDir, MANIFEST), 'utf8')) as Record<
      string,
      string
    >;
    files = new Map();
    for (const name of (await readdir(migrationsDir)).sort()) {
      if (name === MANIFEST) continue;
      const bytes = await readFile(path.join(migrationsDir, name));
      files.set(name, createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('are never edited, not even a comment: each file has the SHA-256 it landed with', () => {
    const edited = [...files].filter(([name, hash]) => name in recorded && recorded[name] !== hash);
    expect(
      edited.map(([name]) => name),
      `${edited.map(([name]) => name).join(', ')} changed after landing. A landed migration is frozen to its bytes (its SHA-256 in migrations/${MANIFEST}), comments and formatting included: undo the edit and put the change in a new migration. (One that exists only on your branch may still change: record its new hash.)`,
    ).toEqual([]);
  });

  it('are each recorded in the manifest when they land', () => {
    const unrecorded = [...files].filter(([name]) => !(name in recorded));
    expect(
      unrecorded.map(([name]) => name),
      `A new migration lands with its SHA-256: add to migrations/${MANIFEST}\n${unrecorded
        .map(([name, hash]) => `  "${name}": "${hash}"`)
        .join(',\n')}`,
    ).toEqual([]);
  });

  it('are never removed or renamed', () => {
    const gone = Object.keys(recorded).filter((name) => !files.has(name));
    expect(
      gone,
      `${gone.join(', ')} landed and is gone from migrations/: Kysely's migrator refuses a database that applied a migration it cannot find. Put it back as it was, and undo what it did in a new migration.`,
    ).toEqual([]);
  });
});

describe('migrations', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('leave nothing pending, and a second run applies nothing', async () => {
    expect(await pendingMigrations(t.db)).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('create every table of the data model with pg_trgm', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`.execute(
      t.db,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'counties',
        'users',
        'auth_codes',
        'sessions',
        'apn_subscriptions',
        'name_subscriptions',
        'notification_methods',
        'parcels',
        'index_names',
        'recorded_documents',
        'document_parties',
        'document_parcels',
        'events',
        'outbox_messages',
        'outbox_attachments',
        'deliveries',
        'audit_log',
      ]),
    );
    const ext = await sql<{ extname: string }>`SELECT extname FROM pg_extension`.execute(t.db);
    expect(ext.rows.map((r) => r.extname)).toContain('pg_trgm');
  });

  it('index every foreign key column', async () => {
    // A foreign key whose columns do not lead some index makes deletes and joins scan the table.
    const { rows } = await sql<{ constraint: string }>`
      SELECT c.conname AS constraint
      FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        AND NOT EXISTS (
          SELECT 1 FROM pg_index i
          WHERE i.indrelid = c.conrelid
            AND (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
        )`.execute(t.db);
    expect(rows.map((r) => r.constraint)).toEqual([]);
  });

  it('key columns use the C collation so a btree serves prefix LIKE', async () => {
    const county = await t.db
      .insertInto('counties')
      .values({
        name: 'X',
        code: 'X',
        ui_mask: '00000',
        data_mask: '00000',
        format: '01234',
        link_url: 'https://x.org',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO parcels (county_id, apn, apn_key, address, address_key)
      SELECT ${county.id}, lpad(i::text, 5, '0'), lpad(i::text, 5, '0'), i || ' MAIN ST', i || ' MAIN ST'
      FROM generate_series(1, 20000) AS i`.execute(t.db);
    await sql`ANALYZE parcels`.execute(t.db);
    const { rows } = await sql<{ plan: string }>`
      EXPLAIN (FORMAT TEXT)
      SELECT apn FROM parcels WHERE county_id = ${county.id} AND apn_key LIKE '012%'`.execute(t.db);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toMatch(/Index Cond: .*apn_key >= '012'.*apn_key < '013'/s);
  });

  it('stores emails lower-cased only, so the unique index covers every case', async () => {
    await sql`INSERT INTO users (email) VALUES ('a@b.co')`.execute(t.db);
    await expect(sql`INSERT INTO users (email) VALUES ('a@b.co')`.execute(t.db)).rejects.toThrow(
      /users_email_key/,
    );
    await expect(sql`INSERT INTO users (email) VALUES ('A@B.CO')`.execute(t.db)).rejects.toThrow(
      /check constraint/,
    );
  });

  it('allows one event per subscription and document, so a retried match never duplicates', async () => {
    const { rows } = await sql<{ user_id: string; document_id: string; subscription_id: string }>`
      WITH u AS (INSERT INTO users (email) VALUES ('events@b.co') RETURNING id),
           c AS (SELECT id FROM counties WHERE code = 'X'),
           d AS (INSERT INTO recorded_documents (county_id, document_number, document_type, recorded_at, container, file_name)
                 SELECT c.id, '2026-000001', 'GRANT DEED', now(), 'X', '2026-000001.pdf' FROM c RETURNING id),
           s AS (INSERT INTO name_subscriptions (user_id, county_id, name, name_key)
                 SELECT u.id, c.id, 'SMITH JOHN', 'SMITH JOHN' FROM u, c RETURNING id, user_id)
      SELECT s.user_id, d.id AS document_id, s.id AS subscription_id FROM s, d`.execute(t.db);
    const { user_id, document_id, subscription_id } = rows[0]!;
    const insertEvent = () =>
      t.db
        .insertInto('events')
        .values({
          user_id,
          document_id,
          name_subscription_id: subscription_id,
          apn_subscription_id: null,
          match_kind: 'name',
          matched_value: 'SMITH JOHN',
          party_role: 'grantor',
          is_exact: true,
          tier: 'exact',
          confidence: 0.9,
        })
        .execute();
    await insertEvent();
    await expect(insertEvent()).rejects.toThrow(/events_name_subscription_document_key/);
  });

  it('keep user_role_counts equal to a real count through inserts, role changes, other updates and deletes', async () => {
    const counted = async () => {
      const { rows } = await sql<{ role: string; kept: string; real: string }>`
        SELECT c.role, c.users AS kept, (SELECT count(*) FROM users u WHERE u.role = c.role) AS real
        FROM user_role_counts c ORDER BY c.role`.execute(t.db);
      return rows;
    };
    const expectExact = async () => {
      for (const row of await counted())
        expect({ role: row.role, users: row.kept }).toEqual({ role: row.role, users: row.real });
    };
    await sql`INSERT INTO users (email) SELECT 'bulk' || i || '@b.co' FROM generate_series(1, 500) AS i`.execute(
      t.db,
    );
    await sql`INSERT INTO users (email, role) VALUES ('cs1@b.co', 'customersupport'), ('ad1@b.co', 'admin')`.execute(
      t.db,
    );
    await expectExact();
    await sql`UPDATE users SET role = 'customersupport' WHERE email LIKE 'bulk1%'`.execute(t.db);
    await expectExact();
    await sql`UPDATE users SET last_login_at = now()`.execute(t.db);
    await expectExact();
    await sql`DELETE FROM users WHERE email LIKE 'bulk2%' OR email = 'ad1@b.co'`.execute(t.db);
    await expectExact();
    const kept = await counted();
    expect(kept.find((r) => r.role === 'customersupport')?.kept).toBe('112');
  });

  it('0029 moves the names of counties with a parcels partition into partitions of their own, and back', async () => {
    // A migration sees the database untyped.
    const untyped = () => t.db as unknown as Kysely<unknown>;
    const imported = await createCounty(t.db, { code: 'M29A' });
    const other = await createCounty(t.db, { code: 'M29B' });
    const rows = async () =>
      (
        await sql<{
          id: string;
          county_id: number;
          name_key: string;
          document_count: number;
          table: string;
        }>`
          SELECT id, county_id, name_key, document_count, tableoid::regclass::text AS table
          FROM index_names WHERE county_id IN (${imported.id}, ${other.id}) ORDER BY id`.execute(
          t.db,
        )
      ).rows;
    const insertName = (countyId: number, key: string) =>
      sql<{ id: string }>`
        INSERT INTO index_names (county_id, name, name_key, document_count)
        VALUES (${countyId}, ${key}, ${key}, 1) RETURNING id`.execute(t.db);
    const indexesOf = async (table: string) =>
      (
        await sql<{ index: string }>`
          SELECT indexrelid::regclass::text AS index FROM pg_index
          WHERE indrelid = ${table}::regclass ORDER BY 1`.execute(t.db)
      ).rows.map((r) => r.index);

    // Before 0029: one table. A county imported has a parcels partition of its own.
    await indexNamesByCounty.down(untyped());
    await sql`CREATE TABLE ${sql.raw(`parcels_county_${imported.id}`)}
      PARTITION OF parcels FOR VALUES IN (${sql.lit(imported.id)})`.execute(t.db);
    await insertName(imported.id, 'ALDER ANN');
    await insertName(other.id, 'BIRCH BEN');
    await insertName(imported.id, 'CEDAR CY');
    const flat = await rows();
    expect(new Set(flat.map((r) => r.table))).toEqual(new Set(['index_names']));

    await indexNamesByCounty.up(untyped());
    const split = await rows();
    expect(split.map(({ table: _, ...r }) => r)).toEqual(flat.map(({ table: _, ...r }) => r));
    expect(split.map((r) => r.table)).toEqual([
      `index_names_county_${imported.id}`,
      'index_names_default',
      `index_names_county_${imported.id}`,
    ]);
    expect(await indexesOf(`index_names_county_${imported.id}`)).toEqual(
      ['name_key', 'pkey'].map((suffix) => `index_names_county_${imported.id}_${suffix}`),
    );
    // New names: ids after the old ones, unique per county, surnames into the dictionary.
    const { rows: added } = await insertName(other.id, 'DOGWOOD DI');
    expect(BigInt(added[0]!.id)).toBeGreaterThan(BigInt(flat.at(-1)!.id));
    await expect(insertName(imported.id, 'ALDER ANN')).rejects.toThrow(/duplicate key/);
    const { rows: tokens } = await sql<{ token: string }>`
      SELECT token FROM search_tokens
      WHERE county_id = ${other.id} AND kind = 'surname' AND delete_key = token ORDER BY 1`.execute(
      t.db,
    );
    expect(tokens.map((r) => r.token)).toEqual(['BIRCH', 'DOGWOOD']);

    // And back: one table with every row and id, its identity after the last.
    const before = await rows();
    await indexNamesByCounty.down(untyped());
    expect((await rows()).map(({ table: _, ...r }) => r)).toEqual(
      before.map(({ table: _, ...r }) => r),
    );
    const { rows: again } = await insertName(other.id, 'ELM ED');
    expect(BigInt(again[0]!.id)).toBeGreaterThan(BigInt(before.at(-1)!.id));
    await indexNamesByCounty.up(untyped());
    expect(await pendingMigrations(t.db)).toEqual([]);
  });

  it('keep the search dictionary of a county until the county is deleted, each key once', async () => {
    // As migration 0030 leaves it, after a round trip through its down.
    const untyped = t.db as unknown as Kysely<unknown>;
    await searchTokensDerived.down(untyped);
    await searchTokensDerived.up(untyped);
    const county = await createCounty(t.db, { code: 'TOKN' });
    const keys = async () =>
      (
        await sql<{ delete_key: string }>`
          SELECT delete_key FROM search_tokens WHERE county_id = ${county.id} AND token = 'ALLEN'
          ORDER BY 1`.execute(t.db)
      ).rows.map((r) => r.delete_key);
    // Two deletions of ALLEN coincide (ALEN): one key, in one statement.
    await sql`
      INSERT INTO index_names (county_id, name, name_key)
      VALUES (${county.id}, 'ALLEN ADA', 'ALLEN ADA'), (${county.id}, 'ALLEN BO', 'ALLEN BO')`.execute(
      t.db,
    );
    expect(await keys()).toEqual(['ALEN', 'ALLE', 'ALLEN', 'ALLN', 'LLEN']);
    await t.db.deleteFrom('counties').where('id', '=', county.id).execute();
    expect(await keys()).toEqual([]);
  });
});

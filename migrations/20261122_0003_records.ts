import { type Kysely, sql } from 'kysely';

// Key columns (apn_key, address_key, name_key) hold values normalised in code at write time.
// They use the C collation so a plain btree serves `LIKE 'prefix%'`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE parcels (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      county_id   integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      apn         text NOT NULL,
      apn_key     text COLLATE "C" NOT NULL,
      address     text NOT NULL DEFAULT '',
      address_key text COLLATE "C" NOT NULL DEFAULT '',
      city        text NOT NULL DEFAULT '',
      state       text NOT NULL DEFAULT '',
      zip         text NOT NULL DEFAULT '',
      owner_names text[] NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX parcels_apn_key ON parcels (county_id, apn_key)`.execute(db);
  await sql`CREATE INDEX parcels_address_key_idx ON parcels (county_id, address_key)`.execute(db);
  await sql`CREATE INDEX parcels_address_key_trgm_idx ON parcels USING gin (address_key gin_trgm_ops)`.execute(
    db,
  );

  // Distinct names of the recorder's index with how many documents carry each.
  await sql`
    CREATE TABLE index_names (
      id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      county_id        integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      name             text NOT NULL,
      name_key         text COLLATE "C" NOT NULL,
      document_count   integer NOT NULL DEFAULT 0 CHECK (document_count >= 0),
      last_recorded_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX index_names_name_key ON index_names (county_id, name_key)`.execute(
    db,
  );

  await sql`
    CREATE TABLE recorded_documents (
      id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      county_id       integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      document_number text NOT NULL,
      document_type   text NOT NULL,
      recorded_at     timestamptz NOT NULL,
      container       text NOT NULL,
      file_name       text NOT NULL,
      page_count      integer,
      pdf_error       text,
      text_search     tsvector,
      ingested_at     timestamptz NOT NULL DEFAULT now(),
      matched_at      timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX recorded_documents_number_key ON recorded_documents (county_id, document_number)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX recorded_documents_blob_key ON recorded_documents (container, file_name)`.execute(
    db,
  );
  await sql`CREATE INDEX recorded_documents_recorded_at_idx ON recorded_documents (county_id, recorded_at)`.execute(
    db,
  );
  await sql`CREATE INDEX recorded_documents_unmatched_idx ON recorded_documents (id) WHERE matched_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX recorded_documents_text_idx ON recorded_documents USING gin (text_search)`.execute(
    db,
  );

  await sql`
    CREATE TABLE document_parties (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      document_id bigint NOT NULL REFERENCES recorded_documents (id) ON DELETE CASCADE,
      role        text NOT NULL CHECK (role IN ('grantor', 'grantee')),
      name        text NOT NULL,
      name_key    text COLLATE "C" NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX document_parties_document_id_idx ON document_parties (document_id)`.execute(
    db,
  );
  await sql`CREATE INDEX document_parties_name_key_idx ON document_parties (name_key)`.execute(db);

  await sql`
    CREATE TABLE document_parcels (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      document_id bigint NOT NULL REFERENCES recorded_documents (id) ON DELETE CASCADE,
      apn         text,
      apn_key     text COLLATE "C",
      address     text,
      address_key text COLLATE "C",
      source      text NOT NULL DEFAULT 'index' CHECK (source IN ('index', 'text')),
      CHECK (apn_key IS NOT NULL OR address_key IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX document_parcels_document_id_idx ON document_parcels (document_id)`.execute(
    db,
  );
  await sql`CREATE INDEX document_parcels_apn_key_idx ON document_parcels (apn_key)`.execute(db);
  await sql`CREATE INDEX document_parcels_address_key_idx ON document_parcels (address_key)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE document_parcels, document_parties, recorded_documents, index_names, parcels`.execute(
    db,
  );
}

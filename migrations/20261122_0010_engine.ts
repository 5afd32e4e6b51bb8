import { type Kysely, sql } from 'kysely';

// The matching engine's keys. Every key is computed in code at write time
// (server/src/matching/names.ts, normalize.ts) and only compared here:
// - a name's canonical key (equal keys: the same name) and its kind (person, business, trust);
// - a person's readings (surname, first given name, the rest), one or two per name, for the
//   "same surname and first name, compatible middle" rule;
// - the surname's deletion keys (SymSpell, one edit) for the typo rule: stored per reading as an
//   array on the document side, one row per key on the subscription side so a btree finds them.
// Addresses match on the street key, or on the house number and zip with trigram similarity.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A folder the inbox cron polls for recorder feed folders; '' for none.
  await sql`ALTER TABLE counties ADD COLUMN inbox_path text NOT NULL DEFAULT ''`.execute(db);

  await sql`
    ALTER TABLE name_subscriptions
      ADD COLUMN match_key text COLLATE "C" NOT NULL DEFAULT '',
      ADD COLUMN name_kind text NOT NULL DEFAULT 'person'
        CHECK (name_kind IN ('person', 'business', 'trust'))`.execute(db);
  await sql`CREATE INDEX name_subscriptions_match_key_idx ON name_subscriptions (county_id, match_key) WHERE match_key <> ''`.execute(
    db,
  );
  await sql`
    CREATE TABLE name_subscription_readings (
      subscription_id uuid NOT NULL REFERENCES name_subscriptions (id) ON DELETE CASCADE,
      county_id       integer NOT NULL,
      surname         text COLLATE "C" NOT NULL,
      first           text COLLATE "C" NOT NULL,
      middle          text COLLATE "C" NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX name_subscription_readings_subscription_id_idx ON name_subscription_readings (subscription_id)`.execute(
    db,
  );
  await sql`CREATE INDEX name_subscription_readings_name_idx ON name_subscription_readings (county_id, surname, first)`.execute(
    db,
  );
  await sql`
    CREATE TABLE name_subscription_typo_keys (
      subscription_id uuid NOT NULL REFERENCES name_subscriptions (id) ON DELETE CASCADE,
      county_id       integer NOT NULL,
      deletion_key    text COLLATE "C" NOT NULL,
      surname         text COLLATE "C" NOT NULL,
      first           text COLLATE "C" NOT NULL,
      middle          text COLLATE "C" NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX name_subscription_typo_keys_subscription_id_idx ON name_subscription_typo_keys (subscription_id)`.execute(
    db,
  );
  await sql`CREATE INDEX name_subscription_typo_keys_key_idx ON name_subscription_typo_keys (county_id, deletion_key, first)`.execute(
    db,
  );

  await sql`
    ALTER TABLE document_parties
      ADD COLUMN match_key text COLLATE "C" NOT NULL DEFAULT '',
      ADD COLUMN name_kind text NOT NULL DEFAULT 'person'
        CHECK (name_kind IN ('person', 'business', 'trust'))`.execute(db);
  await sql`
    CREATE TABLE document_party_readings (
      party_id      bigint NOT NULL REFERENCES document_parties (id) ON DELETE CASCADE,
      document_id   bigint NOT NULL REFERENCES recorded_documents (id) ON DELETE CASCADE,
      surname       text COLLATE "C" NOT NULL,
      first         text COLLATE "C" NOT NULL,
      middle        text COLLATE "C" NOT NULL DEFAULT '',
      deletion_keys text[] COLLATE "C" NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX document_party_readings_party_id_idx ON document_party_readings (party_id)`.execute(
    db,
  );
  await sql`CREATE INDEX document_party_readings_document_id_idx ON document_party_readings (document_id)`.execute(
    db,
  );

  // Addresses: the street key (no city or zip) plus the zip, on both sides.
  await sql`ALTER TABLE apn_subscriptions ADD COLUMN address_zip text COLLATE "C"`.execute(db);
  await sql`CREATE INDEX apn_subscriptions_address_zip_idx ON apn_subscriptions (county_id, address_zip) WHERE address_zip IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE document_parcels ADD COLUMN zip text COLLATE "C"`.execute(db);

  // Why a document could not be read is kept on the document (pdf_error); the excerpt mailed
  // with alerts is made once per document and kept in the blob store beside it.
  await sql`ALTER TABLE recorded_documents ADD COLUMN excerpt_file text`.execute(db);

  // The same rule as middleCompatible in server/src/matching/names.ts (a test checks both agree).
  await sql`
    CREATE FUNCTION names_middle_compatible(a text, b text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT a = '' OR b = '' OR a = b
        OR (length(split_part(a, ' ', 1)) = 1 AND split_part(a, ' ', 1) = left(b, 1))
        OR (length(split_part(b, ' ', 1)) = 1 AND split_part(b, ' ', 1) = left(a, 1))
        OR split_part(a, ' ', 1) = split_part(b, ' ', 1)
    $$`.execute(db);

  // A printed county mailer is made once per county and day.
  await sql`
    CREATE TABLE county_mailers (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      county_id   integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      mailer_date date NOT NULL,
      file_path   text NOT NULL,
      letters     integer NOT NULL,
      pages       integer NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX county_mailers_day_key ON county_mailers (county_id, mailer_date)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE county_mailers`.execute(db);
  await sql`DROP FUNCTION names_middle_compatible(text, text)`.execute(db);
  await sql`ALTER TABLE recorded_documents DROP COLUMN excerpt_file`.execute(db);
  await sql`ALTER TABLE document_parcels DROP COLUMN zip`.execute(db);
  await sql`ALTER TABLE apn_subscriptions DROP COLUMN address_zip`.execute(db);
  await sql`DROP TABLE document_party_readings`.execute(db);
  await sql`ALTER TABLE document_parties DROP COLUMN name_kind, DROP COLUMN match_key`.execute(db);
  await sql`DROP TABLE name_subscription_typo_keys, name_subscription_readings`.execute(db);
  await sql`ALTER TABLE name_subscriptions DROP COLUMN name_kind, DROP COLUMN match_key`.execute(
    db,
  );
  await sql`ALTER TABLE counties DROP COLUMN inbox_path`.execute(db);
}

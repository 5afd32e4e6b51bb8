import { type Kysely, sql } from 'kysely';

// Every name match becomes an event with a tier instead of a match under the confidence line
// being dropped:
// - events.tier: exact (equal keys), strong (a variant, nickname or typo the rules are sure of),
//   possible (a variant of a common name, or a rule that is never sure); events.namesakes: the
//   county's documents under the commoner name's surname and first name, which set the tier;
//   events.on_record: found by the history check of a new guard (recorded before it existed, so
//   never alerted one by one); events.digested_at: when a possible event went out in a digest.
// - name_subscriptions.possible_matches: the subscriber's choice per guarded name (a daily
//   digest, an alert at once, or not shown); history_checked_at on both guard tables.
// - The keys the matcher joins on: a name's generational suffix (JR, SR, II ...: different
//   suffixes are different people), readings marked `is_part` (one part of a two-part surname
//   alone: only ever a possible match) or `is_reversed` (read first-last: two such readings
//   never make a typo match), and the nicknames of a guarded first name, one row each
//   so that a btree finds them. The code that computes them (server/src/keys) records which
//   version of the keys it writes (NAME_KEYS_VERSION); stored keys of an older version are
//   recomputed by the worker (server/src/engine/rekey), since a migration must not import that code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE events
      ADD COLUMN tier text NOT NULL DEFAULT 'exact' CHECK (tier IN ('exact', 'strong', 'possible')),
      ADD COLUMN namesakes integer CHECK (namesakes >= 0),
      ADD COLUMN on_record boolean NOT NULL DEFAULT false,
      ADD COLUMN digested_at timestamptz`.execute(db);
  // Before tiers, a match that was not exact was kept only at confidence 0.6 or more: strong.
  await sql`UPDATE events SET tier = 'strong' WHERE NOT is_exact`.execute(db);
  await sql`ALTER TABLE events ALTER COLUMN tier DROP DEFAULT`.execute(db);
  // The digest's work: possible events not yet mailed, per user.
  await sql`
    CREATE INDEX events_possible_undigested_idx ON events (user_id)
    WHERE tier = 'possible' AND digested_at IS NULL AND NOT on_record`.execute(db);

  await sql`
    ALTER TABLE name_subscriptions
      ADD COLUMN possible_matches text NOT NULL DEFAULT 'digest'
        CHECK (possible_matches IN ('digest', 'immediately', 'hide')),
      ADD COLUMN suffix text COLLATE "C" NOT NULL DEFAULT '',
      ADD COLUMN history_checked_at timestamptz`.execute(db);
  await sql`ALTER TABLE apn_subscriptions ADD COLUMN history_checked_at timestamptz`.execute(db);

  await sql`
    ALTER TABLE name_subscription_readings
      ADD COLUMN suffix text COLLATE "C" NOT NULL DEFAULT '',
      ADD COLUMN is_part boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE name_subscription_typo_keys
      ADD COLUMN suffix text COLLATE "C" NOT NULL DEFAULT '',
      ADD COLUMN is_reversed boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE name_subscription_nicknames (
      subscription_id uuid NOT NULL REFERENCES name_subscriptions (id) ON DELETE CASCADE,
      county_id       integer NOT NULL,
      surname         text COLLATE "C" NOT NULL,
      nickname        text COLLATE "C" NOT NULL,
      first           text COLLATE "C" NOT NULL,
      middle          text COLLATE "C" NOT NULL DEFAULT '',
      suffix          text COLLATE "C" NOT NULL DEFAULT '',
      is_part         boolean NOT NULL DEFAULT false
    )`.execute(db);
  await sql`CREATE INDEX name_subscription_nicknames_subscription_id_idx ON name_subscription_nicknames (subscription_id)`.execute(
    db,
  );
  await sql`CREATE INDEX name_subscription_nicknames_name_idx ON name_subscription_nicknames (county_id, surname, nickname)`.execute(
    db,
  );

  await sql`ALTER TABLE document_parties ADD COLUMN suffix text COLLATE "C" NOT NULL DEFAULT ''`.execute(
    db,
  );
  await sql`
    ALTER TABLE document_party_readings
      ADD COLUMN is_part boolean NOT NULL DEFAULT false,
      ADD COLUMN is_reversed boolean NOT NULL DEFAULT false`.execute(db);
  // The history check looks documents up from a guarded name: by surname (and first name).
  await sql`CREATE INDEX document_party_readings_name_idx ON document_party_readings (surname, first)`.execute(
    db,
  );
  await sql`CREATE INDEX document_parties_match_key_idx ON document_parties (match_key) WHERE match_key <> ''`.execute(
    db,
  );

  // The same rule as suffixesCompatible in server/src/keys/names.ts.
  await sql`
    CREATE FUNCTION names_suffix_compatible(a text, b text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT a = '' OR b = '' OR a = b $$`.execute(db);

  await sql`
    CREATE TABLE name_keys_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version  integer NOT NULL
    )`.execute(db);
  // Keys stored before this migration are version 1; a database with none has nothing to
  // recompute, and starts at version 2, the keys this migration's columns go with.
  await sql`
    INSERT INTO name_keys_version (version)
    SELECT CASE WHEN EXISTS (SELECT 1 FROM document_parties) OR EXISTS (SELECT 1 FROM name_subscriptions)
                THEN 1 ELSE 2 END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE name_keys_version`.execute(db);
  await sql`DROP FUNCTION names_suffix_compatible(text, text)`.execute(db);
  await sql`DROP INDEX document_parties_match_key_idx`.execute(db);
  await sql`DROP INDEX document_party_readings_name_idx`.execute(db);
  await sql`ALTER TABLE document_party_readings DROP COLUMN is_reversed, DROP COLUMN is_part`.execute(
    db,
  );
  await sql`ALTER TABLE document_parties DROP COLUMN suffix`.execute(db);
  await sql`DROP TABLE name_subscription_nicknames`.execute(db);
  await sql`ALTER TABLE name_subscription_typo_keys DROP COLUMN is_reversed, DROP COLUMN suffix`.execute(
    db,
  );
  await sql`ALTER TABLE name_subscription_readings DROP COLUMN is_part, DROP COLUMN suffix`.execute(
    db,
  );
  await sql`ALTER TABLE apn_subscriptions DROP COLUMN history_checked_at`.execute(db);
  await sql`
    ALTER TABLE name_subscriptions
      DROP COLUMN history_checked_at, DROP COLUMN suffix, DROP COLUMN possible_matches`.execute(db);
  await sql`DROP INDEX events_possible_undigested_idx`.execute(db);
  await sql`
    ALTER TABLE events
      DROP COLUMN digested_at, DROP COLUMN on_record, DROP COLUMN namesakes, DROP COLUMN tier`.execute(
    db,
  );
}

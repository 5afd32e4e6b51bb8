import { type Kysely, sql } from 'kysely';

// From alert to action:
// - Risk levels. level_defaults holds, per document type (as level_document_type writes it) and
//   per subject (the guarded party as grantor or grantee, or the guarded property), the level
//   of an event: act_now, check or records. county_level_overrides holds a county's own rows,
//   which win. event_level(county, document type, match kind, party role) reads both, and a
//   type in neither is 'check'. events.level stores the result: a BEFORE INSERT trigger fills
//   it from the event's document when the writer does not give it, and the back-office
//   recomputes a county's events when its overrides change. county_stats counts events per
//   level beside the tiers (the functions of migration 0019, replaced by versions that also
//   count levels, and a row trigger for a level rewritten).
// - events.recognised_at: the subscriber said "I recognise this".
// - counties.fraud_contact_*: whom the county wants a suspected fraud reported to.
// - cases: a subscriber's "This wasn't me" report on a document (one per user and document),
//   with the statement, how to reach them, what matched (kept should the event go with its
//   guard), the case packet's blob and its status, which only moves forward: open, contacted,
//   closed (a trigger refuses a move back). case_notes: staff notes. The audit log is read per
//   case, so it gets an index on its target.
// - trusted_contacts: up to two people a subscriber names to receive copies of Act now alerts,
//   once they accept; trusted_contact_codes: the single-use codes of their accept and stop
//   links, stored as SHA-256 only.
// - deliveries.kind admits case_packet, contact_invite and alert_copy (the kinds the check
//   admits are read from the constraint as it stands, so this widens whatever an earlier
//   migration left); an alert copy is queued once per user, document and recipient.

const LEVELS = sql`('act_now', 'check', 'records')`;
const SUBJECTS = sql`('grantor', 'grantee', 'property')`;
const NEW_KINDS = ['case_packet', 'contact_invite', 'alert_copy'];

/** Conveyances: act now when the guarded owner gives the property, or it is the guarded property. */
const CONVEYANCES = [
  'GRANT DEED',
  'QUITCLAIM DEED',
  'QUIT CLAIM DEED',
  'WARRANTY DEED',
  'TRUST TRANSFER DEED',
  'INTERSPOUSAL TRANSFER DEED',
  'INTERSPOUSAL TRANSFER GRANT DEED',
  'GIFT DEED',
  'DEED',
  'TRANSFER ON DEATH DEED',
  'REVOCABLE TRANSFER ON DEATH DEED',
  'AFFIDAVIT OF DEATH OF JOINT TENANT',
  'TRUSTEES DEED',
  'TRUSTEES DEED UPON SALE',
  'SHERIFFS DEED',
  'TAX DEED',
];
/** Loans: act now when the guarded owner is the borrower, or it is the guarded property. */
const LOANS = [
  'DEED OF TRUST',
  'SHORT FORM DEED OF TRUST',
  'DEED OF TRUST AND ASSIGNMENT OF RENTS',
  'MORTGAGE',
];
/** Against the owner or the property, whoever the index names on which side: always act now. */
const CLAIMS = [
  'NOTICE OF DEFAULT',
  'NOTICE OF DEFAULT AND ELECTION TO SELL',
  'NOTICE OF TRUSTEES SALE',
  'NOTICE OF SALE',
  'LIS PENDENS',
  'NOTICE OF PENDENCY OF ACTION',
  'LIEN',
  'NOTICE OF LIEN',
  'MECHANICS LIEN',
  'TAX LIEN',
  'FEDERAL TAX LIEN',
  'STATE TAX LIEN',
  'NOTICE OF DELINQUENT ASSESSMENT',
  'ABSTRACT OF JUDGMENT',
  'JUDGMENT',
];
/** Worth a look, whoever they name. */
const CHECKS = [
  'ASSIGNMENT',
  'ASSIGNMENT OF DEED OF TRUST',
  'ASSIGNMENT OF MORTGAGE',
  'SUBSTITUTION OF TRUSTEE',
  'EASEMENT',
  'GRANT OF EASEMENT',
];
/** Something paid off or ended: for the subscriber's records. */
const RECORDS = [
  'RECONVEYANCE',
  'FULL RECONVEYANCE',
  'PARTIAL RECONVEYANCE',
  'SUBSTITUTION OF TRUSTEE AND FULL RECONVEYANCE',
  'RELEASE',
  'RELEASE OF LIEN',
  'RELEASE OF MECHANICS LIEN',
  'RELEASE OF FEDERAL TAX LIEN',
  'WITHDRAWAL OF FEDERAL TAX LIEN',
  'SATISFACTION',
  'SATISFACTION OF MORTGAGE',
  'SATISFACTION OF JUDGMENT',
  'ACKNOWLEDGMENT OF SATISFACTION OF JUDGMENT',
  'RESCISSION OF NOTICE OF DEFAULT',
];

type Level = 'act_now' | 'check' | 'records';
const rows = (types: string[], grantor: Level, grantee: Level, property: Level) =>
  types.flatMap((type) => [
    [type, 'grantor', grantor],
    [type, 'grantee', grantee],
    [type, 'property', property],
  ]);
const DEFAULTS = [
  ...rows(CONVEYANCES, 'act_now', 'check', 'act_now'),
  ...rows(LOANS, 'act_now', 'check', 'act_now'),
  ...rows(CLAIMS, 'act_now', 'act_now', 'act_now'),
  ...rows(CHECKS, 'check', 'check', 'check'),
  ...rows(RECORDS, 'records', 'records', 'records'),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The form of a document type the level tables are keyed by: apostrophes dropped (TRUSTEE'S
  // and TRUSTEES are one type), spaces collapsed, trimmed, upper-cased. levelDocumentType in
  // the shared rules is its twin.
  await sql`
    CREATE FUNCTION level_document_type(p_type text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT upper(btrim(regexp_replace(translate(p_type, '''’', ''), '[[:space:]]+', ' ', 'g'))) COLLATE "C"
    $$`.execute(db);
  await sql`
    CREATE FUNCTION level_subject(p_match_kind text, p_party_role text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN p_match_kind IN ('apn', 'address') THEN 'property'
                  WHEN p_party_role = 'grantor' THEN 'grantor'
                  ELSE 'grantee' END
    $$`.execute(db);

  await sql`
    CREATE TABLE level_defaults (
      document_type text COLLATE "C" NOT NULL
                    CHECK (length(document_type) BETWEEN 1 AND 100
                           AND document_type = level_document_type(document_type)),
      subject       text NOT NULL CHECK (subject IN ${SUBJECTS}),
      level         text NOT NULL CHECK (level IN ${LEVELS}),
      PRIMARY KEY (document_type, subject)
    )`.execute(db);
  await sql`
    INSERT INTO level_defaults (document_type, subject, level)
    SELECT * FROM unnest(${DEFAULTS.map((r) => r[0])}::text[], ${DEFAULTS.map((r) => r[1])}::text[],
                         ${DEFAULTS.map((r) => r[2])}::text[])`.execute(db);

  await sql`
    CREATE TABLE county_level_overrides (
      county_id     integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      document_type text COLLATE "C" NOT NULL
                    CHECK (length(document_type) BETWEEN 1 AND 100
                           AND document_type = level_document_type(document_type)),
      subject       text NOT NULL CHECK (subject IN ${SUBJECTS}),
      level         text NOT NULL CHECK (level IN ${LEVELS}),
      PRIMARY KEY (county_id, document_type, subject)
    )`.execute(db);

  await sql`
    CREATE FUNCTION event_level(p_county_id integer, p_document_type text, p_match_kind text,
                                p_party_role text) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT coalesce(
        (SELECT o.level FROM county_level_overrides o
         WHERE o.county_id = p_county_id AND o.document_type = level_document_type(p_document_type)
           AND o.subject = level_subject(p_match_kind, p_party_role)),
        (SELECT d.level FROM level_defaults d
         WHERE d.document_type = level_document_type(p_document_type)
           AND d.subject = level_subject(p_match_kind, p_party_role)),
        'check')
    $$`.execute(db);

  await sql`
    ALTER TABLE events
      ADD COLUMN level text CHECK (level IN ${LEVELS}),
      ADD COLUMN recognised_at timestamptz`.execute(db);
  await sql`
    UPDATE events e SET level = event_level(d.county_id, d.document_type, e.match_kind, e.party_role)
    FROM recorded_documents d WHERE d.id = e.document_id`.execute(db);
  await sql`ALTER TABLE events ALTER COLUMN level SET NOT NULL`.execute(db);
  // Writers that do not say the level (the matcher may compute it in its own INSERT) get it
  // from the event's document and the county's table.
  await sql`
    CREATE FUNCTION events_fill_level() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT event_level(d.county_id, d.document_type, NEW.match_kind, NEW.party_role)
      INTO NEW.level
      FROM recorded_documents d WHERE d.id = NEW.document_id;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_level_insert BEFORE INSERT ON events
    FOR EACH ROW WHEN (NEW.level IS NULL) EXECUTE FUNCTION events_fill_level()`.execute(db);

  await addLevelCounters(db);

  await sql`
    ALTER TABLE counties
      ADD COLUMN fraud_contact_name  text NOT NULL DEFAULT '' CHECK (length(fraud_contact_name) <= 200),
      ADD COLUMN fraud_contact_phone text NOT NULL DEFAULT '' CHECK (length(fraud_contact_phone) <= 40),
      ADD COLUMN fraud_contact_email text NOT NULL DEFAULT '' CHECK (length(fraud_contact_email) <= 320),
      ADD COLUMN fraud_contact_url   text NOT NULL DEFAULT '' CHECK (length(fraud_contact_url) <= 2000)`.execute(
    db,
  );

  await sql`
    CREATE TABLE cases (
      id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_number       bigint GENERATED ALWAYS AS IDENTITY (START WITH 1001) UNIQUE,
      user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      document_id       bigint NOT NULL REFERENCES recorded_documents (id) ON DELETE CASCADE,
      county_id         integer NOT NULL REFERENCES counties (id) ON DELETE CASCADE,
      event_id          uuid REFERENCES events (id) ON DELETE SET NULL,
      status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'contacted', 'closed')),
      problem           text NOT NULL
                        CHECK (problem IN ('did_not_sign', 'not_authorised', 'unknown_parties', 'other')),
      statement         text NOT NULL CHECK (length(statement) BETWEEN 1 AND 2000),
      contact_email     text NOT NULL CHECK (length(contact_email) BETWEEN 3 AND 320),
      contact_phone     text NOT NULL DEFAULT '' CHECK (length(contact_phone) <= 20),
      preferred_contact text NOT NULL CHECK (preferred_contact IN ('email', 'phone')),
      level             text NOT NULL CHECK (level IN ${LEVELS}),
      match_kind        text NOT NULL,
      matched_value     text NOT NULL,
      party_role        text CHECK (party_role IN ('grantor', 'grantee')),
      guarded           text NOT NULL,
      packet_file       text,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      contacted_at      timestamptz,
      closed_at         timestamptz,
      UNIQUE (user_id, document_id)
    )`.execute(db);
  await sql`CREATE INDEX cases_status_idx ON cases (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX cases_county_status_idx ON cases (county_id, status, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX cases_document_id_idx ON cases (document_id)`.execute(db);
  await sql`CREATE INDEX cases_event_id_idx ON cases (event_id)`.execute(db);
  await sql`
    CREATE FUNCTION cases_status_forward() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF array_position(ARRAY['open', 'contacted', 'closed'], NEW.status)
         < array_position(ARRAY['open', 'contacted', 'closed'], OLD.status) THEN
        RAISE EXCEPTION 'case % cannot move from % back to %', OLD.case_number, OLD.status, NEW.status
          USING ERRCODE = 'check_violation', CONSTRAINT = 'cases_status_forward';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER cases_status_update BEFORE UPDATE OF status ON cases
    FOR EACH ROW EXECUTE FUNCTION cases_status_forward()`.execute(db);

  await sql`
    CREATE TABLE case_notes (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      case_id    uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      author_id  uuid REFERENCES users (id) ON DELETE SET NULL,
      body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX case_notes_case_id_idx ON case_notes (case_id, created_at)`.execute(db);
  await sql`CREATE INDEX case_notes_author_id_idx ON case_notes (author_id)`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE trusted_contacts (
      id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email       text COLLATE "C" NOT NULL
                  CHECK (length(email) BETWEEN 3 AND 320 AND email = lower(email)),
      name        text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
      status      text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'stopped')),
      created_at  timestamptz NOT NULL DEFAULT now(),
      accepted_at timestamptz,
      stopped_at  timestamptz,
      UNIQUE (user_id, email)
    )`.execute(db);
  await sql`
    CREATE TABLE trusted_contact_codes (
      contact_id uuid NOT NULL REFERENCES trusted_contacts (id) ON DELETE CASCADE,
      purpose    text NOT NULL CHECK (purpose IN ('accept', 'stop')),
      code_hash  bytea NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at    timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX trusted_contact_codes_contact_id_idx ON trusted_contact_codes (contact_id)`.execute(
    db,
  );

  await setDeliveryKinds(db, 'add');
  await sql`CREATE UNIQUE INDEX deliveries_alert_copy_key ON deliveries (user_id, document_id, recipient) WHERE kind = 'alert_copy'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX deliveries_alert_copy_key`.execute(db);
  await sql`DELETE FROM deliveries WHERE kind = ANY (${NEW_KINDS}::text[])`.execute(db);
  await setDeliveryKinds(db, 'remove');
  await sql`DROP TABLE trusted_contact_codes, trusted_contacts`.execute(db);
  await sql`DROP INDEX audit_log_target_idx`.execute(db);
  await sql`DROP TABLE case_notes, cases`.execute(db);
  await sql`DROP FUNCTION cases_status_forward()`.execute(db);
  await sql`
    ALTER TABLE counties
      DROP COLUMN fraud_contact_url, DROP COLUMN fraud_contact_email,
      DROP COLUMN fraud_contact_phone, DROP COLUMN fraud_contact_name`.execute(db);
  await dropLevelCounters(db);
  await sql`DROP TRIGGER events_level_insert ON events`.execute(db);
  await sql`DROP FUNCTION events_fill_level()`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN recognised_at, DROP COLUMN level`.execute(db);
  await sql`DROP FUNCTION event_level(integer, text, text, text)`.execute(db);
  await sql`DROP TABLE county_level_overrides, level_defaults`.execute(db);
  await sql`DROP FUNCTION level_subject(text, text), level_document_type(text)`.execute(db);
}

/** Rewrites deliveries_kind_check with the kinds it admits now, plus or minus ours. */
async function setDeliveryKinds(db: Kysely<unknown>, change: 'add' | 'remove'): Promise<void> {
  await sql`
    DO $$
    DECLARE
      kinds text[];
      ours text[] := ${sql.lit(`{${NEW_KINDS.join(',')}}`)}::text[];
    BEGIN
      -- The check reads kind IN ('a', 'b') or kind = ANY ('{a,b}'::text[]): each quoted
      -- string is a kind, or an array literal of kinds.
      SELECT array_agg(DISTINCT k ORDER BY k) INTO kinds
      FROM pg_constraint c,
           regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') AS m,
           unnest(CASE WHEN m[1] LIKE '{%}' THEN m[1]::text[] ELSE ARRAY[m[1]] END) AS k
      WHERE c.conname = 'deliveries_kind_check' AND c.conrelid = 'deliveries'::regclass
        AND k <> ALL (ours);
      IF ${sql.lit(change === 'add')} THEN
        kinds := kinds || ours;
      END IF;
      ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
      EXECUTE format(
        'ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind = ANY (%L::text[]))',
        kinds);
    END $$`.execute(db);
}

/**
 * Events per level in county_stats, kept as the tiers are (migration 0019): the same statement
 * triggers' functions, now counting levels too, and a row trigger for a level rewritten (a
 * county's overrides changed), limited to statements that set the level.
 */
async function addLevelCounters(db: Kysely<unknown>): Promise<void> {
  for (const table of ['county_stats', 'county_stats_deltas']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN events_act_now bigint NOT NULL DEFAULT 0,
        ADD COLUMN events_check bigint NOT NULL DEFAULT 0,
        ADD COLUMN events_records bigint NOT NULL DEFAULT 0`.execute(db);
  }
  await sql`
    CREATE OR REPLACE FUNCTION county_stats_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      INSERT INTO county_stats_deltas (county_id, events, events_exact, events_strong, events_possible,
                                       events_act_now, events_check, events_records)
      SELECT d.county_id, sign * count(*),
             sign * count(*) FILTER (WHERE e.tier = 'exact'),
             sign * count(*) FILTER (WHERE e.tier = 'strong'),
             sign * count(*) FILTER (WHERE e.tier = 'possible'),
             sign * count(*) FILTER (WHERE e.level = 'act_now'),
             sign * count(*) FILTER (WHERE e.level = 'check'),
             sign * count(*) FILTER (WHERE e.level = 'records')
      FROM changed e
      JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
      JOIN recorded_documents d ON d.id = e.document_id
      JOIN counties k ON k.id = d.county_id
      GROUP BY d.county_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION county_stats_event_level_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO county_stats_deltas (county_id, events_act_now, events_check, events_records)
      SELECT d.county_id,
             (NEW.level = 'act_now')::int - (OLD.level = 'act_now')::int,
             (NEW.level = 'check')::int - (OLD.level = 'check')::int,
             (NEW.level = 'records')::int - (OLD.level = 'records')::int
      FROM users u
      JOIN recorded_documents d ON d.id = NEW.document_id
      WHERE u.id = NEW.user_id AND u.role = 'subscriber';
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_stats_level_update AFTER UPDATE OF level ON events
    FOR EACH ROW WHEN (OLD.level IS DISTINCT FROM NEW.level)
    EXECUTE FUNCTION county_stats_event_level_changed()`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_users_contribution(p_users uuid[], p_sign integer) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO county_stats_deltas (county_id, apn_subscriptions, name_subscriptions, guarding_users,
                                       events, events_exact, events_strong, events_possible,
                                       events_act_now, events_check, events_records)
      SELECT county_id, p_sign * sum(apn), p_sign * sum(names), p_sign * sum(users),
             p_sign * sum(events), p_sign * sum(exact), p_sign * sum(strong), p_sign * sum(possible),
             p_sign * sum(act_now), p_sign * sum(checks), p_sign * sum(records)
      FROM (
        SELECT county_id, sum(apn) AS apn, sum(names) AS names, 1 AS users, 0 AS events,
               0 AS exact, 0 AS strong, 0 AS possible, 0 AS act_now, 0 AS checks, 0 AS records
        FROM (SELECT county_id, user_id, 1 AS apn, 0 AS names FROM apn_subscriptions
              WHERE user_id = ANY (p_users)
              UNION ALL
              SELECT county_id, user_id, 0, 1 FROM name_subscriptions
              WHERE user_id = ANY (p_users)) AS items
        GROUP BY county_id, user_id
        UNION ALL
        SELECT d.county_id, 0, 0, 0, count(*),
               count(*) FILTER (WHERE e.tier = 'exact'),
               count(*) FILTER (WHERE e.tier = 'strong'),
               count(*) FILTER (WHERE e.tier = 'possible'),
               count(*) FILTER (WHERE e.level = 'act_now'),
               count(*) FILTER (WHERE e.level = 'check'),
               count(*) FILTER (WHERE e.level = 'records')
        FROM events e JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = ANY (p_users)
        GROUP BY d.county_id
      ) AS parts
      WHERE EXISTS (SELECT 1 FROM counties k WHERE k.id = parts.county_id)
      GROUP BY county_id
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_compact() RETURNS bigint LANGUAGE sql AS $$
      WITH moved AS (DELETE FROM county_stats_deltas RETURNING *),
      sums AS (
        SELECT county_id, sum(apn_subscriptions) AS apn, sum(name_subscriptions) AS names,
               sum(guarding_users) AS users, sum(events) AS events, sum(events_exact) AS exact,
               sum(events_strong) AS strong, sum(events_possible) AS possible,
               sum(events_act_now) AS act_now, sum(events_check) AS checks,
               sum(events_records) AS records, count(*) AS n
        FROM moved GROUP BY county_id
      ),
      updated AS (
        UPDATE county_stats c
        SET apn_subscriptions = c.apn_subscriptions + s.apn,
            name_subscriptions = c.name_subscriptions + s.names,
            guarding_users = c.guarding_users + s.users,
            events = c.events + s.events,
            events_exact = c.events_exact + s.exact,
            events_strong = c.events_strong + s.strong,
            events_possible = c.events_possible + s.possible,
            events_act_now = c.events_act_now + s.act_now,
            events_check = c.events_check + s.checks,
            events_records = c.events_records + s.records
        FROM sums s WHERE c.county_id = s.county_id
      )
      SELECT coalesce(sum(n), 0)::bigint FROM sums
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION county_stats_recount() RETURNS void LANGUAGE sql AS $$
      DELETE FROM county_stats_deltas;
      INSERT INTO county_stats (county_id) SELECT id FROM counties ON CONFLICT DO NOTHING;
      WITH subscribers_items AS (
        SELECT s.county_id, s.user_id, true AS is_apn FROM apn_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.role = 'subscriber'
        UNION ALL
        SELECT s.county_id, s.user_id, false FROM name_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.role = 'subscriber'
      ),
      items AS (
        SELECT county_id, count(*) FILTER (WHERE is_apn) AS apn,
               count(*) FILTER (WHERE NOT is_apn) AS names, count(DISTINCT user_id) AS users
        FROM subscribers_items GROUP BY county_id
      ),
      event_counts AS (
        SELECT d.county_id, count(*) AS events,
               count(*) FILTER (WHERE e.tier = 'exact') AS exact,
               count(*) FILTER (WHERE e.tier = 'strong') AS strong,
               count(*) FILTER (WHERE e.tier = 'possible') AS possible,
               count(*) FILTER (WHERE e.level = 'act_now') AS act_now,
               count(*) FILTER (WHERE e.level = 'check') AS checks,
               count(*) FILTER (WHERE e.level = 'records') AS records
        FROM events e
        JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
        JOIN recorded_documents d ON d.id = e.document_id
        GROUP BY d.county_id
      )
      UPDATE county_stats c
      SET apn_subscriptions = coalesce(i.apn, 0), name_subscriptions = coalesce(i.names, 0),
          guarding_users = coalesce(i.users, 0), events = coalesce(x.events, 0),
          events_exact = coalesce(x.exact, 0), events_strong = coalesce(x.strong, 0),
          events_possible = coalesce(x.possible, 0), events_act_now = coalesce(x.act_now, 0),
          events_check = coalesce(x.checks, 0), events_records = coalesce(x.records, 0)
      FROM counties k
      LEFT JOIN items i ON i.county_id = k.id
      LEFT JOIN event_counts x ON x.county_id = k.id
      WHERE c.county_id = k.id
    $$`.execute(db);
  await sql`SELECT county_stats_recount()`.execute(db);
}

/** The counters and their functions as migration 0019 left them. */
async function dropLevelCounters(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER events_stats_level_update ON events`.execute(db);
  await sql`DROP FUNCTION county_stats_event_level_changed()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION county_stats_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
    BEGIN
      INSERT INTO county_stats_deltas (county_id, events, events_exact, events_strong, events_possible)
      SELECT d.county_id, sign * count(*),
             sign * count(*) FILTER (WHERE e.tier = 'exact'),
             sign * count(*) FILTER (WHERE e.tier = 'strong'),
             sign * count(*) FILTER (WHERE e.tier = 'possible')
      FROM changed e
      JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
      JOIN recorded_documents d ON d.id = e.document_id
      JOIN counties k ON k.id = d.county_id
      GROUP BY d.county_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION county_stats_users_contribution(p_users uuid[], p_sign integer) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO county_stats_deltas (county_id, apn_subscriptions, name_subscriptions, guarding_users,
                                       events, events_exact, events_strong, events_possible)
      SELECT county_id, p_sign * sum(apn), p_sign * sum(names), p_sign * sum(users),
             p_sign * sum(events), p_sign * sum(exact), p_sign * sum(strong), p_sign * sum(possible)
      FROM (
        SELECT county_id, sum(apn) AS apn, sum(names) AS names, 1 AS users, 0 AS events,
               0 AS exact, 0 AS strong, 0 AS possible
        FROM (SELECT county_id, user_id, 1 AS apn, 0 AS names FROM apn_subscriptions
              WHERE user_id = ANY (p_users)
              UNION ALL
              SELECT county_id, user_id, 0, 1 FROM name_subscriptions
              WHERE user_id = ANY (p_users)) AS items
        GROUP BY county_id, user_id
        UNION ALL
        SELECT d.county_id, 0, 0, 0, count(*),
               count(*) FILTER (WHERE e.tier = 'exact'),
               count(*) FILTER (WHERE e.tier = 'strong'),
               count(*) FILTER (WHERE e.tier = 'possible')
        FROM events e JOIN recorded_documents d ON d.id = e.document_id
        WHERE e.user_id = ANY (p_users)
        GROUP BY d.county_id
      ) AS parts
      WHERE EXISTS (SELECT 1 FROM counties k WHERE k.id = parts.county_id)
      GROUP BY county_id
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION county_stats_compact() RETURNS bigint LANGUAGE sql AS $$
      WITH moved AS (DELETE FROM county_stats_deltas RETURNING *),
      sums AS (
        SELECT county_id, sum(apn_subscriptions) AS apn, sum(name_subscriptions) AS names,
               sum(guarding_users) AS users, sum(events) AS events, sum(events_exact) AS exact,
               sum(events_strong) AS strong, sum(events_possible) AS possible, count(*) AS n
        FROM moved GROUP BY county_id
      ),
      updated AS (
        UPDATE county_stats c
        SET apn_subscriptions = c.apn_subscriptions + s.apn,
            name_subscriptions = c.name_subscriptions + s.names,
            guarding_users = c.guarding_users + s.users,
            events = c.events + s.events,
            events_exact = c.events_exact + s.exact,
            events_strong = c.events_strong + s.strong,
            events_possible = c.events_possible + s.possible
        FROM sums s WHERE c.county_id = s.county_id
      )
      SELECT coalesce(sum(n), 0)::bigint FROM sums
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION county_stats_recount() RETURNS void LANGUAGE sql AS $$
      DELETE FROM county_stats_deltas;
      INSERT INTO county_stats (county_id) SELECT id FROM counties ON CONFLICT DO NOTHING;
      WITH subscribers_items AS (
        SELECT s.county_id, s.user_id, true AS is_apn FROM apn_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.role = 'subscriber'
        UNION ALL
        SELECT s.county_id, s.user_id, false FROM name_subscriptions s
        JOIN users u ON u.id = s.user_id AND u.role = 'subscriber'
      ),
      items AS (
        SELECT county_id, count(*) FILTER (WHERE is_apn) AS apn,
               count(*) FILTER (WHERE NOT is_apn) AS names, count(DISTINCT user_id) AS users
        FROM subscribers_items GROUP BY county_id
      ),
      event_counts AS (
        SELECT d.county_id, count(*) AS events,
               count(*) FILTER (WHERE e.tier = 'exact') AS exact,
               count(*) FILTER (WHERE e.tier = 'strong') AS strong,
               count(*) FILTER (WHERE e.tier = 'possible') AS possible
        FROM events e
        JOIN users u ON u.id = e.user_id AND u.role = 'subscriber'
        JOIN recorded_documents d ON d.id = e.document_id
        GROUP BY d.county_id
      )
      UPDATE county_stats c
      SET apn_subscriptions = coalesce(i.apn, 0), name_subscriptions = coalesce(i.names, 0),
          guarding_users = coalesce(i.users, 0), events = coalesce(x.events, 0),
          events_exact = coalesce(x.exact, 0), events_strong = coalesce(x.strong, 0),
          events_possible = coalesce(x.possible, 0)
      FROM counties k
      LEFT JOIN items i ON i.county_id = k.id
      LEFT JOIN event_counts x ON x.county_id = k.id
      WHERE c.county_id = k.id
    $$`.execute(db);
  for (const table of ['county_stats_deltas', 'county_stats']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP COLUMN events_records, DROP COLUMN events_check, DROP COLUMN events_act_now`.execute(
      db,
    );
  }
}

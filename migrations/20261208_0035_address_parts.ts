import { type Kysely, sql } from 'kysely';

// The similar-address rule (same county, zip and house number, similar street) made any street
// a trigram similarity of 0.6 away the same address: UNIT 7 for UNIT 5, 700 S MAIN ST for
// 700 N MAIN ST, MAIN AVE for MAIN ST. address_parts reads what a street key says beyond its
// street name, so that the matcher and the history check refuse two addresses whose unit,
// direction or street type are both given and differ, and keep a unit given on one side only
// to a possible match. It is the SQL twin of addressParts in server/src/keys/match-keys.ts,
// with the standard words of normalize.ts as of this migration; a test compares the two over
// every standard word.
//
// The address keys stored until now read no city, state and zip written without commas, nor
// a spelled ordinal (FIFTH for 5TH): address_keys_version records which rules the stored keys
// follow (version 1 before this migration), and the worker recomputes keys of an older version
// (server/src/engine/rekey), since a migration must not import that code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION address_parts(key text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      w text[] := string_to_array(key, ' ');
      n integer := coalesce(array_length(w, 1), 0);
      finish integer := n;
      start integer := 2;
      unit text := '';
      pre text := '';
      post text := '';
      kind text := '';
    BEGIN
      FOR i IN 3..n LOOP
        IF w[i] IN ('APT', 'STE', 'UNIT', 'BLDG', 'FL') THEN
          unit := array_to_string(w[i + 1:n], ' ');
          finish := i - 1;
          EXIT;
        END IF;
      END LOOP;
      IF finish - start >= 1 AND w[start] IN ('N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW') THEN
        pre := w[start];
        start := start + 1;
      END IF;
      IF finish - start >= 1 AND w[finish] IN ('N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW') THEN
        post := w[finish];
        finish := finish - 1;
      END IF;
      IF finish - start >= 1 AND w[finish] IN ('ALY', 'AVE', 'BLVD', 'CIR', 'CT', 'DR', 'EXPY',
          'FWY', 'HWY', 'LN', 'LOOP', 'PKWY', 'PL', 'PLZ', 'RD', 'SQ', 'ST', 'TER', 'TRL', 'WAY') THEN
        kind := w[finish];
      END IF;
      RETURN ARRAY[CASE WHEN pre <> '' THEN pre ELSE post END, kind, unit];
    END $$`.execute(db);

  await sql`
    CREATE TABLE address_keys_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version  integer NOT NULL
    )`.execute(db);
  // A database with no address keys has nothing to recompute and starts at version 2.
  await sql`
    INSERT INTO address_keys_version (version)
    SELECT CASE WHEN EXISTS (SELECT 1 FROM document_parcels WHERE address_key IS NOT NULL)
                  OR EXISTS (SELECT 1 FROM apn_subscriptions WHERE address_key IS NOT NULL)
                THEN 1 ELSE 2 END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE address_keys_version`.execute(db);
  await sql`DROP FUNCTION address_parts(text)`.execute(db);
}

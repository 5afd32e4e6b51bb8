import { type Kysely, sql } from 'kysely';

// Address keys version 3: a street's quadrant written between the street type and a zip with no
// city between them (700 MAIN ST NE 98101) was read as the state of Nebraska and left out of the
// street key, so the address never matched 700 MAIN ST NE, SEATTLE WA 98101; and a guarded
// parcel kept the roll's ZIP+4, which the similar-address rule compares whole with a recorded
// address's five-digit zip, so that such a guard never got a similar address. The keys stored
// until now are recomputed by the worker (server/src/engine/rekey), since a migration must not
// import that code; a database that stores no address key has none to recompute.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE address_keys_version SET version = 3
    WHERE version = 2
      AND NOT EXISTS (SELECT 1 FROM document_parcels WHERE address_key IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM apn_subscriptions WHERE address_key IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE address_keys_version SET version = 2 WHERE version = 3`.execute(db);
}

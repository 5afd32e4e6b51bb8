import { sql } from 'kysely';
import type { DocumentRow } from '../../db/columns.ts';
import type { Database, Executor } from '../../db/database.ts';
import { COUNTY_TIME_ZONE } from '../../lib/county-time.ts';

/** Counties whose mailer is on and has somewhere to go. */
export function countiesWithMailer(db: Executor) {
  return db
    .selectFrom('counties')
    .select(['id', 'code'])
    .where('create_county_mailer', '=', true)
    .where('mailer_output_path', '<>', '')
    .orderBy('id')
    .execute();
}

export function findCounty(db: Executor, countyId: number) {
  return db.selectFrom('counties').selectAll().where('id', '=', countyId).executeTakeFirstOrThrow();
}

/**
 * The county's mailer of `day` when it was made. mailer_date reads back as a Date (node-postgres
 * parses date columns), so the day is compared as the date its text names.
 */
export function findMailer(db: Executor, countyId: number, day: string) {
  return db
    .selectFrom('county_mailers')
    .select(['file_path', 'letters', 'pages'])
    .where('county_id', '=', countyId)
    .where('mailer_date', '=', sql<Date>`${day}::date`)
    .executeTakeFirst();
}

export type MailerRow = DocumentRow & {
  apn: string;
  owner_names: string[];
  address: string;
  city: string;
  state: string;
  zip: string;
};

/**
 * A row per document of `documentTypes` recorded on `day` (county time) and parcel of the
 * roll that document names, once each.
 */
export async function mailerRows(
  db: Executor,
  countyId: number,
  documentTypes: string[],
  day: string,
): Promise<MailerRow[]> {
  const { rows } = await sql<MailerRow>`
    SELECT DISTINCT ON (d.id, p.id)
           d.id AS document_id, d.document_number, d.document_type, d.recorded_at,
           d.container, d.file_name, p.apn, p.owner_names, p.address, p.city, p.state, p.zip
    FROM recorded_documents d
    JOIN document_parcels dp ON dp.document_id = d.id AND dp.apn_key IS NOT NULL
    JOIN parcels p ON p.county_id = d.county_id AND p.apn_key = dp.apn_key
    WHERE d.county_id = ${countyId}
      AND d.document_type = ANY (${documentTypes}::text[])
      AND d.recorded_at >= (${day}::date)::timestamp AT TIME ZONE ${COUNTY_TIME_ZONE}
      AND d.recorded_at < (${day}::date + 1)::timestamp AT TIME ZONE ${COUNTY_TIME_ZONE}
    ORDER BY d.id, p.id`.execute(db);
  return rows;
}

export async function recordMailer(
  db: Executor,
  mailer: { countyId: number; day: string; file: string; letters: number; pages: number },
) {
  await db
    .insertInto('county_mailers')
    .values({
      county_id: mailer.countyId,
      mailer_date: mailer.day,
      file_path: mailer.file,
      letters: mailer.letters,
      pages: mailer.pages,
    })
    .onConflict((oc) => oc.columns(['county_id', 'mailer_date']).doNothing())
    .execute();
}

/** The first key of the county-mailer locks (pg_advisory_lock's two-key form); the county id is the second. */
const MAILER_LOCK = sql`hashtext('deedwatch:county-mailer')`;

/**
 * Runs `make` holding the session-level lock that makes one run at a time write a county's
 * mailer: a second run (the cron's beside a manual one, or a retry beside a late attempt)
 * waits, then finds the day recorded. The lock is on a connection of its own, held until
 * `make` ends, so that `make` may use the pool.
 */
export function withMailerLock<T>(db: Database, countyId: number, make: () => Promise<T>) {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MAILER_LOCK}, ${countyId})`.execute(conn);
    try {
      return await make();
    } finally {
      await sql`SELECT pg_advisory_unlock(${MAILER_LOCK}, ${countyId})`.execute(conn);
    }
  });
}

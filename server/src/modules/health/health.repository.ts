import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Fails when the database does not answer. */
export async function ping(db: Database): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Fails when the database does not answer. */
export async function ping(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

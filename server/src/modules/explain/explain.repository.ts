import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** How many recorded documents of the county carry exactly this name (0 for none). */
export async function indexNameDocumentCount(
  db: Executor,
  countyId: number,
  nameKey: string,
): Promise<number> {
  const row = await db
    .selectFrom('index_names')
    .select('document_count')
    .where('county_id', '=', countyId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row?.document_count ?? 0;
}

/** pg_trgm's similarity of two street keys, as the matcher computes it. */
export async function streetSimilarity(db: Executor, a: string, b: string): Promise<number> {
  const { rows } = await sql<{ similarity: number }>`
    SELECT similarity(${a}, ${b}) AS similarity`.execute(db);
  return rows[0]!.similarity;
}

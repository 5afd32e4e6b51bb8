import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** pg_trgm's similarity of two street keys, as the matcher computes it. */
export async function streetSimilarity(db: Executor, a: string, b: string): Promise<number> {
  const { rows } = await sql<{ similarity: number }>`
    SELECT similarity(${a}, ${b}) AS similarity`.execute(db);
  return rows[0]!.similarity;
}

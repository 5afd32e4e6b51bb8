import type { Database } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { findEnabledCountyByName } from './counties.repository.ts';

export type ResolvedCounty = NonNullable<Awaited<ReturnType<typeof findEnabledCountyByName>>>;

/**
 * The county a request names, as GET /api/config names it (any case). An unknown or disabled
 * county is a 400 that names it. Resolves each distinct name once per call.
 */
export async function resolveCounty(db: Database, name: string): Promise<ResolvedCounty> {
  const county = await findEnabledCountyByName(db, name);
  if (!county)
    throw badRequest(`County '${name}' is not one we cover. Choose one listed by GET /api/config.`);
  return county;
}

export async function resolveCounties(
  db: Database,
  names: string[],
): Promise<Map<string, ResolvedCounty>> {
  const resolved = new Map<string, ResolvedCounty>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    // Resolved once per distinct name; an error names the county as the request wrote it.
    if (!resolved.has(key)) resolved.set(key, await resolveCounty(db, name.trim()));
  }
  return resolved;
}

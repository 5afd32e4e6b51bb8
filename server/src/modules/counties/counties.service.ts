import type { Database } from '../../db/database.ts';
import { said } from '../../lib/errors.ts';
import { findEnabledCountyByName } from './counties.repository.ts';

export type ResolvedCounty = NonNullable<Awaited<ReturnType<typeof findEnabledCountyByName>>>;

const notCovered = (name: string) => said(400, 'errors.countyNotCovered', { county: name });

/**
 * The county a request names, as GET /api/config names it (any case). An unknown or disabled
 * county is a 400 that names it. Resolves each distinct name once per call.
 */
export async function resolveCounty(db: Database, name: string): Promise<ResolvedCounty> {
  const county = await findEnabledCountyByName(db, name);
  if (!county) throw notCovered(name);
  return county;
}

/**
 * How long a process trusts an enabled county it has looked up. A county an admin disables or
 * renames, through this process or any other, is refused by every process within this bound.
 */
export const COUNTY_CACHE_TTL_MS = 1000;

type CacheEntry = { county: Promise<ResolvedCounty | undefined>; until: number };
const caches = new WeakMap<Database, Map<string, CacheEntry>>();

/**
 * resolveCounty for the keystroke path (search), without a query on every request: an enabled
 * county is remembered for COUNTY_CACHE_TTL_MS, per database handle. Concurrent requests for a
 * name share one lookup. A name that is not an enabled county is never remembered, so junk names
 * cannot grow the cache and a county enabled a moment ago is found at once.
 */
export async function resolveCountyCached(db: Database, name: string): Promise<ResolvedCounty> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = name.trim().toLowerCase();
  let entry = cache.get(key);
  const now = Date.now();
  if (!entry || entry.until <= now) {
    const lookup = findEnabledCountyByName(db, name);
    // Counted from the question, not the answer: a slow answer (or one that shares it) is no
    // younger than the moment the row was read, and a request after the bound asks again.
    entry = { county: lookup, until: now + COUNTY_CACHE_TTL_MS };
    const current = entry;
    cache.set(key, current);
    const forget = () => {
      if (cache.get(key) === current) cache.delete(key);
    };
    lookup.then((county) => {
      if (!county) forget();
    }, forget);
  }
  const county = await entry.county;
  if (!county) throw notCovered(name);
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

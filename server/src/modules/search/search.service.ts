import type { Database } from '../../db/database.ts';
import { resolveCountyCached } from '../counties/counties.service.ts';
import type { SearchCache } from './search.cache.ts';
import * as repo from './search.repository.ts';
import type { AddressResult, NameResult } from './search.schemas.ts';
import {
  addressPrefixes,
  apnPrefix,
  cityStateZip,
  correctableNameWords,
  correctableStreetWords,
  correctedKeys,
  dictionaryKeys,
  houseNumberOf,
  MAX_RESULTS,
  namePrefix,
  parseAddressTerm,
  parseNameTerm,
  parseStreetTerm,
  streetPrefixes,
  type Typed,
} from './search.terms.ts';

/**
 * Search-as-you-type: the btree prefix scan first; the fallbacks run only when
 * it finds fewer than MAX_RESULTS, and their hits follow the prefix hits, without repeats. At
 * most two round trips: the prefix scan brings the typo dictionary's candidates when it finds
 * too few; the corrected scan brings the similar addresses.
 * The county is resolved first, so a wrong county is a 400 whatever the term; it comes from a
 * short-lived per-process cache (COUNTY_CACHE_TTL_MS), not from a query on every keystroke.
 * With a SearchCache (the routes pass theirs) an answer given a moment ago under the same
 * county and normalised term is given again without a query (search.cache.ts).
 */

type County = Awaited<ReturnType<typeof resolveCountyCached>>;

/** `lookup`'s answer, through the cache when there is one. */
function cached<T>(
  cache: SearchCache | undefined,
  county: County,
  key: string,
  lookup: () => Promise<T>,
): Promise<T> {
  if (!cache) return lookup();
  return cache.get(
    `${county.id}\u0000${key}`,
    `${county.parcel_imports}\u0000${county.name}`,
    lookup,
  );
}

function toAddressResult(row: repo.ParcelHit, county: { name: string }): AddressResult {
  return {
    apn: row.apn,
    address: row.address,
    cityStateZip: cityStateZip(row),
    county: county.name,
  };
}

/** The rows of `first`, then those of `more` not listed yet, up to MAX_RESULTS. */
function appendNew<T extends { id: string }>(first: T[], more: T[]): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const row of [...first, ...more]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    rows.push(row);
  }
  return rows.slice(0, MAX_RESULTS);
}

export async function searchNames(
  db: Database,
  countyName: string,
  term: string,
  cache?: SearchCache,
): Promise<NameResult[]> {
  const county = await resolveCountyCached(db, countyName);
  const typed = parseNameTerm(term);
  if (!typed) return [];
  return cached(cache, county, `name\u0000${JSON.stringify(typed)}`, () =>
    findNames(db, county, typed),
  );
}

async function findNames(db: Database, county: County, typed: Typed): Promise<NameResult[]> {
  // The surname dictionary comes with the prefix hits when they are fewer than MAX_RESULTS.
  const words = correctableNameWords(typed.key);
  const first = await repo.namesByPrefixWithSurnames(
    db,
    county.id,
    [namePrefix(typed)],
    MAX_RESULTS,
    dictionaryKeys(words),
  );
  let rows = first.rows;
  if (rows.length < MAX_RESULTS && first.tokens) {
    // A surname with one typo: corrected through the surname dictionary, then prefix again.
    const keys = correctedKeys(
      typed.key,
      words,
      first.tokens.map((t) => ({ token: t.token, weight: t.names })),
    );
    const prefixes = keys.map((key) => namePrefix({ ...typed, key }));
    rows = appendNew(rows, await repo.namesByPrefix(db, county.id, prefixes, MAX_RESULTS));
  }
  return rows.map((r) => ({ name: r.name, county: county.name, documentCount: r.document_count }));
}

export async function searchApns(
  db: Database,
  countyName: string,
  term: string,
  cache?: SearchCache,
): Promise<AddressResult[]> {
  const county = await resolveCountyCached(db, countyName);
  const prefix = apnPrefix(term);
  if (!prefix) return [];
  return cached(cache, county, `apn\u0000${prefix}`, async () => {
    const rows = await repo.parcelsByPrefix(db, county.id, 'apn_key', [prefix], MAX_RESULTS);
    return rows.map((r) => toAddressResult(r, county));
  });
}

type ParcelSearch = {
  kind: 'address' | 'street';
  column: repo.ParcelKey;
  parse: (term: string) => Typed | undefined;
  prefixes: (typed: Typed) => string[];
  /**
   * Fill the rest with addresses similar to the term. Only for address terms of two words or
   * more: a lone word has too few trigrams to be similar to anything but noise, and a street
   * term would bring back the other sides of a street its direction excluded.
   */
  similar: (typed: Typed) => boolean;
};

async function searchParcels(
  db: Database,
  countyName: string,
  term: string,
  search: ParcelSearch,
  cache: SearchCache | undefined,
): Promise<AddressResult[]> {
  const county = await resolveCountyCached(db, countyName);
  const typed = search.parse(term);
  if (!typed) return [];
  return cached(cache, county, `${search.kind}\u0000${JSON.stringify(typed)}`, () =>
    findParcels(db, county, typed, search),
  );
}

async function findParcels(
  db: Database,
  county: County,
  typed: Typed,
  search: ParcelSearch,
): Promise<AddressResult[]> {
  // The street dictionary comes with the prefix hits when they are fewer than MAX_RESULTS.
  const words = correctableStreetWords(typed.key);
  const first = await repo.parcelsByPrefixWithStreetWords(
    db,
    county.id,
    search.column,
    search.prefixes(typed),
    MAX_RESULTS,
    dictionaryKeys(words),
  );
  let rows = first.rows;
  if (rows.length < MAX_RESULTS) {
    // Street words with one typo, corrected through the dictionary. Each correction keeps its
    // own prefixes; the best correction's come first.
    const keys = first.tokens
      ? correctedKeys(
          typed.key,
          words,
          first.tokens.map((token) => ({ token, weight: 0 })),
        )
      : [];
    const prefixes = [
      ...new Set(keys.flatMap((key) => search.prefixes({ key, complete: typed.complete }))),
    ];
    // Then similar addresses fill the rest, in the same round trip.
    const similar = search.similar(typed)
      ? {
          term: typed.key,
          houseNumber: houseNumberOf(typed.key),
          excludeIds: rows.map((r) => r.id),
        }
      : undefined;
    if (prefixes.length > 0 || similar) {
      const more = await repo.parcelsCorrectedAndSimilar(
        db,
        county.id,
        search.column,
        prefixes,
        MAX_RESULTS,
        similar,
      );
      rows = appendNew(appendNew(rows, more.rows), more.similar);
    }
  }
  return rows.map((r) => toAddressResult(r, county));
}

export function searchAddresses(
  db: Database,
  countyName: string,
  term: string,
  cache?: SearchCache,
) {
  return searchParcels(db, countyName, term, ADDRESS_SEARCH, cache);
}

const ADDRESS_SEARCH: ParcelSearch = {
  kind: 'address',
  column: 'address_key',
  parse: parseAddressTerm,
  prefixes: addressPrefixes,
  similar: (typed) => typed.key.includes(' '),
};

export function searchStreets(db: Database, countyName: string, term: string, cache?: SearchCache) {
  return searchParcels(db, countyName, term, STREET_SEARCH, cache);
}

const STREET_SEARCH: ParcelSearch = {
  kind: 'street',
  column: 'street_key',
  parse: parseStreetTerm,
  prefixes: streetPrefixes,
  similar: () => false,
};

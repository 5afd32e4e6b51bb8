import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/database.ts';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import { SearchCache } from './search.cache.ts';
import { AddressResult, NameResult, SearchQuery } from './search.schemas.ts';
import * as service from './search.service.ts';

const COMMON = [
  'Search-as-you-type: anonymous (registration uses it), called on every keystroke.',
  'At most 10 results. A SearchTerm shorter than 2 characters after trimming, or with fewer than',
  '2 letters or digits, finds nothing ([]). The county is checked first: an unknown or disabled',
  'county is a 400 naming it. Punctuation in the term, SQL wildcards (% _) and quotes included,',
  'is never a wildcard: the normalisers drop it, and the SQL matches every character literally.',
  'An answer may be up to SEARCH_CACHE_TTL_MS old (10 s by default), except after a parcel',
  "import: a county's new roll is searched within a second of the import.",
].join(' ');

const TYPO = [
  'When the prefix finds fewer than 10, one typo in a street word (a letter missing, extra,',
  "wrong, or two neighbours swapped: MIAN for MAIN) is corrected through the county's",
  'dictionary of street words, and the corrected term is searched the same way; its parcels',
  'follow the prefix hits, never repeated.',
].join(' ');

type Handler<T> = (db: Database, county: string, term: string, cache: SearchCache) => Promise<T[]>;

/** The answers of recent searches this many at most (search.cache.ts): a few MB. */
const CACHE_ENTRIES = 20_000;

export async function searchRoutes(
  app: FastifyInstance,
  { db, cacheTtlMs }: { db: Database; cacheTtlMs: number },
) {
  const cache = new SearchCache({ ttlMs: cacheTtlMs, maxEntries: CACHE_ENTRIES });
  const badRequest = errorResponse(
    'An unknown or disabled county, an unknown query parameter, or a SearchTerm over 200 characters',
  );
  const addressResults = response(v.array(AddressResult), 'Matching parcels, at most 10');

  const searchRoute = <T>(
    url: string,
    operationId: string,
    summary: string,
    description: string,
    ok: ReturnType<typeof response>,
    search: Handler<T>,
  ) =>
    route(app, {
      method: 'GET',
      url,
      access: 'public',
      // A line per keystroke would be most of the log: a search is logged only when it
      // fails on our side (the error handler logs a 5xx at error level).
      logLevel: 'warn',
      schema: {
        operationId,
        tags: ['search'],
        summary,
        description: `${description}\n\n${COMMON}`,
        querystring: SearchQuery,
        response: { 200: ok, 400: badRequest },
      },
      handler: async (request) => search(db, request.query.County, request.query.SearchTerm, cache),
    });

  searchRoute(
    '/search/name',
    'searchNames',
    "Names in the county recorder's index that start with the term",
    [
      'The term is upper-cased and normalised like every stored name (punctuation dropped, spaces',
      'collapsed; names are written last-first, e.g. "SMITH JOHN A"), then matched as a prefix of',
      'the name: "SMITH JO" finds SMITH JOHN A. A trailing space ends the last word ("SMITH "',
      'does not find SMITHSON). Results are in name order; documentCount says how many recorded',
      'documents carry the name, so the app can warn that a common name brings alerts about other',
      'people. When the prefix finds fewer than 10, a surname with one typo (a letter missing,',
      'extra, wrong, or two neighbours swapped: "SMTIH JOHN") is corrected to the commonest',
      'surnames of the county one typo away, and their names follow.',
    ].join(' '),
    response(v.array(NameResult), 'Matching index names, at most 10'),
    service.searchNames,
  );

  searchRoute(
    '/search/street',
    'searchStreets',
    'Parcels on a street: the street part of the address, without the house number',
    [
      'The term is the street part of an address: its words are normalised like stored addresses',
      '(STREET → ST, AVENUE → AVE, NORTH → N, …) and a house number typed before them is ignored.',
      'It matches the start of the address after its house number: "MAIN ST" finds 123 MAIN ST',
      'and 9 MAIN ST APT 2; "OAK" finds OAK AVE and OAKMONT DR; "OAK " (with the space) only OAK',
      'AVE. A term without a direction also finds the street with one ("MAIN" finds N MAIN ST and',
      'S MAIN ST, after MAIN ST); a term that starts with a direction ("N MAIN") finds only that',
      'side. Within each, parcels are in street, then address order.',
      TYPO,
    ].join(' '),
    addressResults,
    service.searchStreets,
  );

  searchRoute(
    '/search/address',
    'searchAddresses',
    'Parcels whose street address starts with the term',
    [
      'The term is normalised like stored addresses (STREET → ST, AVENUE → AVE, NORTH → N,',
      'APARTMENT → APT, punctuation dropped) and matched as a prefix of the address: "123 MAIN"',
      'and "123 MAIN STREET" both find 123 MAIN ST. A trailing space ends the last word ("123 "',
      'does not find 1234 …). Prefix hits are in address order.',
      TYPO,
      'Then, for a term of two words or more, addresses most similar to it (trigram word',
      'similarity, within the county; when it starts with a house number, among the addresses',
      'with that number and its neighbours on its street) fill the rest: "123 MAIN ST APT 4"',
      'finds 123 N MAIN ST APT 4.',
    ].join(' '),
    addressResults,
    service.searchAddresses,
  );

  searchRoute(
    '/search/apn',
    'searchApns',
    'Parcels whose APN starts with the term',
    [
      'Only the letters and digits of the term are compared, so the formatted "012-0345" and the',
      'bare "0120345" find the same parcels. Results are in APN order.',
    ].join(' '),
    addressResults,
    service.searchApns,
  );
}

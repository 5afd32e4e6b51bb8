import type { QueryKey } from '@tanstack/react-query';
import { apiQueryOptions, quietly } from '../../api/queries';
import { i18n } from '../../i18n';
import type { paths } from '../../api/schema.gen';
import { showErrorToast } from '../notifications/show-error-toast';

type Ok<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

export type NameResult = Ok<'/api/search/name'>[number];
export type ParcelResult = Ok<'/api/search/apn'>[number];

/** Search-as-you-type waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** At most this many suggestions are shown. */
export const MAX_SUGGESTIONS = 10;
/** The server finds nothing for shorter terms, so they are not sent. */
export const MIN_SEARCH_LENGTH = 2;

export type ParcelSearchBy = 'apn' | 'address' | 'street';

/** What each search's failure says, by catalog key: shown in the language of the moment. */
const FAILED_NAME_SEARCH = 'guards.search.namesFailed';
const FAILED_APN_SEARCH = 'guards.search.apnsFailed';
const FAILED_STREET_SEARCH = 'guards.search.streetsFailed';
type SearchFailure =
  typeof FAILED_NAME_SEARCH | typeof FAILED_APN_SEARCH | typeof FAILED_STREET_SEARCH;

/** Each way of finding a property: the search it calls, and what its failure says. */
const parcelSearches = {
  apn: { path: '/api/search/apn', failure: FAILED_APN_SEARCH },
  // An address is a way of naming an APN: its failure says so, as the APN search's does.
  address: { path: '/api/search/address', failure: FAILED_APN_SEARCH },
  street: { path: '/api/search/street', failure: FAILED_STREET_SEARCH },
} as const satisfies Record<ParcelSearchBy, { path: keyof paths; failure: SearchFailure }>;

export const canSearch = (county: string | null, term: string): county is string =>
  county !== null && term.trim().length >= MIN_SEARCH_LENGTH;

/**
 * A search's query function with its own top-center toast on failure, in place of the client's
 * (the query asks the client for none). A search dropped because the term changed is aborted,
 * which is not a failure.
 */
function withOwnToast<Context extends { signal: AbortSignal }, T>(
  queryFn: (context: Context) => T[] | Promise<T[]>,
  failure: SearchFailure,
) {
  return async (context: Context): Promise<T[]> => {
    try {
      return (await queryFn(context)).slice(0, MAX_SUGGESTIONS);
    } catch (err) {
      if (!context.signal.aborted) showErrorToast(i18n.t(failure), 'top-center');
      throw err;
    }
  };
}

const searchParams = (county: string, term: string) => ({
  params: { query: { SearchTerm: term, County: county } },
});

const searchOptions = { staleTime: 60_000, meta: quietly } as const;

export const nameSearchQueryOptions = (county: string, term: string) => {
  const options = apiQueryOptions(
    'get',
    '/api/search/name',
    searchParams(county, term),
    searchOptions,
  );
  return { ...options, queryFn: withOwnToast(options.queryFn, FAILED_NAME_SEARCH) };
};

export const parcelSearchQueryOptions = (by: ParcelSearchBy, county: string, term: string) => {
  const { path, failure } = parcelSearches[by];
  const options = apiQueryOptions('get', path, searchParams(county, term), searchOptions);
  return { ...options, queryFn: withOwnToast(options.queryFn, failure) };
};

/**
 * Whether a search's key is of this way of searching in this county: its results may stay on
 * screen while the next term is searched, but never another county's or another mode's.
 */
export function isSearchIn(
  queryKey: QueryKey | undefined,
  county: string | null,
  by: ParcelSearchBy | 'name',
): boolean {
  const path = by === 'name' ? '/api/search/name' : parcelSearches[by].path;
  const init = queryKey?.[2] as ReturnType<typeof searchParams> | undefined;
  return queryKey?.[1] === path && init?.params.query.County === county;
}

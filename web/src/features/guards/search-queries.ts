import { queryOptions } from '@tanstack/react-query';
import { quietApi } from '../../api/client';
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

export const FAILED_NAME_SEARCH = 'Failed to search Names';
export const FAILED_APN_SEARCH = 'Failed to search APNs';
export const FAILED_STREET_SEARCH = 'Failed to search Streets';

/** Each way of finding a property: the search it calls, and what its failure says. */
const parcelSearches = {
  apn: { path: '/api/search/apn', failure: FAILED_APN_SEARCH },
  // An address is a way of naming an APN: its failure says so, as the APN search's does.
  address: { path: '/api/search/address', failure: FAILED_APN_SEARCH },
  street: { path: '/api/search/street', failure: FAILED_STREET_SEARCH },
} as const satisfies Record<ParcelSearchBy, { path: keyof paths; failure: string }>;

export const canSearch = (county: string | null, term: string): county is string =>
  county !== null && term.trim().length >= MIN_SEARCH_LENGTH;

/**
 * Runs a search with its own top-center toast on failure. A search dropped because the
 * term changed is aborted, which is not a failure.
 */
async function search<T>(
  call: () => Promise<{ data?: T[]; error?: unknown }>,
  signal: AbortSignal,
  failure: string,
): Promise<T[]> {
  try {
    const { data, error } = await call();
    if (error !== undefined || data === undefined) throw new Error(failure);
    return data.slice(0, MAX_SUGGESTIONS);
  } catch (err) {
    if (!signal.aborted) showErrorToast(failure, 'top-center');
    throw err;
  }
}

export const nameSearchQueryOptions = (county: string, term: string) =>
  queryOptions({
    queryKey: ['search', 'name', county, term],
    queryFn: ({ signal }) =>
      search<NameResult>(
        () =>
          quietApi.GET('/api/search/name', {
            params: { query: { SearchTerm: term, County: county } },
            signal,
          }),
        signal,
        FAILED_NAME_SEARCH,
      ),
    staleTime: 60_000,
  });

export const parcelSearchQueryOptions = (by: ParcelSearchBy, county: string, term: string) =>
  queryOptions({
    queryKey: ['search', by, county, term],
    queryFn: ({ signal }) =>
      search<ParcelResult>(
        () =>
          quietApi.GET(parcelSearches[by].path, {
            params: { query: { SearchTerm: term, County: county } },
            signal,
          }),
        signal,
        parcelSearches[by].failure,
      ),
    staleTime: 60_000,
  });

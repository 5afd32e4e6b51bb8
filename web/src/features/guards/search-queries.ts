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

/** Search-as-you-type waits this long after the last keystroke (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** At most this many suggestions are shown (spec §9). */
export const MAX_SUGGESTIONS = 10;
/** The server finds nothing for shorter terms, so they are not sent. */
export const MIN_SEARCH_LENGTH = 2;

export type ParcelSearchBy = 'apn' | 'address';

export const FAILED_NAME_SEARCH = 'Failed to search Names';
export const FAILED_APN_SEARCH = 'Failed to search APNs';

export const canSearch = (county: string | null, term: string): county is string =>
  county !== null && term.trim().length >= MIN_SEARCH_LENGTH;

/**
 * Runs a search with its own top-center toast on failure (spec §8). A search dropped because the
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
          quietApi.GET(by === 'apn' ? '/api/search/apn' : '/api/search/address', {
            params: { query: { SearchTerm: term, County: county } },
            signal,
          }),
        signal,
        FAILED_APN_SEARCH,
      ),
    staleTime: 60_000,
  });

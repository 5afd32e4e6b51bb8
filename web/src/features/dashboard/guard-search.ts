import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { showErrorToast } from '../notifications/show-error-toast';
import type { NameResult, ParcelResult } from './types';

/** Spec §9. */
export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SUGGESTIONS = 10;
/** The server finds nothing for shorter terms. */
export const MIN_SEARCH_LENGTH = 2;

export const NAME_SEARCH_FAILED = 'Failed to search Names';
export const APN_SEARCH_FAILED = 'Failed to search APNs';

export type ParcelSearchBy = 'apn' | 'address';

type SearchCall<T> = (county: string, term: string, signal: AbortSignal) => Promise<T[]>;

const throwUnlessData = <T>({ data }: { data?: T[] }): T[] => {
  if (!data) throw new Error('Search failed');
  return data;
};

const searchNames: SearchCall<NameResult> = (county, term, signal) =>
  api
    .GET('/api/search/name', { params: { query: { SearchTerm: term, County: county } }, signal })
    .then(throwUnlessData);

const searchParcels =
  (by: ParcelSearchBy): SearchCall<ParcelResult> =>
  (county, term, signal) =>
    (by === 'apn'
      ? api.GET('/api/search/apn', {
          params: { query: { SearchTerm: term, County: county } },
          signal,
        })
      : api.GET('/api/search/address', {
          params: { query: { SearchTerm: term, County: county } },
          signal,
        })
    ).then(throwUnlessData);

/**
 * Suggestions for what is typed, asked for 300 ms after the typing stops; a failure shows its
 * top-center toast (spec §8) once per failed search.
 */
function useSearch<T>(
  key: string,
  county: string | null,
  term: string,
  call: SearchCall<T>,
  failure: string,
) {
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = county !== null && debounced.length >= MIN_SEARCH_LENGTH;
  const query = useQuery({
    queryKey: ['guard-search', key, county, debounced],
    queryFn: ({ signal }) => call(county ?? '', debounced, signal),
    enabled,
    staleTime: 60_000,
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) showErrorToast(failure, 'top-center');
  }, [failed, failure, query.errorUpdatedAt]);
  return {
    results: enabled ? (query.data ?? []).slice(0, MAX_SUGGESTIONS) : [],
    searching: enabled && query.isFetching,
    failed: enabled && failed,
    /** Whether the shown results answer what is typed now. */
    settled: enabled && debounced === term.trim() && query.isSuccess && !query.isFetching,
  };
}

export const useNameSearch = (county: string | null, term: string) =>
  useSearch('name', county, term, searchNames, NAME_SEARCH_FAILED);

export const useParcelSearch = (county: string | null, term: string, by: ParcelSearchBy) =>
  useSearch(`parcel-${by}`, county, term, searchParcels(by), APN_SEARCH_FAILED);

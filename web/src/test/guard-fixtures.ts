import type { County } from '../api/types';
import type { NameResult, ParcelResult } from '../features/guards/search-queries';
import { json } from './fetch-stub';

export const SACRAMENTO: County = {
  name: 'Sacramento',
  mask: '000-0000-000-0000',
  format: '012-0345-006-0000',
};
export const ALAMEDA: County = {
  name: 'Alameda',
  mask: '000a-0000-000-00',
  format: '048A-7046-001-00',
};

export const configHandler = () => json([ALAMEDA, SACRAMENTO]);

export function makeName(name: string, documentCount = 1, county = 'Sacramento'): NameResult {
  return { name, county, documentCount };
}

export function makeParcel(apn: string, address: string, county = 'Sacramento'): ParcelResult {
  return { apn, address, cityStateZip: 'SACRAMENTO, CA 95814', county };
}

/** The query parameters a search request was sent with. */
export function searchOf(request: Request) {
  const url = new URL(request.url);
  return {
    path: url.pathname,
    term: url.searchParams.get('SearchTerm'),
    county: url.searchParams.get('County'),
  };
}

export const isSearch = (request: Request) =>
  new URL(request.url).pathname.startsWith('/api/search/');

import * as v from 'valibot';
import type { CasesListQuery, UsersListQuery } from '../../api/queries';
import { DEFAULT_PAGE_SIZE, type PageSize, type Sort, type SortDirection } from './paging';
import type { UsersSort } from './types';

export const ADMIN_TABS = ['stats', 'users', 'cases', 'counties'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (value: unknown): value is AdminTab =>
  typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);

/** The rows a page holds, as the address writes them: a number, so the URL reads `count=20`. */
const PAGE_COUNTS = [10, 20, 50, 100] as const;
const USER_SORTS = [
  'email:asc',
  'email:desc',
  'createdAt:asc',
  'createdAt:desc',
] as const satisfies readonly UsersSort[];
const COUNTY_SORTS = ['name:asc', 'name:desc', 'code:asc', 'code:desc'] as const;
export const CASE_STATUS_FILTERS = ['all', 'open', 'contacted', 'closed'] as const;
export type CaseStatusFilter = (typeof CASE_STATUS_FILTERS)[number];
/** The server pages users up to here. */
const MAX_PAGE = 100_000;
/** The server's bound on a user search. */
const MAX_SEARCH_TERM_LENGTH = 320;

/**
 * What each parameter is when the address leaves it out; they are left out of the address when
 * they have these values, so a plain /admin stays plain.
 */
export const ADMIN_SEARCH_DEFAULTS = {
  tab: 'stats',
  page: 1,
  count: Number(DEFAULT_PAGE_SIZE) as (typeof PAGE_COUNTS)[number],
  sortTerm: 'createdAt:desc',
  searchTerm: '',
  sort: 'name:asc',
  caseStatus: 'open',
  caseCounty: 0,
  caseId: '',
} as const;

/** A parameter from the address, or its default when it is missing or not a value it takes. */
function param<const S extends v.GenericSchema, const D extends v.InferOutput<S>>(
  schema: S,
  fallback: D,
) {
  return v.optional(v.fallback(schema, fallback), fallback);
}

/**
 * The admin page's address: the open tab, and the state of its lists. The users list is paged,
 * sorted and searched by the server (page, count, sortTerm, searchTerm); the counties list, which
 * the server sends whole, here (page, count, sort). Both lists have their own tab, so they share
 * page and count; changing tabs starts the new tab's list afresh.
 */
export const AdminSearchSchema = v.object({
  tab: param(v.picklist(ADMIN_TABS), ADMIN_SEARCH_DEFAULTS.tab),
  page: param(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE)),
    ADMIN_SEARCH_DEFAULTS.page,
  ),
  count: param(v.picklist(PAGE_COUNTS), ADMIN_SEARCH_DEFAULTS.count),
  sortTerm: param(v.picklist(USER_SORTS), ADMIN_SEARCH_DEFAULTS.sortTerm),
  // The router reads `?searchTerm=123` as a number.
  searchTerm: param(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(String),
      v.maxLength(MAX_SEARCH_TERM_LENGTH),
    ),
    ADMIN_SEARCH_DEFAULTS.searchTerm,
  ),
  sort: param(v.picklist(COUNTY_SORTS), ADMIN_SEARCH_DEFAULTS.sort),
  caseStatus: param(v.picklist(CASE_STATUS_FILTERS), ADMIN_SEARCH_DEFAULTS.caseStatus),
  // 0: every county.
  caseCounty: param(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647)),
    ADMIN_SEARCH_DEFAULTS.caseCounty,
  ),
  // The case open in the side panel; '' for none.
  caseId: param(v.pipe(v.string(), v.uuid()), ADMIN_SEARCH_DEFAULTS.caseId),
});

export type AdminSearch = v.InferOutput<typeof AdminSearchSchema>;
export type UsersListState = Pick<AdminSearch, 'page' | 'count' | 'sortTerm' | 'searchTerm'>;
export type CountiesListState = Pick<AdminSearch, 'page' | 'count' | 'sort'>;
export type CasesListState = Pick<
  AdminSearch,
  'page' | 'count' | 'caseStatus' | 'caseCounty' | 'caseId'
>;

export const isAdminRole = (role: string | undefined) => role?.toLowerCase() === 'admin';

/** The tab shown: Counties is for admins only, so anyone else asking for it sees Stats. */
export const shownTab = (tab: AdminTab, role: string | undefined): AdminTab =>
  tab === 'counties' && !isAdminRole(role) ? 'stats' : tab;

export const pageSizeOf = (count: AdminSearch['count']) => String(count) as PageSize;
export const countOf = (size: PageSize) => Number(size) as AdminSearch['count'];

/** `email:asc` as the sortable headers take it, and back. */
export function sortOf<F extends string>(term: `${F}:${SortDirection}`): Sort<F> {
  const [field, direction] = term.split(':') as [F, SortDirection];
  return { field, direction };
}
export const sortTermOf = <F extends string>(sort: Sort<F>) =>
  `${sort.field}:${sort.direction}` as const;

/** The users call for the list's state in the address. */
export const usersListQuery = (list: UsersListState): UsersListQuery => ({
  page: String(list.page),
  count: pageSizeOf(list.count),
  sortTerm: list.sortTerm,
  searchTerm: list.searchTerm,
});

/** The cases call for the queue's state in the address. */
export const casesListQuery = (list: CasesListState): CasesListQuery => ({
  page: String(list.page),
  count: pageSizeOf(list.count),
  ...(list.caseStatus !== 'all' ? { status: list.caseStatus } : {}),
  ...(list.caseCounty ? { county: String(list.caseCounty) } : {}),
});

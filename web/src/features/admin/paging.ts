/** The admin lists show 10, 20, 50 or 100 rows, 10 unless chosen. */
export const PAGE_SIZES = ['10', '20', '50', '100'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = '10';

export type SortDirection = 'asc' | 'desc';
export type Sort<F extends string> = { field: F; direction: SortDirection };

export const pageCount = (total: number, size: PageSize) =>
  Math.max(1, Math.ceil(total / Number(size)));

/**
 * The page a list shows: `page`, or its last page when `page` is past it, as an old link or a
 * list that has shrunk since can ask for.
 */
export const clampPage = (page: number, size: PageSize, total: number) =>
  Math.min(page, pageCount(total, size));

/** "Showing 11–20 of 57", or nothing to show. A page past the end reads as the last page. */
export function rangeLabel(requested: number, size: PageSize, total: number): string {
  if (total === 0) return '';
  const page = clampPage(requested, size, total);
  const first = (page - 1) * Number(size) + 1;
  const last = Math.min(total, page * Number(size));
  return `Showing ${first}–${last} of ${total}`;
}

/** One page of rows sorted by a text field, for lists the server sends whole. */
export function sortAndPage<T, F extends keyof T & string>(
  rows: readonly T[],
  sort: Sort<F>,
  page: number,
  size: PageSize,
): T[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  const sorted = [...rows].sort(
    (a, b) =>
      factor *
      String(a[sort.field]).localeCompare(String(b[sort.field]), 'en', { sensitivity: 'base' }),
  );
  const start = (page - 1) * Number(size);
  return sorted.slice(start, start + Number(size));
}

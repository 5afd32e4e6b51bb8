import { Group, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useEffect, useEffectEvent } from 'react';
import { clampPage, PAGE_SIZES, type PageSize, pageCount, rangeLabel, type Sort } from './paging';

/** A column header that sorts its list: a first click sorts it in `initial` order, the next flips it. */
export function SortableTh<F extends string>({
  field,
  sort,
  initial,
  onSort,
  children,
}: {
  field: F;
  sort: Sort<F>;
  initial: Sort<F>['direction'];
  onSort: (sort: Sort<F>) => void;
  children: ReactNode;
}) {
  const active = sort.field === field;
  const next: Sort<F> = active
    ? { field, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
    : { field, direction: initial };
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
        {children}
        <span aria-hidden> {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

export function PageSizeSelect({
  value,
  onChange,
}: {
  value: PageSize;
  onChange: (size: PageSize) => void;
}) {
  return (
    <Select
      label="Rows per page"
      data={[...PAGE_SIZES]}
      value={value}
      onChange={(v) => v && onChange(v as PageSize)}
      allowDeselect={false}
      w={130}
    />
  );
}

/**
 * The page a list shows: the one asked for (`page`), or its last page when that is past the end.
 * Once the list's total is known (`known`), the address follows with `onPage`, so the pager marks
 * that page and a list the server pages asks for it.
 */
export function useShownPage({
  page,
  size,
  total,
  known,
  onPage,
}: {
  page: number;
  size: PageSize;
  total: number;
  known: boolean;
  onPage: (page: number) => void;
}): number {
  const shown = known ? clampPage(page, size, total) : page;
  const follow = useEffectEvent(onPage);
  useEffect(() => {
    if (shown !== page) follow(shown);
  }, [shown, page]);
  return shown;
}

export function ListFooter({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: PageSize;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rangeLabel(page, size, total)}
      </Text>
      <Pagination
        total={pageCount(total, size)}
        value={clampPage(page, size, total)}
        onChange={onPage}
        size="sm"
        siblings={1}
        getControlProps={(control) => ({
          'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page`,
        })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}

/** The one row of an empty list, across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} ta="center" py="lg">
        <Text c="dimmed">{children}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

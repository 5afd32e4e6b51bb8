import { KEYBOARD_SCROLL } from '../../components/scroll';
import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCountiesQuery } from '../../api/queries';
import {
  type AdminSearch,
  countOf,
  type CountiesListState,
  pageSizeOf,
  sortOf,
  sortTermOf,
} from './admin-search';
import { CountyDrawer } from './county-drawer';
import { EmptyRow, ListFooter, PageSizeSelect, SortableTh, useShownPage } from './list-controls';
import { NotLoaded } from './load-states';
import { type Sort, sortAndPage } from './paging';
import type { AdminCounty } from './types';

export const NO_COUNTIES = 'No Counties Found';

type CountySortField = 'name' | 'code';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The counties, which the server sends whole; the page, size and order live in the address. */
export function CountiesTab({
  list,
  onChange,
}: {
  list: CountiesListState;
  onChange: (change: Partial<AdminSearch>) => void;
}) {
  const counties = useQuery(adminCountiesQuery());
  const size = pageSizeOf(list.count);
  const sort = sortOf<CountySortField>(list.sort);
  // The county outlives `opened`, so a closing drawer keeps its form during the transition.
  const [editing, setEditing] = useState<AdminCounty | null>(null);
  const [opened, setOpened] = useState(false);

  const all = counties.data ?? [];
  const page = useShownPage({
    page: list.page,
    size,
    total: all.length,
    known: counties.isSuccess,
    onPage: (next) => onChange({ page: next }),
  });
  const rows = sortAndPage(all, sort, page, size);
  const onSort = (next: Sort<CountySortField>) => onChange({ sort: sortTermOf(next), page: 1 });

  return (
    <Stack>
      <Group justify="flex-end">
        <PageSizeSelect
          value={size}
          onChange={(next) => onChange({ count: countOf(next), page: 1 })}
        />
      </Group>
      {!counties.isSuccess ? (
        <NotLoaded
          query={counties}
          loadingLabel="Loading counties"
          failedTitle="Counties not loaded"
          failedMessage="The list of counties could not be loaded."
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={720} scrollAreaProps={KEYBOARD_SCROLL}>
            <Table striped highlightOnHover aria-label="Counties">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={sort} initial="asc" onSort={onSort}>
                    Name
                  </SortableTh>
                  <SortableTh field="code" sort={sort} initial="asc" onSort={onSort}>
                    Code
                  </SortableTh>
                  <Table.Th>Format</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th>County Mailer</Table.Th>
                  <Table.Th>Inbox Folder</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <EmptyRow columns={7}>{NO_COUNTIES}</EmptyRow>
                ) : (
                  rows.map((county) => (
                    <Table.Tr key={county.id}>
                      <Table.Td>{county.name}</Table.Td>
                      <Table.Td>{county.code}</Table.Td>
                      <Table.Td>{county.format}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={county.isEnabled ? 'teal' : 'gray'}>
                          {yesNo(county.isEnabled)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{yesNo(county.createCountyMailer)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {county.inboxPath || '—'}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => {
                            setEditing(county);
                            setOpened(true);
                          }}
                          aria-label={`Edit ${county.name}`}
                        >
                          Edit
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            page={page}
            size={size}
            total={all.length}
            onPage={(next) => onChange({ page: next })}
          />
        </>
      )}
      <CountyDrawer county={editing} opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}

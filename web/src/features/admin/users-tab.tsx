import { KEYBOARD_SCROLL } from '../../components/scroll';
import { Alert, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usersQuery } from '../../api/queries';
import { formatDate } from '../dashboard/format';
import {
  type AdminSearch,
  countOf,
  pageSizeOf,
  sortOf,
  sortTermOf,
  type UsersListState,
  usersListQuery,
} from './admin-search';
import { EmptyRow, PageSizeSelect, SortableTh } from './list-controls';
import { PagedList } from './load-states';
import type { Sort } from './paging';
import type { AdminUserRow } from './types';
import { type ActionOutcome, type UserAction, UserActionModal } from './user-actions';

export const NO_USERS = 'No Users Found';
export const SEARCH_DEBOUNCE_MS = 300;

type UserSortField = 'email' | 'createdAt';

/** The users list; its page, size, order and search live in the address (`list`). */
export function UsersTab({
  list,
  onChange,
}: {
  list: UsersListState;
  onChange: (change: Partial<AdminSearch>) => void;
}) {
  const size = pageSizeOf(list.count);
  const sort = sortOf<UserSortField>(list.sortTerm);
  const onSort = (next: Sort<UserSortField>) => onChange({ sortTerm: sortTermOf(next), page: 1 });

  // The box shows what is typed; the address gets it once the typing stops, and a new search
  // starts at its first page.
  const [search, setSearch] = useState(list.searchTerm);
  const searchFor = useDebouncedCallback((term: string) => {
    if (term !== list.searchTerm) onChange({ searchTerm: term, page: 1 });
  }, SEARCH_DEBOUNCE_MS);
  // The address changed otherwise (Back, a link): the box follows it.
  const [shownTerm, setShownTerm] = useState(list.searchTerm);
  if (shownTerm !== list.searchTerm) {
    setShownTerm(list.searchTerm);
    if (!searchFor.isPending() && search.trim() !== list.searchTerm) setSearch(list.searchTerm);
  }

  const [action, setAction] = useState<UserAction>('impersonate');
  const [target, setTarget] = useState<AdminUserRow | null>(null);
  const [modalOpened, setModalOpened] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const ask = (next: UserAction, user: AdminUserRow) => {
    setAction(next);
    setTarget(user);
    setOutcome(null);
    setModalOpened(true);
  };

  const users = useQuery({
    ...usersQuery(usersListQuery(list)),
    placeholderData: keepPreviousData,
  });
  const rows = users.data?.users ?? [];
  const total = users.data?.totalUsers ?? 0;

  return (
    <Stack>
      {outcome && (
        <Alert
          color={outcome.ok ? 'teal' : 'red'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
        >
          {outcome.message}
        </Alert>
      )}
      <Group align="flex-end" justify="space-between">
        <TextInput
          label="Search Users"
          placeholder="Email"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchFor(e.currentTarget.value.trim());
          }}
          w={{ base: '100%', xs: 320 }}
        />
        <PageSizeSelect
          value={size}
          onChange={(next) => onChange({ count: countOf(next), page: 1 })}
        />
      </Group>
      <PagedList
        query={users}
        loadingLabel="Loading users"
        failedTitle="Users not loaded"
        failedMessage="The list of users could not be loaded."
        page={list.page}
        size={size}
        total={total}
        onPage={(page) => onChange({ page })}
      >
        <Table.ScrollContainer minWidth={960} scrollAreaProps={KEYBOARD_SCROLL}>
          <Table striped highlightOnHover aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <SortableTh field="email" sort={sort} initial="asc" onSort={onSort}>
                  Email
                </SortableTh>
                <Table.Th>Role</Table.Th>
                <SortableTh field="createdAt" sort={sort} initial="desc" onSort={onSort}>
                  Created
                </SortableTh>
                <Table.Th>Last Login</Table.Th>
                <Table.Th>Verified</Table.Th>
                <Table.Th ta="right">Guarded Items</Table.Th>
                <Table.Th ta="right">Notification Methods</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <EmptyRow columns={8}>{NO_USERS}</EmptyRow>
              ) : (
                rows.map((row) => {
                  const staff = row.role !== 'subscriber';
                  return (
                    <Table.Tr key={row.userId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.userEmail}</Table.Td>
                      <Table.Td>{row.role}</Table.Td>
                      <Table.Td>{formatDate(row.createdAt)}</Table.Td>
                      <Table.Td>{row.lastLogin ? formatDate(row.lastLogin) : 'Never'}</Table.Td>
                      <Table.Td>{row.verified ? 'Yes' : 'No'}</Table.Td>
                      <Table.Td ta="right">{row.guardedSubscriptions}</Table.Td>
                      <Table.Td ta="right">{row.emailNotificationMethods}</Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="light"
                            disabled={staff}
                            onClick={() => ask('impersonate', row)}
                            aria-label={`Impersonate User ${row.userEmail}`}
                          >
                            Impersonate User
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={staff}
                            onClick={() => ask('resend', row)}
                            aria-label={`Resend Welcome Email to ${row.userEmail}`}
                          >
                            Resend Welcome Email
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
      <UserActionModal
        action={action}
        user={target}
        opened={modalOpened}
        onClose={() => setModalOpened(false)}
        onOutcome={setOutcome}
      />
    </Stack>
  );
}

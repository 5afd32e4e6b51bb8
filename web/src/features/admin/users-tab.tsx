import {
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usersQuery } from '../../api/queries';
import { formatDate } from '../dashboard/format';
import { ListFooter, PageSizeSelect, SortableTh } from './list-controls';
import { Loading, LoadFailed } from './load-states';
import { DEFAULT_PAGE_SIZE, type PageSize, type Sort } from './paging';
import type { AdminUserRow, UsersSort } from './types';
import { type ActionOutcome, type UserAction, UserActionModal } from './user-actions';

export const NO_USERS = 'No Users Found';
export const SEARCH_DEBOUNCE_MS = 300;

type UserSortField = 'email' | 'createdAt';
/** Newest first unless chosen. */
const DEFAULT_SORT: Sort<UserSortField> = { field: 'createdAt', direction: 'desc' };

const sortTerm = (sort: Sort<UserSortField>) => `${sort.field}:${sort.direction}` as UsersSort;

export function UsersTab() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [search, setSearch] = useState('');
  const [searchTerm] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts at its first page.
  const [lastTerm, setLastTerm] = useState(searchTerm);
  if (lastTerm !== searchTerm) {
    setLastTerm(searchTerm);
    setPage(1);
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
    ...usersQuery({ page: String(page), count: size, sortTerm: sortTerm(sort), searchTerm }),
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
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        <PageSizeSelect
          value={size}
          onChange={(next) => {
            setSize(next);
            setPage(1);
          }}
        />
      </Group>
      {users.isError && (
        <LoadFailed
          title="Users not loaded"
          message="The list of users could not be loaded."
          onRetry={() => void users.refetch()}
        />
      )}
      {users.isPending && !users.isError ? (
        <Loading label="Loading users" />
      ) : !users.data ? null : (
        <Box pos="relative">
          <LoadingOverlay visible={users.isFetching} overlayProps={{ blur: 1 }} />
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh
                    field="email"
                    sort={sort}
                    initial="asc"
                    onSort={(next) => {
                      setSort(next);
                      setPage(1);
                    }}
                  >
                    Email
                  </SortableTh>
                  <Table.Th>Role</Table.Th>
                  <SortableTh
                    field="createdAt"
                    sort={sort}
                    initial="desc"
                    onSort={(next) => {
                      setSort(next);
                      setPage(1);
                    }}
                  >
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
                  <Table.Tr>
                    <Table.Td colSpan={8} ta="center" py="lg">
                      <Text c="dimmed">{NO_USERS}</Text>
                    </Table.Td>
                  </Table.Tr>
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
                              aria-label={`Impersonate ${row.userEmail}`}
                            >
                              Impersonate User
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              disabled={staff}
                              onClick={() => ask('resend', row)}
                              aria-label={`Resend welcome email to ${row.userEmail}`}
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
        </Box>
      )}
      {users.data && <ListFooter page={page} size={size} total={total} onPage={setPage} />}
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

import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';
import { type AdminSearch, type AdminTab, isAdminRole, isAdminTab, shownTab } from './admin-search';
import { CountiesTab } from './counties-tab';
import { StatsTab } from './stats-tab';
import { UsersTab } from './users-tab';

/**
 * The back-office: Stats, Users and Cases for staff, Counties and the queue summary for
 * admins only. The route keeps the open tab and the state of its list in the address, so a
 * reload, Back or a shared link shows the same. The case queue is a feature of its own, which
 * the route hands in.
 */
export function AdminPage({
  search,
  onTabChange,
  onListChange,
  casesTab,
}: {
  search: AdminSearch;
  onTabChange: (tab: AdminTab) => void;
  onListChange: (change: Partial<AdminSearch>) => void;
  casesTab: ReactNode;
}) {
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role);
  const current = shownTab(search.tab, user?.role);
  return (
    <Stack>
      <Title order={1}>Admin</Title>
      <Tabs
        value={current}
        onChange={(next) => isAdminTab(next) && onTabChange(next)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="stats">Stats</Tabs.Tab>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="cases">Cases</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="counties">Counties</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="stats" pt="md">
          <StatsTab isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <UsersTab list={search} onChange={onListChange} />
        </Tabs.Panel>
        <Tabs.Panel value="cases" pt="md">
          {casesTab}
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="counties" pt="md">
            <CountiesTab list={search} onChange={onListChange} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

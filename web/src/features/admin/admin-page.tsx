import { Stack, Tabs, Title } from '@mantine/core';
import { useSession } from '../session/session-context';
import { type AdminSearch, type AdminTab, isAdminRole, isAdminTab, shownTab } from './admin-search';
import { CountiesTab } from './counties-tab';
import { StatsTab } from './stats-tab';
import { UsersTab } from './users-tab';

/**
 * The back-office: Stats and Users for staff, Counties and the queue summary for
 * admins only. The route keeps the open tab and the state of its list in the address, so a
 * reload, Back or a shared link shows the same.
 */
export function AdminPage({
  search,
  onTabChange,
  onListChange,
}: {
  search: AdminSearch;
  onTabChange: (tab: AdminTab) => void;
  onListChange: (change: Partial<AdminSearch>) => void;
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
          {isAdmin && <Tabs.Tab value="counties">Counties</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="stats" pt="md">
          <StatsTab isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <UsersTab list={search} onChange={onListChange} />
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

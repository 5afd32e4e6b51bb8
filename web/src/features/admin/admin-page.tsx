import { Stack, Tabs, Title } from '@mantine/core';
import { useSession } from '../session/session-context';
import { CountiesTab } from './counties-tab';
import { StatsTab } from './stats-tab';
import { UsersTab } from './users-tab';

export const ADMIN_TABS = ['stats', 'users', 'counties'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const isAdminTab = (value: unknown): value is AdminTab =>
  typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);

/**
 * The back-office: Stats and Users for staff, Counties and the queue summary for
 * admins only. The route keeps the open tab in the address, so a reload stays on it.
 */
export function AdminPage({
  tab,
  onTabChange,
}: {
  tab: AdminTab | undefined;
  onTabChange: (tab: AdminTab) => void;
}) {
  const { user } = useSession();
  const isAdmin = user?.role.toLowerCase() === 'admin';
  const current = tab === 'counties' && !isAdmin ? 'stats' : (tab ?? 'stats');
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
          <UsersTab />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="counties" pt="md">
            <CountiesTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import {
  adminCountiesQuery,
  casesQuery,
  jobsSummaryQuery,
  metricsQuery,
  usersQuery,
} from '../api/queries';
import { AdminPage } from '../features/admin/admin-page';
import {
  ADMIN_SEARCH_DEFAULTS,
  type AdminSearch,
  AdminSearchSchema,
  casesListQuery,
  isAdminRole,
  shownTab,
  usersListQuery,
} from '../features/admin/admin-search';
import { CasesTab } from '../features/cases/cases-tab';
import { isStaffRole } from '../features/session/roles';

export const Route = createFileRoute('/admin')({
  validateSearch: AdminSearchSchema,
  search: { middlewares: [stripSearchParams(ADMIN_SEARCH_DEFAULTS)] },
  beforeLoad: ({ context, search }) => {
    const role = context.session.getUser()?.role;
    if (!isStaffRole(role)) throw redirect({ to: '/' });
    // A tab the role may not open is shown as Stats, and the address says so.
    const tab = shownTab(search.tab, role);
    if (tab !== search.tab)
      throw redirect({ to: '/admin', search: { ...search, tab }, replace: true });
  },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // Starts the reads of the tab being opened (or pointed at) without holding the page: each tab
  // shows its own loader and failure, and some failures are only logged. Paging, sorting and
  // searching within a tab ('stay') are read by the tab's query as the address changes.
  loader: ({ context: { queryClient, session }, deps, location, cause }) => {
    if (cause === 'stay') return;
    const role = session.getUser()?.role;
    switch (shownTab(deps.tab, role)) {
      case 'stats':
        void queryClient.prefetchQuery(metricsQuery());
        if (isAdminRole(role)) void queryClient.prefetchQuery(jobsSummaryQuery());
        break;
      case 'users':
        void queryClient.prefetchQuery(
          usersQuery(usersListQuery(v.parse(AdminSearchSchema, location.search))),
        );
        break;
      case 'cases':
        void queryClient.prefetchQuery(
          casesQuery(casesListQuery(v.parse(AdminSearchSchema, location.search))),
        );
        break;
      case 'counties':
        void queryClient.prefetchQuery(adminCountiesQuery());
        break;
    }
  },
  component: AdminRoute,
});

function AdminRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The lists' changes replace the entry, as a tab change does: Back leaves the page, and coming
  // back (or reloading, or sharing the address) shows the list as it was left.
  const change = (next: Partial<AdminSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true });
  return (
    <AdminPage
      search={search}
      onListChange={change}
      // A tab opens on its list's first page, in its default order.
      onTabChange={(tab) => change({ ...ADMIN_SEARCH_DEFAULTS, tab })}
      casesTab={<CasesTab list={search} onChange={change} />}
    />
  );
}

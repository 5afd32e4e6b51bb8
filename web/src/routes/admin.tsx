import { createFileRoute, redirect } from '@tanstack/react-router';
import { type AdminTab, AdminPage, isAdminTab } from '../features/admin/admin-page';
import { isStaffRole } from '../features/session/roles';

export const Route = createFileRoute('/admin')({
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab } =>
    isAdminTab(search.tab) ? { tab: search.tab } : {},
  beforeLoad: ({ context }) => {
    if (!isStaffRole(context.session.getUser()?.role)) throw redirect({ to: '/' });
  },
  component: AdminRoute,
});

function AdminRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminPage
      tab={tab}
      onTabChange={(next) =>
        void navigate({ search: (previous) => ({ ...previous, tab: next }), replace: true })
      }
    />
  );
}

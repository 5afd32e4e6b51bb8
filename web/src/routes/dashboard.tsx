import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SignInFirst } from '../features/auth/sign-in-first';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import {
  DASHBOARD_SEARCH_DEFAULTS,
  DashboardSearchSchema,
} from '../features/dashboard/dashboard-search';
import { useSession } from '../features/session/session-context';

export const Route = createFileRoute('/dashboard')({
  validateSearch: DashboardSearchSchema,
  search: { middlewares: [stripSearchParams(DASHBOARD_SEARCH_DEFAULTS)] },
  staticData: { asksToSignIn: true },
  component: Dashboard,
});

/**
 * Signed out (a mail's dashboard link, say), it asks for a magic link rather than leaving; an
 * alert's link to its event continues to that event.
 */
function Dashboard() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Until the server says whether a stored session still holds, the dashboard asks it nothing:
  // a call refused meanwhile would end the session and leave the page.
  if (loading) return null;
  if (!user) {
    return (
      <SignInFirst
        title={t('dashboard.page.signInTitle')}
        reason={t('dashboard.page.signInReason')}
        next={
          search.event
            ? { to: '/dashboard', search: { event: search.event } }
            : { to: '/dashboard' }
        }
      />
    );
  }
  return (
    <DashboardPage
      search={search}
      onViewChange={(change) =>
        void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })
      }
    />
  );
}

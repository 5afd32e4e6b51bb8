import { createFileRoute } from '@tanstack/react-router';
import { SignInFirst } from '../features/auth/sign-in-first';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { useSession } from '../features/session/session-context';

const SIGN_IN_TO_SEE_DASHBOARD =
  'Sign in to see your dashboard. Open the link we email you in this browser, and your dashboard opens.';

export const Route = createFileRoute('/dashboard')({
  component: Dashboard,
});

/** Signed out (a mail's dashboard link, say), it asks for a magic link rather than leaving. */
function Dashboard() {
  const { user } = useSession();
  if (!user) {
    return (
      <SignInFirst
        title="Sign in to see your dashboard"
        reason={SIGN_IN_TO_SEE_DASHBOARD}
        next={{ to: '/dashboard' }}
      />
    );
  }
  return <DashboardPage />;
}

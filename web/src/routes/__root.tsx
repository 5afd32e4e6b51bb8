import { ModalsProvider } from '@mantine/modals';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { api } from '../api/client';
import { AppLayout } from '../features/layout/app-layout';
import { NotFoundPage } from '../features/layout/not-found-page';
import { parseAlertSearch } from '../features/layout/query-alert';
import { SessionProvider } from '../features/session/session-context';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: parseAlertSearch,
  component: RootComponent,
  // An unknown address: inside the layout, in the site's language, with the way home.
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  const { session } = Route.useRouteContext();
  return (
    <SessionProvider store={session} client={api}>
      <ModalsProvider>
        <AppLayout />
      </ModalsProvider>
    </SessionProvider>
  );
}

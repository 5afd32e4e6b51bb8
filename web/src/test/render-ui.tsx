import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppNotifications } from '../features/notifications/app-notifications';
import { createAppQueryClient } from '../query-client';
import { theme } from '../theme';

/**
 * Renders one component with the providers the app gives it, and a router of one empty page
 * for what it asks of the router (a dialog's hold on Back), without the app's routes.
 */
export function renderUi(ui: ReactNode) {
  const queryClient = createAppQueryClient();
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme}>
        <AppNotifications />
        <QueryClientProvider client={queryClient}>
          <RouterContextProvider router={router}>{children}</RouterContextProvider>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Providers });
}

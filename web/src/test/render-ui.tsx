import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppNotifications } from '../features/notifications/app-notifications';
import { createAppQueryClient } from '../query-client';
import { theme } from '../theme';

/** Renders one component with the providers the app gives it, without the router. */
export function renderUi(ui: ReactNode) {
  const queryClient = createAppQueryClient();
  function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme}>
        <AppNotifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Providers });
}

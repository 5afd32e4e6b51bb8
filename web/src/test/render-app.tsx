import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '../api/types';
import { App } from '../app';
import { sessionStore } from '../features/session/session-store';
import { createAppQueryClient } from '../query-client';
import { createAppRouter } from '../router';

/** Renders the whole app at `path`, with `user` as the stored session. */
export function renderApp({
  path = '/',
  user = null,
}: {
  path?: string;
  user?: SessionUser | null;
}) {
  sessionStore.setUser(user);
  const queryClient = createAppQueryClient();
  const router = createAppRouter({
    queryClient,
    session: sessionStore,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const events = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, events };
}

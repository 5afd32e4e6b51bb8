import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { SessionUser } from '../api/types';
import { App } from '../app';
import { sessionStore } from '../features/session/session-store';
import { createAppQueryClient } from '../query-client';
import { createAppRouter } from '../router';

/**
 * Renders the whole app at `path`, with `user` as the stored session. `strict` wraps it in
 * StrictMode as main.tsx does, so effects run twice. `history` is an earlier render's
 * (`router.history`), to open the app again where it was, with its entries' state: a reload.
 */
export function renderApp({
  path = '/',
  user = null,
  strict = false,
  history = createMemoryHistory({ initialEntries: [path] }),
}: {
  path?: string;
  user?: SessionUser | null;
  strict?: boolean;
  history?: RouterHistory;
}) {
  sessionStore.setUser(user);
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient, session: sessionStore, history });
  const events = userEvent.setup();
  const app = <App router={router} queryClient={queryClient} />;
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, events };
}

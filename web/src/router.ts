import type { QueryClient } from '@tanstack/react-query';
import type { RouterHistory } from '@tanstack/react-router';
import { createRouter } from '@tanstack/react-router';
import type { SessionStore } from './features/session/session-store';
import { routeTree } from './routeTree.gen';

const hasEvent = (search: object) =>
  'event' in search && typeof search.event === 'string' && search.event !== '';

export function createAppRouter(options: {
  queryClient: QueryClient;
  session: SessionStore;
  history?: RouterHistory;
}) {
  return createRouter({
    routeTree,
    context: { queryClient: options.queryClient, session: options.session },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // Queries own the caching; the router should always ask them.
    defaultPreloadStaleTime: 0,
    // Back and Forward restore where the page was; a new page starts at its top. Except the
    // dashboard opened by an alert's link (?event=): it scrolls to the alert's card itself, once
    // the card is there, and the router's move to the top would come after it and undo it (as
    // it does when the link is opened signed out and the sign-in goes on to the dashboard).
    scrollRestoration: ({ location }) =>
      !(location.pathname === '/dashboard' && hasEvent(location.search)),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The route signs in with a code from a link: its outcome replaces any stored session. */
    signsIn?: boolean;
    /**
     * The page finds out itself whether a stored session still holds, and asks the person to
     * sign in when it does not: it is not revalidated at startup.
     */
    checksSession?: boolean;
    /**
     * Signed out, the page asks the person to sign in where they are (an alert's link keeps its
     * event): a stored session the server no longer knows is forgotten here, without a toast or
     * leaving for /.
     */
    asksToSignIn?: boolean;
  }
}

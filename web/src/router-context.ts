import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from './features/session/session-store';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionStore;
}

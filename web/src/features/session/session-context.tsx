import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type ApiClient, failures } from '../../api/client';
import type { SessionUser } from '../../api/types';
import type { SessionStore } from './session-store';

export interface Session {
  user: SessionUser | null;
  /** True while a stored session is being revalidated with the server. */
  loading: boolean;
  setUser: (user: SessionUser | null) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  store,
  client,
  children,
}: {
  store: SessionStore;
  client: ApiClient;
  children: ReactNode;
}) {
  const user = useSyncExternalStore(store.subscribe, store.getUser);
  const router = useRouter();
  // A page opened from a sign-in link replaces the stored session whatever happens, and asking
  // about the old one meanwhile would race with it: a late 401 would sign the new user out.
  const [{ revalidate, asksHere }] = useState(() => {
    const matches = router.state.matches;
    return {
      revalidate:
        store.getUser() !== null &&
        !matches.some(({ staticData }) => staticData.signsIn || staticData.checksSession),
      asksHere: matches.some(({ staticData }) => staticData.asksToSignIn),
    };
  });
  const [loading, setLoading] = useState(revalidate);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A stored session may have ended on the server: ask once at startup. A 401 reaches the
  // client middleware, which expires the store (a toast, and the app goes to /); on a page that
  // asks the person to sign in itself, the user is only forgotten, and the page asks.
  useEffect(() => {
    if (!revalidate || store.getUser() === null) return undefined;
    const controller = new AbortController();
    client
      .POST('/api/auth/me', {
        signal: controller.signal,
        middleware: asksHere ? [failures({ toast: false, endsSession: false })] : [],
      })
      .then(({ data, response }) => {
        if (data) store.setUser(data);
        else if (asksHere && response.status === 401) {
          queryClient.clear();
          store.setUser(null);
        }
      })
      .catch(() => {
        // Network failure, already reported by the client: keep the stored user.
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [client, store, revalidate, asksHere, queryClient]);

  useEffect(
    () =>
      store.onExpired(() => {
        queryClient.clear();
        // Replace the page that was refused: going Back to it would only be refused again, and
        // on a sign-in link it would spend the code again.
        void navigate({ to: '/', replace: true });
      }),
    [store, queryClient, navigate],
  );

  const logout = useCallback(async () => {
    const { data } = await client.GET('/api/auth/logout').catch(() => ({ data: undefined }));
    store.setUser(null);
    queryClient.clear();
    // An id means an impersonation ended and the staff member's own session is back.
    if (data?.id) {
      const restored = await client.POST('/api/auth/me').catch(() => ({ data: undefined }));
      if (restored.data) {
        store.setUser(restored.data);
        await navigate({ to: '/admin' });
        return;
      }
    }
    await navigate({ to: '/' });
  }, [client, store, queryClient, navigate]);

  const value = useMemo<Session>(
    () => ({ user, loading, setUser: store.setUser, logout }),
    [user, loading, store, logout],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

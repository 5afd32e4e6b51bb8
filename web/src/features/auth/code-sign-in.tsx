import { Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/types';
import type { QueryMessageKey } from '../layout/query-alert';
import { useSession } from '../session/session-context';
import { takeDestination } from './pending-destination';

/** The links that sign a person in with a single-use code. */
export type CodeKind = 'login' | 'verify-email' | 'verify-sms';

const calls: Record<CodeKind, (code: string) => Promise<{ data?: SessionUser }>> = {
  login: (code) => api.POST('/api/auth/code', { params: { query: { code } } }),
  'verify-email': (code) => api.POST('/api/auth/verify-email', { params: { query: { code } } }),
  'verify-sms': (code) => api.POST('/api/auth/verify-sms', { params: { query: { code } } }),
};

const redemptions = new Map<string, Promise<SessionUser | null>>();

/**
 * Sends a code at most once per page load, however often it is asked: a code works only once, so
 * StrictMode's second effect or a remount must join the first call, not spend the code again.
 * Resolves to the signed-in user, or null when the server refused the code or could not be
 * reached (the client has already shown the error).
 */
export function redeemCode(kind: CodeKind, code: string): Promise<SessionUser | null> {
  const key = `${kind} ${code}`;
  let redemption = redemptions.get(key);
  if (!redemption) {
    redemption = calls[kind](code).then(
      ({ data }) => data ?? null,
      () => null,
    );
    redemptions.set(key, redemption);
  }
  return redemption;
}

export function CodeSignIn({
  kind,
  code,
  title,
  success,
}: {
  kind: CodeKind;
  code: string;
  title: string;
  /** Shown on the dashboard after success, as a ?message alert. */
  success?: QueryMessageKey;
}) {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    void redeemCode(kind, code).then((user) => {
      // The outcome replaces any stored session, even if the person has already moved on.
      queryClient.clear();
      setUser(user);
      if (!current) return;
      // Replace the landing entry: going Back must not send a spent code again.
      if (!user) {
        void navigate({ to: '/', replace: true });
        return;
      }
      // A magic link asked for on the way to a page (a mail's document link) continues there.
      const next = kind === 'login' ? takeDestination() : null;
      if (next?.to === '/documents/$folder/$file') {
        void navigate({ to: next.to, params: next.params, replace: true });
        return;
      }
      if (next?.to === '/dashboard' && next.search) {
        void navigate({ to: '/dashboard', search: next.search, replace: true });
        return;
      }
      void navigate({
        to: '/dashboard',
        search: success ? { message: success, type: 'success' } : {},
        replace: true,
      });
    });
    return () => {
      current = false;
    };
  }, [kind, code, success, setUser, queryClient, navigate]);

  return (
    <Stack align="center" py="xl">
      <Title order={1}>{title}</Title>
      <Loader role="status" aria-label={title} />
    </Stack>
  );
}

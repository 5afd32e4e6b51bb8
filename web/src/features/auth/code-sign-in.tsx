import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, failures } from '../../api/client';
import type { MethodVerified, SessionUser } from '../../api/types';
import type { QueryMessageKey } from '../layout/query-alert';
import { isStaffRole } from '../session/roles';
import { useSession } from '../session/session-context';
import { sessionStore } from '../session/session-store';
import { takeDestination } from './pending-destination';

/** The links that sign a person in with a single-use code, or verify a notification method. */
export type CodeKind = 'login' | 'verify-email' | 'verify-sms';

type Answer = { data?: SessionUser | MethodVerified; response: Response };

// A refused code says nothing about the session (the toast says why it was refused): whether
// this browser is still signed in is asked after it, not concluded from the 401.
const codeFailures = [failures({ endsSession: false })];
const calls: Record<CodeKind, (code: string) => Promise<Answer>> = {
  login: (code) =>
    api.POST('/api/auth/code', { params: { query: { code } }, middleware: codeFailures }),
  'verify-email': (code) =>
    api.POST('/api/auth/verify-email', { params: { query: { code } }, middleware: codeFailures }),
  'verify-sms': (code) =>
    api.POST('/api/auth/verify-sms', { params: { query: { code } }, middleware: codeFailures }),
};

/**
 * The account this browser is still signed in to, asked after a refused code where a user is
 * stored: a spent or expired link leaves a session as it was. Undefined for nobody (a 401, which
 * the server answers by clearing the cookie of an ended session) or no answer; the code's own
 * toast has said what failed.
 */
async function stillSignedIn(): Promise<SessionUser | undefined> {
  const { data } = await api
    .POST('/api/auth/me', { middleware: [failures({ toast: false, endsSession: false })] })
    .catch(() => ({ data: undefined }));
  return data;
}

/**
 * What a code did: signed a user in; verified a method of an account without signing anybody in
 * (an email or phone that is not the account's own email); was refused because this browser is
 * signed in to another account (the code is unspent and the session stays); was refused (spent,
 * expired) or not answered where this browser is signed in, which stays signed in; or was
 * refused, or the server could not be reached, with nobody signed in (the client has already
 * shown the error).
 */
export type Redeemed =
  | { user: SessionUser }
  | { verified: MethodVerified['verified'] }
  | { otherAccount: true }
  | { stillSignedIn: SessionUser }
  | null;

const redemptions = new Map<string, Promise<Redeemed>>();

/**
 * Sends a code at most once per page load, however often it is asked: a code works only once, so
 * StrictMode's second effect or a remount must join the first call, not spend the code again.
 */
export function redeemCode(kind: CodeKind, code: string): Promise<Redeemed> {
  const key = `${kind} ${code}`;
  let redemption = redemptions.get(key);
  if (!redemption) {
    redemption = calls[kind](code)
      .then(
        ({ data, response }): Redeemed | 'refused' => {
          if (!data) return response.status === 409 ? { otherAccount: true } : 'refused';
          return 'verified' in data ? { verified: data.verified } : { user: data };
        },
        () => 'refused' as const,
      )
      .then(async (redeemed): Promise<Redeemed> => {
        // Nobody stored here: nobody to keep signed in.
        if (redeemed !== 'refused' || sessionStore.getUser() === null) {
          return redeemed === 'refused' ? null : redeemed;
        }
        const user = await stillSignedIn();
        return user ? { stillSignedIn: user } : null;
      });
    redemptions.set(key, redemption);
  }
  return redemption;
}

/** A method verified by its link, which signs nobody in: whoever reads it gets the alerts. */
function Verified({ method }: { method: MethodVerified['verified'] }) {
  const { t } = useTranslation();
  return (
    <Stack maw={560} mx="auto" py="xl">
      <Title order={1}>
        {method === 'Email' ? t('auth.code.emailVerifiedTitle') : t('auth.code.phoneVerifiedTitle')}
      </Title>
      <Alert color="teal">
        {method === 'Email' ? t('auth.code.emailVerified') : t('auth.code.phoneVerified')}
      </Alert>
      <Button component={Link} to="/" style={{ alignSelf: 'flex-start' }}>
        {t('auth.code.home')}
      </Button>
    </Stack>
  );
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
  const [verified, setVerified] = useState<MethodVerified['verified']>();

  useEffect(() => {
    let current = true;
    void redeemCode(kind, code).then((redeemed) => {
      // Verifying signs nobody in: this browser's session, if any, is left as it is.
      if (redeemed && 'verified' in redeemed) {
        if (current) setVerified(redeemed.verified);
        return;
      }
      // Refused for another account signed in here: that session stays too (the toast says why).
      if (redeemed && 'otherAccount' in redeemed) {
        if (current) void navigate({ to: '/', replace: true });
        return;
      }
      // A spent or expired link, opened where someone is signed in: they stay signed in (the
      // toast says the link was refused), and go on to their own home page.
      if (redeemed && 'stillSignedIn' in redeemed) {
        const user = redeemed.stillSignedIn;
        setUser(user);
        if (current) {
          void navigate({ to: isStaffRole(user.role) ? '/admin' : '/dashboard', replace: true });
        }
        return;
      }
      // Otherwise the outcome replaces any stored session, even if the person has moved on: a
      // new user, or nobody when the stored session has ended or could not be confirmed.
      const user = redeemed?.user ?? null;
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

  if (verified) return <Verified method={verified} />;
  return (
    <Stack align="center" py="xl">
      <Title order={1}>{title}</Title>
      <Loader role="status" aria-label={title} />
    </Stack>
  );
}

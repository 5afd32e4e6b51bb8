import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api, quiet } from '../../api/client';
import { ConfirmModal } from '../../components/confirm-modal';
import { useSession } from '../session/session-context';
import type { AdminUserRow } from './types';

export const IMPERSONATE_FAILED = 'Failed to impersonate user. Please try again later.';
export const RESEND_WELCOME_FAILED = 'Failed to resend welcome email. Please try again later.';

export type UserAction = 'impersonate' | 'resend';
export type ActionOutcome = { ok: boolean; message: string };

/**
 * A refused action. A user who is gone (deleted since the list was loaded) gets the server's
 * 404 message, which says so, rather than "try again later", which would never help.
 */
class ActionFailed extends Error {
  readonly gone: boolean;
  constructor(fallback: string, gone: boolean, serverMessage: string | undefined) {
    super(gone && serverMessage ? serverMessage : fallback);
    this.gone = gone;
  }
}

/** The users query, every page of it: a user that is gone leaves the list. */
const USERS_KEY = ['get', '/api/admin/users'];

/**
 * The Impersonate User and Resend Welcome Email confirmations. Impersonating replaces
 * the session with the user's and opens their dashboard; the outcome of a resend, and a failed
 * impersonation, go back to the list as a banner.
 */
export function UserActionModal({
  action,
  user,
  opened,
  onClose,
  onOutcome,
}: {
  action: UserAction;
  user: AdminUserRow | null;
  opened: boolean;
  onClose: () => void;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The banner says why an action failed, so the calls raise no toast of their own.
  const failed = (fallback: string) => async (error: Error) => {
    if (!(error instanceof ActionFailed)) return onOutcome({ ok: false, message: fallback });
    onOutcome({ ok: false, message: error.message });
    if (error.gone) await queryClient.invalidateQueries({ queryKey: USERS_KEY, exact: false });
  };

  const impersonate = useMutation({
    mutationFn: async (target: AdminUserRow) => {
      const { data, error, response } = await api.POST('/api/admin/impersonate', {
        body: { userId: target.userId },
        middleware: [quiet],
      });
      if (!data)
        throw new ActionFailed(IMPERSONATE_FAILED, response.status === 404, error?.message);
      return data;
    },
    onSuccess: async (session) => {
      setUser(session);
      await navigate({ to: '/dashboard' });
    },
    onError: failed(IMPERSONATE_FAILED),
    onSettled: onClose,
  });
  const resend = useMutation({
    mutationFn: async (target: AdminUserRow) => {
      const { data, error, response } = await api.POST('/api/admin/resend-welcome', {
        body: { userId: target.userId },
        middleware: [quiet],
      });
      if (!data) {
        throw new ActionFailed(RESEND_WELCOME_FAILED, response.status === 404, error?.message);
      }
      return data;
    },
    onSuccess: (data) => onOutcome({ ok: true, message: data.message }),
    onError: failed(RESEND_WELCOME_FAILED),
    onSettled: onClose,
  });

  const impersonating = action === 'impersonate';
  const mutation = impersonating ? impersonate : resend;
  const confirm = () => user && mutation.mutate(user);
  // Empty while no user is picked, as the modal closes.
  const email = user?.userEmail ?? '';

  return (
    <ConfirmModal
      opened={opened}
      title={impersonating ? 'Impersonate User' : 'Resend Welcome Email'}
      confirmLabel={impersonating ? 'Impersonate' : 'Resend'}
      loading={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text>
        {impersonating
          ? `Sign in as ${email} and see DeedWatch as they do? Log out to return to your own account.`
          : `Send ${email} the welcome email again, with a new link to verify their email?`}
      </Text>
    </ConfirmModal>
  );
}

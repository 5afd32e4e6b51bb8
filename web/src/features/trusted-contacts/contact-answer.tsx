import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api, failures } from '../../api/client';

type Answer = 'accept' | 'stop';

/** What the server said to an answer: what the contact now receives, and from whom. */
type Answered = { status: 'active' | 'stopped'; subscriberEmail: string };

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The answer this page's link was given: a code works once, so a reload (or Back and Forward)
     * shows the outcome again from here instead of sending the spent code.
     */
    trustedContactAnswer?: Answered & { answer: Answer; code: string };
  }
}

const COPY = {
  accept: {
    title: 'auth.trustedContact.accept.title',
    intro: 'auth.trustedContact.accept.intro',
    button: 'auth.trustedContact.accept.button',
  },
  stop: {
    title: 'auth.trustedContact.stop.title',
    intro: 'auth.trustedContact.stop.intro',
    button: 'auth.trustedContact.stop.button',
  },
} as const satisfies Record<Answer, { title: string; intro: string; button: string }>;

/**
 * The page of a trusted contact's link: one button, so that a mail scanner opening the link
 * changes nothing. The contact has no account: the code in the link is the only credential.
 */
export function ContactAnswer({ answer, code }: { answer: Answer; code: string }) {
  const { t } = useTranslation();
  const copy = COPY[answer];
  const navigate = useNavigate();
  const remembered = useRouterState({ select: (s) => s.location.state.trustedContactAnswer });
  const send = useMutation({
    mutationFn: async (): Promise<Answered> => {
      const { data, error } = await api.POST(
        answer === 'accept' ? '/api/trusted-contacts/accept' : '/api/trusted-contacts/stop',
        // The page says what went wrong itself; a refusal here ends no session.
        {
          params: { query: { code } },
          middleware: [failures({ toast: false, endsSession: false })],
        },
      );
      if (!data) throw new Error(error?.message ?? t('auth.trustedContact.linkInvalid'));
      return data;
    },
    // Kept in this history entry, which stays at the link's address.
    onSuccess: ({ status, subscriberEmail }) =>
      void navigate({
        to: '.',
        replace: true,
        state: (previous) => ({
          ...previous,
          trustedContactAnswer: { status, subscriberEmail, answer, code },
        }),
      }),
  });
  const done =
    send.data ??
    (remembered?.answer === answer && remembered.code === code ? remembered : undefined);
  return (
    <Stack maw={560} mx="auto" py="xl">
      <Title order={1}>{t(copy.title)}</Title>
      {done ? (
        <Alert
          color="teal"
          title={
            done.status === 'active'
              ? t('auth.trustedContact.thanks')
              : t('auth.trustedContact.stopped')
          }
        >
          {done.status === 'active'
            ? t('auth.trustedContact.accepted', { email: done.subscriberEmail })
            : t('auth.trustedContact.noMoreCopies', { email: done.subscriberEmail })}
        </Alert>
      ) : (
        <>
          <Text>{t(copy.intro)}</Text>
          {send.isError && (
            <Alert color="red" title={t('auth.trustedContact.linkFailed')}>
              {send.error.message}
            </Alert>
          )}
          <Button
            onClick={() => send.mutate()}
            loading={send.isPending}
            color={answer === 'stop' ? 'gray' : undefined}
            style={{ alignSelf: 'flex-start' }}
          >
            {t(copy.button)}
          </Button>
        </>
      )}
    </Stack>
  );
}

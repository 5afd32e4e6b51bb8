import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, failures } from '../../api/client';

type Answer = 'accept' | 'stop';

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
  const send = useMutation({
    mutationFn: async () => {
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
  });
  return (
    <Stack maw={560} mx="auto" py="xl">
      <Title order={1}>{t(copy.title)}</Title>
      {send.data ? (
        <Alert
          color="teal"
          title={
            send.data.status === 'active'
              ? t('auth.trustedContact.thanks')
              : t('auth.trustedContact.stopped')
          }
        >
          {send.data.status === 'active'
            ? t('auth.trustedContact.accepted', { email: send.data.subscriberEmail })
            : t('auth.trustedContact.noMoreCopies', { email: send.data.subscriberEmail })}
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

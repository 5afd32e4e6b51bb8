import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, failures } from '../../api/client';

type Answer = 'accept' | 'stop';

const COPY: Record<Answer, { title: string; intro: string; button: string }> = {
  accept: {
    title: 'Become a trusted contact',
    intro:
      'A DeedWatch subscriber named you as a trusted contact. If you accept, we will email you a copy of their most urgent alerts (Act now), so that you can check in with them. You will not see their account, and every copy has a link to stop.',
    button: 'Accept',
  },
  stop: {
    title: 'Stop trusted-contact emails',
    intro:
      "Stop receiving copies of a DeedWatch subscriber's alerts. Nothing more will be sent to you, and they will see that you stopped.",
    button: 'Stop These Emails',
  },
};

/**
 * The page of a trusted contact's link: one button, so that a mail scanner opening the link
 * changes nothing. The contact has no account: the code in the link is the only credential.
 */
export function ContactAnswer({ answer, code }: { answer: Answer; code: string }) {
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
      if (!data) throw new Error(error?.message ?? 'This link is invalid, used or expired.');
      return data;
    },
  });
  return (
    <Stack maw={560} mx="auto" py="xl">
      <Title order={1}>{copy.title}</Title>
      {send.data ? (
        <Alert color="teal" title={send.data.status === 'active' ? 'Thank you' : 'Stopped'}>
          {send.data.status === 'active'
            ? `You are now a trusted contact of ${send.data.subscriberEmail}. We will email you a copy of their Act now alerts; each has a link to stop.`
            : `You will get no more copies of ${send.data.subscriberEmail}'s alerts.`}
        </Alert>
      ) : (
        <>
          <Text>{copy.intro}</Text>
          {send.isError && (
            <Alert color="red" title="This link does not work">
              {send.error.message}
            </Alert>
          )}
          <Button
            onClick={() => send.mutate()}
            loading={send.isPending}
            color={answer === 'stop' ? 'gray' : undefined}
            style={{ alignSelf: 'flex-start' }}
          >
            {copy.button}
          </Button>
        </>
      )}
    </Stack>
  );
}

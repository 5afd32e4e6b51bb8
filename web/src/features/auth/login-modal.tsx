import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { firstIssueOnly, MAX_EMAIL_LENGTH } from '@deedwatch/rules';
import * as v from 'valibot';
import { api } from '../../api/client';
import { type Destination, forgetDestination, rememberDestination } from './pending-destination';

/** The sign-in modal's own, looser rule: an @ and a dot. */
const LoginSchema = firstIssueOnly(
  v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('Email is required'),
      v.maxLength(MAX_EMAIL_LENGTH, 'Email is invalid'),
      v.check((email) => email.includes('@') && email.includes('.'), 'Email is invalid'),
    ),
  }),
);

export function LoginModal({
  opened,
  onClose,
  reason,
  next,
}: {
  opened: boolean;
  onClose: () => void;
  /** Why a page asks to sign in, shown above the form. */
  reason?: string;
  /** Where the magic link continues after signing in, instead of the dashboard. */
  next?: Destination;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(LoginSchema, { sync: true }),
  });

  const close = () => {
    onClose();
    setSentTo(null);
    form.reset();
  };

  const submit = form.onSubmit(async ({ email }) => {
    const address = email.trim();
    setSending(true);
    try {
      const { response } = await api.POST('/api/auth/login', {
        params: { query: { email: address } },
      });
      // Failures are reported by the client's error toast.
      if (!response.ok) return;
      // The newest link decides where signing in leads, as it is the only one that works.
      if (next) rememberDestination(next);
      else forgetDestination();
      setSentTo(address);
    } catch {
      // Network failure, already reported.
    } finally {
      setSending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Login" centered>
      {sentTo ? (
        <Stack>
          <Alert color="teal" title="Check your inbox">
            If an account exists for {sentTo}, a sign-in link is on its way. Open it to sign in; it
            works once.
          </Alert>
          <Button onClick={close}>Close</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {reason && <Text fw={700}>{reason}</Text>}
            <Text size="sm">Enter your email and we will send you a link to sign in.</Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              data-autofocus
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={sending}>
              Send Login Link
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

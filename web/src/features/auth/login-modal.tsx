import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstIssueOnly, MAX_EMAIL_LENGTH } from '@deedwatch/rules';
import * as v from 'valibot';
import { api } from '../../api/client';
import { type Destination, forgetDestination, rememberDestination } from './pending-destination';

/** The sign-in modal's own, looser rule: an @ and a dot; its messages in `t`'s language. */
export function loginSchema(t: TFunction) {
  return firstIssueOnly(
    v.object({
      email: v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty(t('auth.login.emailRequired')),
        v.maxLength(MAX_EMAIL_LENGTH, t('auth.login.emailInvalid')),
        v.check(
          (email) => email.includes('@') && email.includes('.'),
          t('auth.login.emailInvalid'),
        ),
      ),
    }),
  );
}

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
  const { t } = useTranslation();
  // Rebuilt when the language changes (t changes with it), so the messages follow.
  const validate = useMemo(() => schemaResolver(loginSchema(t), { sync: true }), [t]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate,
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
    <Modal
      opened={opened}
      onClose={close}
      title={t('auth.login.title')}
      centered
      // Apart from the Close button of the inbox notice.
      closeButtonProps={{ 'aria-label': t('auth.login.closeModal') }}
    >
      {sentTo ? (
        <Stack>
          <Alert color="teal" title={t('auth.login.sentTitle')}>
            {t('auth.login.sent', { email: sentTo })}
          </Alert>
          <Button onClick={close}>{t('common.actions.close')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {reason && <Text fw={700}>{reason}</Text>}
            <Text size="sm">{t('auth.login.prompt')}</Text>
            <TextInput
              label={t('auth.login.email')}
              type="email"
              autoComplete="email"
              required
              data-autofocus
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={sending}>
              {t('auth.login.send')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

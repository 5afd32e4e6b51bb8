import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../components/back-closes';
import { FormActions } from '../../components/form-actions';
import { SecretOnce } from './secret-once';

/** The secret the server sent back, with what to do with it. */
export type ShownSecret = { title: string; label: string; value: string; note: ReactNode };

/**
 * A modal that creates something with a secret (a token, a webhook endpoint): first its form
 * (`children`, then the call's error and Cancel / `submitLabel`), then, once `secret` is set, the
 * secret shown once and Done. `onSubmit` runs without the browser's own submit.
 */
export function SecretFormModal({
  opened,
  onClose,
  title,
  secret,
  submitLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  secret: ShownSecret | null;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useBackCloses(opened, onClose);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={secret ? secret.title : title}
      centered
      size="lg"
    >
      {secret ? (
        <Stack>
          <SecretOnce label={secret.label} secret={secret.value}>
            {secret.note}
          </SecretOnce>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('apiAccess.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {children}
            {error && (
              <Text c="red.8" size="sm" role="alert">
                {error.message}
              </Text>
            )}
            <FormActions
              cancelLabel={t('apiAccess.cancel')}
              submitLabel={submitLabel}
              pending={pending}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

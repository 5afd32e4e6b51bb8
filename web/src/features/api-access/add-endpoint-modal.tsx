import { Anchor, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, failures } from '../../api/client';
import { messageOf } from './format';
import { endpointsQuery, type EventType } from './queries';
import { SecretFormModal } from './secret-form-modal';

const MAX_URL = 2048;
const MAX_DESCRIPTION = 200;

export const EVENT_TYPES = [
  { value: 'event.created', label: 'apiAccess.webhooks.eventCreated' },
  { value: 'event.level_changed', label: 'apiAccess.webhooks.eventLevelChanged' },
  { value: 'case.status_changed', label: 'apiAccess.webhooks.eventCaseStatusChanged' },
] as const satisfies { value: EventType; label: string }[];

/** Registers a webhook endpoint, then shows its signing secret once. */
export function AddEndpointModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<EventType[]>(['event.created']);
  const [tried, setTried] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.POST('/api/webhooks', {
        body: { url: url.trim(), description: description.trim(), eventTypes },
        middleware: [failures({ toast: false })],
      });
      if (!data) throw new Error(messageOf(error, t('apiAccess.webhooks.addFailed')));
      return data;
    },
    onSuccess: async (data) => {
      setSecret(data.secret);
      await queryClient.invalidateQueries({ queryKey: endpointsQuery().queryKey });
    },
  });

  const urlError = !/^https:\/\/\S+$/i.test(url.trim())
    ? t('apiAccess.webhooks.urlInvalid')
    : url.length > MAX_URL
      ? t('apiAccess.webhooks.tooLong', { max: MAX_URL })
      : null;
  const descriptionError =
    description.length > MAX_DESCRIPTION
      ? t('apiAccess.webhooks.tooLong', { max: MAX_DESCRIPTION })
      : null;
  const typesError = eventTypes.length === 0 ? t('apiAccess.webhooks.eventsRequired') : null;

  const close = () => {
    setUrl('');
    setDescription('');
    setEventTypes(['event.created']);
    setTried(false);
    setSecret(null);
    add.reset();
    onClose();
  };

  const submit = () => {
    setTried(true);
    if (urlError || descriptionError || typesError) return;
    add.mutate();
  };

  return (
    <SecretFormModal
      opened={opened}
      onClose={close}
      title={t('apiAccess.webhooks.addTitle')}
      secret={
        secret
          ? {
              title: t('apiAccess.webhooks.secretTitle'),
              label: t('apiAccess.webhooks.secretLabel'),
              value: secret,
              note: <Text size="sm">{t('apiAccess.webhooks.signing')}</Text>,
            }
          : null
      }
      submitLabel={t('apiAccess.webhooks.add')}
      pending={add.isPending}
      error={add.error}
      onSubmit={submit}
    >
      <TextInput
        label={t('apiAccess.webhooks.urlLabel')}
        description={t('apiAccess.webhooks.urlDescription')}
        placeholder="https://hooks.example.com/deedwatch"
        required
        data-autofocus
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={tried ? urlError : null}
      />
      <TextInput
        label={t('apiAccess.webhooks.descriptionLabel')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={tried ? descriptionError : null}
      />
      <Checkbox.Group
        label={t('apiAccess.webhooks.eventsLabel')}
        value={eventTypes}
        onChange={(value) => setEventTypes(value as EventType[])}
        error={tried ? typesError : null}
      >
        <Stack gap={6} mt={6}>
          {EVENT_TYPES.map((type) => (
            <Checkbox key={type.value} value={type.value} label={t(type.label)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" c="gray.7">
        <Trans
          i18nKey="apiAccess.webhooks.retries"
          components={{ docs: <Anchor href="/docs" size="xs" underline="always" /> }}
        />
      </Text>
    </SecretFormModal>
  );
}

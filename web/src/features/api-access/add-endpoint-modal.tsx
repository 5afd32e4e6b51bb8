import { Anchor, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, failures } from '../../api/client';
import { messageOf } from './format';
import { endpointsQuery, type EventType } from './queries';
import { SecretOnce } from './secret-once';

const MAX_URL = 2048;
const MAX_DESCRIPTION = 200;

export const EVENT_TYPES: { value: EventType; label: string }[] = [
  { value: 'event.created', label: 'New event: a document matched a guarded item' },
  { value: 'event.level_changed', label: 'Event level changed (not sent yet)' },
  { value: 'case.status_changed', label: 'Case status changed (not sent yet)' },
];

/** Registers a webhook endpoint, then shows its signing secret once. */
export function AddEndpointModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
      if (!data) throw new Error(messageOf(error, 'The endpoint could not be added.'));
      return data;
    },
    onSuccess: async (data) => {
      setSecret(data.secret);
      await queryClient.invalidateQueries({ queryKey: endpointsQuery().queryKey });
    },
  });

  const urlError = !/^https:\/\/\S+$/i.test(url.trim())
    ? 'Give an https:// URL'
    : url.length > MAX_URL
      ? `At most ${MAX_URL} characters`
      : null;
  const descriptionError =
    description.length > MAX_DESCRIPTION ? `At most ${MAX_DESCRIPTION} characters` : null;
  const typesError = eventTypes.length === 0 ? 'Choose at least one event type' : null;

  const close = () => {
    setUrl('');
    setDescription('');
    setEventTypes(['event.created']);
    setTried(false);
    setSecret(null);
    add.reset();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (urlError || descriptionError || typesError) return;
    add.mutate();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? 'Your Signing Secret' : 'Add Webhook Endpoint'}
      centered
      size="lg"
    >
      {secret ? (
        <Stack>
          <SecretOnce label="Signing secret" secret={secret}>
            <Text size="sm">
              Each delivery is signed with it (webhook-id, webhook-timestamp and webhook-signature
              headers, the Standard Webhooks way): check the signature before you trust a delivery.
            </Text>
          </SecretOnce>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="URL"
              description="https, on a public address; redirects are not followed"
              placeholder="https://hooks.example.com/deedwatch"
              required
              data-autofocus
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={tried ? urlError : null}
            />
            <TextInput
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={tried ? descriptionError : null}
            />
            <Checkbox.Group
              label="Events"
              value={eventTypes}
              onChange={(value) => setEventTypes(value as EventType[])}
              error={tried ? typesError : null}
            >
              <Stack gap={6} mt={6}>
                {EVENT_TYPES.map((type) => (
                  <Checkbox key={type.value} value={type.value} label={type.label} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Text size="xs" c="dimmed">
              A delivery not answered with a 2xx within 10 seconds is retried for 24 hours; then the
              endpoint is disabled and you are emailed. See{' '}
              <Anchor href="/docs" size="xs">
                the API documentation
              </Anchor>
              .
            </Text>
            {add.error && (
              <Text c="red.8" size="sm" role="alert">
                {add.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={add.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending}>
                Add Endpoint
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

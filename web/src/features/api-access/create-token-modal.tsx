import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, failures } from '../../api/client';
import { messageOf } from './format';
import { type TokenScope, tokensQuery } from './queries';
import { SecretOnce } from './secret-once';

const MAX_NAME = 100;

const EXPIRIES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '366', label: '1 year' },
  { value: 'never', label: 'Never' },
];

type Created = { name: string; secret: string };

/**
 * Creates a personal access token: its name, scopes and expiry, then its secret, shown once
 * with a copy button until the modal is closed.
 */
export function CreateTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiry, setExpiry] = useState('90');
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const create = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.POST('/api/tokens', {
        body: {
          name: name.trim(),
          scopes,
          ...(expiry === 'never' ? {} : { expiresInDays: Number(expiry) }),
        },
        middleware: [failures({ toast: false })],
      });
      if (!data) throw new Error(messageOf(error, 'The token could not be created.'));
      return data;
    },
    onSuccess: async (data) => {
      setCreated({ name: data.token.name, secret: data.secret });
      await queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey });
    },
  });

  const nameError =
    name.trim() === ''
      ? 'Name is required'
      : name.length > MAX_NAME
        ? `At most ${MAX_NAME} characters`
        : null;
  const scopesError = scopes.length === 0 ? 'Choose at least one scope' : null;

  const close = () => {
    setName('');
    setScopes(['read']);
    setExpiry('90');
    setTried(false);
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameError || scopesError) return;
    create.mutate();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your New Token' : 'Create Personal Access Token'}
      centered
      size="lg"
    >
      {created ? (
        <Stack>
          <SecretOnce label={`Token ${created.name}`} secret={created.secret}>
            <Text size="sm">
              Send it as <code>Authorization: Bearer &lt;token&gt;</code> on your API calls, or
              paste it into Authorize in the{' '}
              <Anchor href="/docs" size="sm">
                API documentation
              </Anchor>
              .
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
              label="Name"
              description="What it is for, so you know which to revoke"
              required
              data-autofocus
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={tried ? nameError : null}
            />
            <Checkbox.Group
              label="Scopes"
              value={scopes}
              onChange={(value) => setScopes(value as TokenScope[])}
              error={tried ? scopesError : null}
            >
              <Stack gap={6} mt={6}>
                <Checkbox value="read" label="Read: your alerts, guarded items and webhooks" />
                <Checkbox
                  value="write"
                  label="Write: guard and remove items, archive alerts, manage webhooks"
                />
              </Stack>
            </Checkbox.Group>
            <Select
              label="Expires after"
              data={EXPIRIES}
              value={expiry}
              onChange={(value) => setExpiry(value ?? '90')}
              allowDeselect={false}
            />
            {create.error && (
              <Text c="red.8" size="sm" role="alert">
                {create.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create Token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

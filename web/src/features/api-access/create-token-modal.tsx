import { Anchor, Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, failures } from '../../api/client';
import { messageOf } from './format';
import { type TokenScope, tokensQuery } from './queries';
import { SecretFormModal } from './secret-form-modal';

const MAX_NAME = 100;

const DAYS = [7, 30, 90];

/** The header a program sends the token in. */
const AUTHORIZATION = 'Authorization: Bearer <token>';

type Created = { name: string; secret: string };

/**
 * Creates a personal access token: its name, scopes and expiry, then its secret, shown once
 * with a copy button until the modal is closed.
 */
export function CreateTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const expiries = [
    ...DAYS.map((days) => ({
      value: String(days),
      label: t('apiAccess.tokens.days', { count: days }),
    })),
    { value: '366', label: t('apiAccess.tokens.oneYear') },
    { value: 'never', label: t('apiAccess.tokens.never') },
  ];
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
      if (!data) throw new Error(messageOf(error, t('apiAccess.tokens.createFailed')));
      return data;
    },
    onSuccess: async (data) => {
      setCreated({ name: data.token.name, secret: data.secret });
      await queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey });
    },
  });

  const nameError =
    name.trim() === ''
      ? t('apiAccess.tokens.nameRequired')
      : name.length > MAX_NAME
        ? t('apiAccess.tokens.tooLong', { max: MAX_NAME })
        : null;
  const scopesError = scopes.length === 0 ? t('apiAccess.tokens.scopesRequired') : null;

  const close = () => {
    setName('');
    setScopes(['read']);
    setExpiry('90');
    setTried(false);
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    setTried(true);
    if (nameError || scopesError) return;
    create.mutate();
  };

  return (
    <SecretFormModal
      opened={opened}
      onClose={close}
      title={t('apiAccess.tokens.createTitle')}
      secret={
        created && {
          title: t('apiAccess.tokens.newTitle'),
          label: t('apiAccess.tokens.secretLabel', { name: created.name }),
          value: created.secret,
          note: (
            <Text size="sm">
              <Trans
                i18nKey="apiAccess.tokens.usage"
                values={{ header: AUTHORIZATION }}
                components={{
                  code: <code />,
                  docs: <Anchor href="/docs" size="sm" underline="always" />,
                }}
              />
            </Text>
          ),
        }
      }
      submitLabel={t('apiAccess.tokens.create')}
      pending={create.isPending}
      error={create.error}
      onSubmit={submit}
    >
      <TextInput
        label={t('apiAccess.tokens.nameLabel')}
        description={t('apiAccess.tokens.nameDescription')}
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={tried ? nameError : null}
      />
      <Checkbox.Group
        label={t('apiAccess.tokens.scopesLabel')}
        value={scopes}
        onChange={(value) => setScopes(value as TokenScope[])}
        error={tried ? scopesError : null}
      >
        <Stack gap={6} mt={6}>
          <Checkbox value="read" label={t('apiAccess.tokens.scopeRead')} />
          <Checkbox value="write" label={t('apiAccess.tokens.scopeWrite')} />
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('apiAccess.tokens.expiresLabel')}
        data={expiries}
        value={expiry}
        onChange={(value) => setExpiry(value ?? '90')}
        allowDeselect={false}
      />
    </SecretFormModal>
  );
}

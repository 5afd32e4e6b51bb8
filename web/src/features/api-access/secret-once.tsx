import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server shows this once (a token, a signing secret): read-only, selected on focus,
 * with a copy button, and the warning that it cannot be seen again.
 */
export function SecretOnce({
  label,
  secret,
  children,
}: {
  label: string;
  secret: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {/* Dark text: the light yellow's own text colour is too pale to read on it. */}
      <Alert color="yellow" c="dark.7" title={t('apiAccess.secret.copyTitle')}>
        <Text size="sm">{t('apiAccess.secret.shownOnce')}</Text>
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
              {copied ? t('apiAccess.secret.copied') : t('apiAccess.secret.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {children}
    </Stack>
  );
}

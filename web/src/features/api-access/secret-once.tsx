import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';

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
  return (
    <Stack gap="xs">
      <Alert color="yellow" title="Copy it now">
        <Text size="sm">
          It is shown only this once: DeedWatch keeps no copy it could show again.
        </Text>
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
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {children}
    </Stack>
  );
}

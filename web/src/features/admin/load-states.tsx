import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';

/** A list or panel still loading. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="lg">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/**
 * A list or panel that failed to load, with a way to ask again. Neutral, not red: red belongs
 * to the error toasts and banners, and some of these failures raise none.
 */
export function LoadFailed({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="gray" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

import { Alert, Box, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSession } from '../session/session-context';
import { alertColorFor } from './query-alert';
import { siteBannerFor } from './site-banner';

export const IMPERSONATION_MESSAGE =
  'You are currently impersonating a user. Please logout to return to your account.';

export function SiteBanner({ hostname }: { hostname: string }) {
  const text = siteBannerFor(hostname);
  if (!text) return null;
  return (
    <Box bg="yellow.3" py={4} ta="center">
      <Text fw={900} size="sm" c="dark.8">
        {text}
      </Text>
    </Box>
  );
}

export function ImpersonationBanner() {
  const { user } = useSession();
  if (!user?.isImpersonated) return null;
  return (
    <Alert color="red" variant="filled" radius={0} ta="center">
      {IMPERSONATION_MESSAGE}
    </Alert>
  );
}

/** Shows `?message=…&type=…` from any page; closing it drops both parameters. */
export function QueryMessage() {
  const { message, type } = useSearch({ strict: false });
  const navigate = useNavigate();
  if (!message) return null;
  return (
    <Alert
      color={alertColorFor(type)}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() =>
        void navigate({
          to: '.',
          search: (previous) => ({ ...previous, message: undefined, type: undefined }),
          replace: true,
        })
      }
      maw={1200}
      mx="auto"
      mt="md"
    >
      {message}
    </Alert>
  );
}

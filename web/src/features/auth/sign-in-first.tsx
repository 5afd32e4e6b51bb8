import { Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { LoginModal } from './login-modal';
import type { Destination } from './pending-destination';

/**
 * A page a mail links to, opened signed out: it asks for the magic link there, and the link
 * continues to `next`. Closing the modal goes home.
 */
export function SignInFirst({
  title,
  reason,
  next,
}: {
  title: string;
  reason: string;
  next: Destination;
}) {
  const navigate = useNavigate();
  return (
    <Stack align="center" py="xl">
      <Title order={1}>{title}</Title>
      <LoginModal
        opened
        onClose={() => void navigate({ to: '/', replace: true })}
        reason={reason}
        next={next}
      />
    </Stack>
  );
}

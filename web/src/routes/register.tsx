import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { countiesQuery } from '../api/queries';
import { RegisterForm } from '../features/register/register-form';

export const Route = createFileRoute('/register')({
  // The guard modals' county list, read as the page opens rather than as a modal does. The page
  // is not held for it: a failure is only logged, and the county select says it is loading.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(countiesQuery());
  },
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap="xs">
        <Title order={1}>Free Real Estate Protection Service</Title>
        <Text>
          Sign up with your email, choose the names and properties to guard, and we will email you
          when the county recorder records a document that affects them. It is free and takes under
          5 minutes.
        </Text>
      </Stack>
      <RegisterForm />
    </Stack>
  );
}

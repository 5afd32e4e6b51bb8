import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap="xs">
        <Title order={1}>{t('guards.register.title')}</Title>
        <Text>{t('guards.register.intro')}</Text>
      </Stack>
      <RegisterForm />
    </Stack>
  );
}

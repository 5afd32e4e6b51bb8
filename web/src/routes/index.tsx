import { Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/links';
import { HowItWorks } from './-components/how-it-works';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>{t('pages.home.title')}</Title>
        <Text size="lg">{t('pages.home.intro')}</Text>
      </Stack>
      <HowItWorks />
      <Group justify="flex-end">
        <ButtonLink to="/register" size="md">
          {t('pages.home.next')}
        </ButtonLink>
      </Group>
    </Stack>
  );
}

import { List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('pages.terms.title')}</Title>
      <Text>{t('pages.terms.intro')}</Text>
      <List spacing="xs">
        <List.Item>{t('pages.terms.arbitration')}</List.Item>
        <List.Item>{t('pages.terms.notice')}</List.Item>
        <List.Item>{t('pages.terms.passwords')}</List.Item>
        <List.Item>{t('pages.terms.prepaid')}</List.Item>
      </List>
    </Stack>
  );
}

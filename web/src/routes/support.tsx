import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL, SUPPORT_PHONE, telHref } from '../features/support/contact';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});

function SupportPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('pages.support.title')}</Title>
      <Text>{t('pages.support.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="call-us">
          <Title order={2} id="call-us">
            {t('pages.support.callUs')}
          </Title>
          <Anchor href={telHref(SUPPORT_PHONE)} fz="xl" fw={700} mt="xs">
            {SUPPORT_PHONE}
          </Anchor>
          <Text mt="xs">{t('pages.support.hours')}</Text>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="email-us">
          <Title order={2} id="email-us">
            {t('pages.support.emailUs')}
          </Title>
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="xl" fw={700} mt="xs">
            {SUPPORT_EMAIL}
          </Anchor>
          <Text mt="xs">{t('pages.support.emailHours')}</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

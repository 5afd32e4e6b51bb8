import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { PRIVACY_EMAIL } from '../features/support/contact';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('pages.privacy.title')}</Title>
      <Text>{t('pages.privacy.intro')}</Text>
      <List spacing="xs">
        <List.Item>{t('pages.privacy.ccpa')}</List.Item>
        <List.Item>{t('pages.privacy.children')}</List.Item>
        <List.Item>
          <Trans
            i18nKey="pages.privacy.contact"
            values={{ email: PRIVACY_EMAIL }}
            components={{ email: <Anchor href={`mailto:${PRIVACY_EMAIL}`} /> }}
          />
        </List.Item>
        <List.Item>{t('pages.privacy.noSale')}</List.Item>
      </List>
    </Stack>
  );
}

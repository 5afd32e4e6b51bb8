import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';

/** An address the site has no page for: said in the site's language, with the way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start">
      <Title order={1}>{t('pages.notFound.title')}</Title>
      <Text>{t('pages.notFound.text')}</Text>
      <ButtonLink to="/">{t('pages.notFound.home')}</ButtonLink>
    </Stack>
  );
}

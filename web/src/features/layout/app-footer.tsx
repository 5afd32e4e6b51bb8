import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../components/links';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" bg="darkGray" c="white" py="lg" px="md">
      <Group justify="space-between" maw={1200} mx="auto" gap="sm">
        <Text size="sm">© {new Date().getFullYear()} DeedWatch</Text>
        <Group component="nav" aria-label={t('common.footer.legal')} gap="md">
          <AnchorLink to="/terms" c="white" size="sm">
            {t('common.footer.terms')}
          </AnchorLink>
          <AnchorLink to="/privacy" c="white" size="sm">
            {t('common.footer.privacy')}
          </AnchorLink>
          <AnchorLink to="/support" c="white" size="sm">
            {t('common.footer.support')}
          </AnchorLink>
        </Group>
      </Group>
    </Box>
  );
}

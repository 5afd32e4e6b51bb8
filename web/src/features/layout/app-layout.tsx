import { Box, LoadingOverlay } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useEnglishOnStaffScreens } from '../language/english-only';
import { useSession } from '../session/session-context';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ImpersonationBanner, QueryMessage, SiteBanner } from './banners';

export function AppLayout() {
  const { t } = useTranslation();
  const { loading } = useSession();
  const staffScreen = useEnglishOnStaffScreens();
  return (
    <Box pos="relative" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <LoadingOverlay
        visible={loading}
        zIndex={1000}
        overlayProps={{ blur: 2 }}
        loaderProps={{ role: 'status', 'aria-label': t('common.session.checking') }}
      />
      <SiteBanner hostname={window.location.hostname} />
      <ImpersonationBanner />
      <AppHeader languageSwitch={!staffScreen} />
      <Box component="main" flex={1} px="md" pb="xl">
        <QueryMessage />
        <Box maw={1200} mx="auto" pt="lg">
          <Outlet />
        </Box>
      </Box>
      <AppFooter />
    </Box>
  );
}

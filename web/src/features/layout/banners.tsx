import { Alert, Box, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context';
import type { QueryMessageKey } from './query-alert';
import { alertColorFor } from './query-alert';
import { siteBannerFor } from './site-banner';

/** Each environment banner's words, by the English text siteBannerFor gives. */
const SITE_BANNERS = {
  'THIS IS THE QA SITE!': 'common.banners.qaSite',
  'THIS IS THE DEV SITE!': 'common.banners.devSite',
} as const;

/** Each message a URL may carry, by its key. */
const QUERY_MESSAGE_TEXT = {
  'email-verified': 'common.banners.emailVerified',
  'phone-verified': 'common.banners.phoneVerified',
} as const satisfies Record<QueryMessageKey, string>;

export function SiteBanner({ hostname }: { hostname: string }) {
  const { t } = useTranslation();
  const text = siteBannerFor(hostname);
  if (!text) return null;
  const key = SITE_BANNERS[text as keyof typeof SITE_BANNERS];
  return (
    <Box bg="yellow.3" py={4} ta="center">
      <Text fw={900} size="sm" c="dark.8">
        {key ? t(key) : text}
      </Text>
    </Box>
  );
}

export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.isImpersonated) return null;
  return (
    <Alert color="red" variant="filled" radius={0} ta="center">
      {t('common.banners.impersonating')}
    </Alert>
  );
}

/**
 * Shows `?message=…&type=…` from any page, the message's key (all the root route's search
 * validation keeps) worded in the language shown now; closing it drops both parameters.
 */
export function QueryMessage() {
  const { t } = useTranslation();
  const { message, type } = useSearch({ strict: false });
  const navigate = useNavigate();
  if (!message) return null;
  return (
    <Alert
      color={alertColorFor(type)}
      withCloseButton
      closeButtonLabel={t('common.banners.dismiss')}
      onClose={() =>
        void navigate({
          to: '.',
          search: (previous) => ({ ...previous, message: undefined, type: undefined }),
          replace: true,
        })
      }
      maw={1200}
      mx="auto"
      mt="md"
    >
      {t(QUERY_MESSAGE_TEXT[message])}
    </Alert>
  );
}

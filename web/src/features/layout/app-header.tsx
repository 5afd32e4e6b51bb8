import { Box, Burger, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../components/links';
import { LoginModal } from '../auth/login-modal';
import { LanguageSwitch } from '../language/language-switch';
import { useAccountLanguage } from '../language/use-language';
import { isStaffRole } from '../session/roles';
import { useSession } from '../session/session-context';
import { Logo } from './logo';

const itemStyle = {
  fontWeight: 700,
  letterSpacing: '0.03em',
  color: 'var(--mantine-color-darkGray-6)',
} as const;

function NavButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton onClick={onClick} style={itemStyle}>
      {children}
    </UnstyledButton>
  );
}

/** The site's header; `languageSwitch` false leaves out the language switch (on English-only
 * screens). */
export function AppHeader({ languageSwitch }: { languageSwitch: boolean }) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  useAccountLanguage();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [loginOpened, login] = useDisclosure(false);
  const signedIn = user !== null;

  const openLogin = () => {
    drawer.close();
    login.open();
  };
  const signOut = () => {
    drawer.close();
    void logout();
  };

  // Each link closes the drawer it may stand in.
  const navLink = (to: '/dashboard' | '/register' | '/faq' | '/support', label: string) => (
    <AnchorLink to={to} underline="never" style={itemStyle} onClick={drawer.close}>
      {label}
    </AnchorLink>
  );
  const accountLink = signedIn
    ? navLink('/dashboard', t('common.nav.dashboard'))
    : navLink('/register', t('common.nav.signUp'));
  const pageLinks = (
    <>
      {navLink('/faq', t('common.nav.faq'))}
      {navLink('/support', t('common.nav.support'))}
    </>
  );
  const sessionButton = signedIn ? (
    <NavButton onClick={signOut}>{t('common.nav.logout')}</NavButton>
  ) : (
    <NavButton onClick={openLogin}>{t('common.nav.login')}</NavButton>
  );

  return (
    <Box
      component="header"
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-lightGray-6)' }}
    >
      <Group justify="space-between" wrap="nowrap" h={64} px="md" maw={1200} mx="auto">
        <Link to="/" aria-label={t('common.nav.home')} style={{ textDecoration: 'none' }}>
          <Logo />
        </Link>
        <Group
          component="nav"
          aria-label={t('common.nav.main')}
          gap="lg"
          visibleFrom="sm"
          wrap="nowrap"
        >
          {isStaffRole(user?.role) && (
            <AnchorLink to="/admin" underline="never" style={itemStyle}>
              {t('common.nav.admin')}
            </AnchorLink>
          )}
          {accountLink}
          {pageLinks}
          {sessionButton}
          {languageSwitch && <LanguageSwitch style={itemStyle} />}
        </Group>
        <Burger
          hiddenFrom="sm"
          opened={drawerOpened}
          onClick={drawer.toggle}
          aria-label={drawerOpened ? t('common.nav.closeMenu') : t('common.nav.openMenu')}
        />
      </Group>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={t('common.nav.menu')}
        position="right"
        size="xs"
        hiddenFrom="sm"
      >
        <Stack component="nav" aria-label={t('common.nav.mobile')} gap="lg">
          {accountLink}
          {pageLinks}
          {sessionButton}
          {languageSwitch && <LanguageSwitch style={itemStyle} onSwitch={drawer.close} />}
        </Stack>
      </Drawer>
      <LoginModal opened={loginOpened} onClose={login.close} />
    </Box>
  );
}

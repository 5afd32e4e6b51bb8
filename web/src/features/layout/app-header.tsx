import { Box, Burger, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../components/links';
import { LoginModal } from '../auth/login-modal';
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

export function AppHeader() {
  const { user, logout } = useSession();
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

  const accountLink = signedIn ? (
    <AnchorLink to="/dashboard" underline="never" style={itemStyle} onClick={drawer.close}>
      DASHBOARD
    </AnchorLink>
  ) : (
    <AnchorLink to="/register" underline="never" style={itemStyle} onClick={drawer.close}>
      SIGN UP
    </AnchorLink>
  );
  const pageLinks = (
    <>
      <AnchorLink to="/faq" underline="never" style={itemStyle} onClick={drawer.close}>
        FAQ
      </AnchorLink>
      <AnchorLink to="/support" underline="never" style={itemStyle} onClick={drawer.close}>
        SUPPORT
      </AnchorLink>
    </>
  );
  const sessionButton = signedIn ? (
    <NavButton onClick={signOut}>LOGOUT</NavButton>
  ) : (
    <NavButton onClick={openLogin}>LOGIN</NavButton>
  );

  return (
    <Box
      component="header"
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-lightGray-6)' }}
    >
      <Group justify="space-between" wrap="nowrap" h={64} px="md" maw={1200} mx="auto">
        <Link to="/" aria-label="DeedWatch home" style={{ textDecoration: 'none' }}>
          <Logo />
        </Link>
        <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm" wrap="nowrap">
          {isStaffRole(user?.role) && (
            <AnchorLink to="/admin" underline="never" style={itemStyle}>
              ADMIN
            </AnchorLink>
          )}
          {accountLink}
          {pageLinks}
          {sessionButton}
        </Group>
        <Burger
          hiddenFrom="sm"
          opened={drawerOpened}
          onClick={drawer.toggle}
          aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
        />
      </Group>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title="Menu"
        position="right"
        size="xs"
        hiddenFrom="sm"
      >
        <Stack component="nav" aria-label="Mobile" gap="lg">
          {accountLink}
          {pageLinks}
          {sessionButton}
        </Stack>
      </Drawer>
      <LoginModal opened={loginOpened} onClose={login.close} />
    </Box>
  );
}

import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { showEnglishForNow } from '../../i18n';

/** The staff screens: the back office (`/admin`) and its sign-in page (`/admin-login`). */
const STAFF_SCREEN = /^\/admin(?:-login)?(?:\/|$)/;

export function isStaffScreen(pathname: string): boolean {
  return STAFF_SCREEN.test(pathname);
}

/**
 * Shows the site in English while a staff screen is shown, the layout and its dialogs included,
 * and goes back to the language chosen when another page is. The staff screens are English-only
 * by design; the choice made on the rest of the site is left as it was. Returns whether a staff
 * screen is shown, for the header to leave out its language switch there. Called once, by the
 * layout.
 */
export function useEnglishOnStaffScreens(): boolean {
  // The page shown, not one still loading: the page being left keeps its language meanwhile.
  const staff = useRouterState({
    select: (s) => isStaffScreen((s.resolvedLocation ?? s.location).pathname),
  });
  useLayoutEffect(() => {
    if (!staff) return;
    showEnglishForNow(true);
    return () => showEnglishForNow(false);
  }, [staff]);
  return staff;
}

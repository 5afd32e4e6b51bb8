import { useBlocker } from '@tanstack/react-router';

/**
 * Back (the browser's, or a phone's back button or gesture, where a dialog fills the screen and
 * looks like a page) while the dialog is open closes it as its close button does, instead of
 * leaving the page and what was typed on it. Only a page reached within the app has a Back to
 * hold: the first page of a visit leaves the site, as ever. A link the dialog follows is not held.
 */
export function useBackCloses(opened: boolean, close: () => void) {
  useBlocker({
    shouldBlockFn: ({ action }) => {
      if (action === 'PUSH' || action === 'REPLACE') return false;
      close();
      return true;
    },
    disabled: !opened,
    enableBeforeUnload: false,
  });
}

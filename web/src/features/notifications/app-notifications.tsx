import { Notifications, useNotifications } from '@mantine/notifications';
import { useState, useSyncExternalStore } from 'react';
import { toastSettings } from './toast-settings';

/**
 * Where toasts show while a dialog (a modal or a drawer) is open: at the top, clear of the
 * dialog's fields and its action buttons at the bottom, which the usual bottom-right corner
 * covers on a phone. They stay above the dialog's overlay, so that a failure of what the dialog
 * does (a refused sign-in link, a search that failed) is still seen, and read out, at once.
 */
export const DIALOG_TOAST_POSITION = 'top-center';

const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

function subscribe(onChange: () => void): () => void {
  // Dialogs open and close by adding and removing their portals.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

const dialogOpen = () => document.querySelector(OPEN_DIALOG) !== null;

/** Whether a modal dialog is open on the page. */
function useDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, dialogOpen, () => false);
}

/**
 * The app's toasts: the product's settings, moved out of an open dialog's way. They go back to
 * the bottom right once the dialog has closed and no toast is left, so that one shown as a
 * dialog closes (County Saved) stays where it appeared rather than jumping across the screen.
 */
export function AppNotifications() {
  const dialogOpen = useDialogOpen();
  const anyShown = useNotifications().notifications.length > 0;
  const [atTop, setAtTop] = useState(dialogOpen);
  // Derived from the two above as they change, during render (no effect, no extra paint).
  if (dialogOpen && !atTop) setAtTop(true);
  if (!dialogOpen && !anyShown && atTop) setAtTop(false);
  const position = atTop || dialogOpen ? DIALOG_TOAST_POSITION : toastSettings.position;
  return <Notifications {...toastSettings} position={position} />;
}

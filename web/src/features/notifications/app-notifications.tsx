import { Notifications, type NotificationsProps, useNotifications } from '@mantine/notifications';
import { useState, useSyncExternalStore } from 'react';
import { toastSettings } from './toast-settings';

type Position = NonNullable<NotificationsProps['position']>;

/**
 * Where toasts show while a modal dialog is open: at the top, clear of the dialog's fields and
 * its action buttons at the bottom, which the usual bottom-right corner covers on a phone. They
 * stay above the dialog's overlay, so that a failure of what the dialog does (a refused sign-in
 * link, a search that failed) is still seen, and read out, at once.
 */
export const DIALOG_TOAST_POSITION: Position = 'top-center';

/**
 * Where toasts show while a drawer is open. Every drawer opens from the right with its title and
 * close button at the top: at the bottom left a toast sits over the page the drawer covers (on
 * a wide screen), or over the end of its form (on a phone), never over its header.
 */
export const DRAWER_TOAST_POSITION: Position = 'bottom-left';

const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

function subscribe(onChange: () => void): () => void {
  // Dialogs open and close by adding and removing their portals.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Where toasts go for the dialogs open now: undefined when none is. */
function dialogPosition(): Position | undefined {
  const open = [...document.querySelectorAll(OPEN_DIALOG)];
  if (open.length === 0) return undefined;
  return open.some((dialog) => dialog.closest('.mantine-Drawer-root'))
    ? DRAWER_TOAST_POSITION
    : DIALOG_TOAST_POSITION;
}

/** Where an open dialog wants toasts, or undefined when none is open. */
function useDialogPosition(): Position | undefined {
  return useSyncExternalStore(subscribe, dialogPosition, () => undefined);
}

/**
 * The app's toasts: the product's settings, moved out of an open dialog's way. They go back to
 * the bottom right once the dialog has closed and no toast is left, so that one shown as a
 * dialog closes (County Saved) stays where it appeared rather than jumping across the screen.
 */
export function AppNotifications() {
  const forDialog = useDialogPosition();
  const anyShown = useNotifications().notifications.length > 0;
  const [held, setHeld] = useState(forDialog);
  // Derived from the two above as they change, during render (no effect, no extra paint).
  if (forDialog && forDialog !== held) setHeld(forDialog);
  if (!forDialog && !anyShown && held) setHeld(undefined);
  const position = forDialog ?? held ?? toastSettings.position;
  return <Notifications {...toastSettings} position={position} />;
}

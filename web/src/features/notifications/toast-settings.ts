import type { NotificationsProps } from '@mantine/notifications';

/** Toast behaviour (docs/product.md, "Limits and constants"). */
export const toastSettings = {
  position: 'bottom-right',
  autoClose: 4000,
  transitionDuration: 250,
  containerWidth: 440,
  notificationMaxHeight: 200,
  limit: 5,
} as const satisfies NotificationsProps;

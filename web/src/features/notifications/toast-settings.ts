import type { NotificationsProps } from '@mantine/notifications';

/** Toast behaviour from product spec §9. */
export const toastSettings = {
  position: 'bottom-right',
  autoClose: 4000,
  transitionDuration: 250,
  containerWidth: 440,
  notificationMaxHeight: 200,
  limit: 5,
} as const satisfies NotificationsProps;

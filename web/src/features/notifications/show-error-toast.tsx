import { CloseIcon } from '@mantine/core';
import type { NotificationData } from '@mantine/notifications';
import { notifications } from '@mantine/notifications';

/** A red toast titled 'Error'. */
export function showErrorToast(message: string, position?: NotificationData['position']): void {
  notifications.show({
    color: 'red',
    title: 'Error',
    message,
    icon: <CloseIcon size="1rem" />,
    ...(position ? { position } : {}),
  });
}

import { CloseIcon } from '@mantine/core';
import type { NotificationData } from '@mantine/notifications';
import { notifications } from '@mantine/notifications';
import { i18n } from '../../i18n';

/** A red toast titled 'Error', in the language shown now; its id, to take it down early. */
export function showErrorToast(message: string, position?: NotificationData['position']): string {
  return notifications.show({
    color: 'red',
    title: i18n.t('common.toast.error'),
    message,
    icon: <CloseIcon size="1rem" />,
    ...(position ? { position } : {}),
  });
}

import type { SessionUser } from '../../api/types';

export type ApnSubscription = SessionUser['apnSubscriptions'][number];
export type NameSubscription = SessionUser['nameSubscriptions'][number];
export type AlertEvent = ApnSubscription['events'][number];
export type NotificationMethod = SessionUser['emailNotificationMethods'][number];

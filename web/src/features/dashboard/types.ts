import type { SessionUser } from '../../api/types';
import type { paths } from '../../api/schema.gen';

type JsonOk<R> = R extends { 200: { content: { 'application/json': infer T } } } ? T : never;

export type ApnSubscription = SessionUser['apnSubscriptions'][number];
export type NameSubscription = SessionUser['nameSubscriptions'][number];
export type AlertEvent = ApnSubscription['events'][number];
export type NotificationMethod = SessionUser['emailNotificationMethods'][number];

/** An enabled county as GET /api/config gives it: the name every request uses, and its APN mask. */
export type CountyConfig = JsonOk<paths['/api/config']['get']['responses']>[number];
export type NameResult = JsonOk<paths['/api/search/name']['get']['responses']>[number];
export type ParcelResult = JsonOk<paths['/api/search/apn']['get']['responses']>[number];

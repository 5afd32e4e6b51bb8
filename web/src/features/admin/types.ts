import type { paths } from '../../api/schema.gen';

type JsonOk<R> = R extends { 200: { content: { 'application/json': infer T } } } ? T : never;

export type Metrics = JsonOk<paths['/api/admin/metrics']['get']['responses']>;
export type DailyFigures = Metrics['daily'][number];
export type UsersPage = JsonOk<paths['/api/admin/users']['get']['responses']>;
export type AdminUserRow = UsersPage['users'][number];
export type UsersQuery = NonNullable<paths['/api/admin/users']['get']['parameters']['query']>;
export type UsersSort = NonNullable<UsersQuery['sortTerm']>;
export type AdminCounty = JsonOk<paths['/api/admin/counties']['get']['responses']>[number];
export type QueueSummary = JsonOk<
  paths['/api/admin/jobs/summary']['get']['responses']
>['queues'][number];

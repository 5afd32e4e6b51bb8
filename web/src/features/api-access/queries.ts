import type { paths } from '../../api/schema.gen';
import { apiQueryOptions, quietly } from '../../api/queries';

type JsonBody<R> = R extends { content: { 'application/json': infer T } } ? T : never;

export type Token = JsonBody<paths['/api/tokens']['get']['responses'][200]>['tokens'][number];
export type Endpoint = JsonBody<
  paths['/api/webhooks']['get']['responses'][200]
>['endpoints'][number];
export type Delivery = JsonBody<
  paths['/api/webhooks/{id}/deliveries']['get']['responses'][200]
>['deliveries'][number];
export type TokenScope = Token['scopes'][number];
export type EventType = Endpoint['eventTypes'][number];

/** The signed-in subscriber's tokens; a failure shows where the list would be. */
export const tokensQuery = () =>
  apiQueryOptions('get', '/api/tokens', undefined, { meta: quietly });

export const endpointsQuery = () =>
  apiQueryOptions('get', '/api/webhooks', undefined, { meta: quietly });

export const deliveriesQuery = (endpointId: string) =>
  apiQueryOptions(
    'get',
    '/api/webhooks/{id}/deliveries',
    { params: { path: { id: endpointId } } },
    { meta: quietly },
  );

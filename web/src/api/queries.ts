import type { QueryFunctionContext } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import type { FailureHandling } from './client';
import { api, failures } from './client';
import type { paths } from './schema.gen';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** How the client handles this query's failures (a toast, a 401); the defaults unless set. */
      failures?: Partial<FailureHandling>;
    };
  }
}

const $api = createQueryHooks(api);

type CallFromKey = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The query function of every API query: the call its key names, made with the failure handling
 * its meta asks for. The handling is not part of the key, so every read of a resource shares one
 * cache entry whatever it does with a failure.
 */
async function callFromKey({ queryKey, signal, meta }: QueryFunctionContext): Promise<unknown> {
  const [method, path, init] = queryKey as readonly [string, string, Record<string, unknown>?];
  const call = api.request as CallFromKey;
  const { data, error, response } = await call(method, path, {
    ...init,
    signal,
    middleware: meta?.failures ? [failures(meta.failures)] : [],
  });
  if (!response.ok) {
    throw error ?? new Error(`${method.toUpperCase()} ${path} failed: ${response.status}`);
  }
  // A query's data cannot be undefined; an empty answer is null.
  return data ?? null;
}

/**
 * Query options for one API call, keyed as openapi-react-query keys it: `[method, path]`, or
 * `[method, path, init]` when the call has parameters. Every read of a resource goes through here
 * (or a factory below), so a read and an invalidation of it name the same key.
 */
// openapi-react-query's own signature and key; only the query function differs, and its generic
// types cannot follow a spread of their arguments, hence the cast.
export const apiQueryOptions = ((...args: Parameters<typeof $api.queryOptions>) => ({
  ...$api.queryOptions(...args),
  queryFn: callFromKey,
})) as unknown as typeof $api.queryOptions;

/** Failures only logged, with no toast: the page shows its own state, or does without. */
export const quietly = { failures: { toast: false } } as const;

/**
 * The enabled counties the guard pickers offer. A failure is only logged; the county select then
 * offers nothing.
 */
export const countiesQuery = () =>
  apiQueryOptions('get', '/api/config', undefined, { staleTime: 5 * 60_000, meta: quietly });

/**
 * For queries a route's loader reads as the page or tab opens: the component shows what the
 * loader read, or its failure, without asking again as it mounts. Later changes of key (another
 * page of a list) and Try Again still ask.
 */
const readByLoader = { refetchOnMount: false, retryOnMount: false } as const;

/** Admin: every county with all its settings. The tab shows a failure inline, without a toast. */
export const adminCountiesQuery = () =>
  apiQueryOptions('get', '/api/admin/counties', undefined, { ...readByLoader, meta: quietly });

/** Staff: the figures of the Stats tab. The tab shows a failure inline, without a toast. */
export const metricsQuery = () =>
  apiQueryOptions('get', '/api/admin/metrics', undefined, { ...readByLoader, meta: quietly });

/** Admins: how the job queues are doing. */
export const jobsSummaryQuery = () =>
  apiQueryOptions('get', '/api/admin/jobs/summary', undefined, readByLoader);

export type UsersListQuery = NonNullable<paths['/api/admin/users']['get']['parameters']['query']>;

/** Staff: one page of the user list. */
export const usersQuery = (query: UsersListQuery) =>
  apiQueryOptions('get', '/api/admin/users', { params: { query } }, readByLoader);

/** Admins: the default level table that counties override. */
export const levelDefaultsQuery = () =>
  apiQueryOptions('get', '/api/admin/levels/defaults', undefined, {
    staleTime: 60 * 60_000,
    meta: quietly,
  });

export type CasesListQuery = NonNullable<paths['/api/admin/cases']['get']['parameters']['query']>;

/** Staff: one page of the case queue. The tab shows a failure inline, without a toast. */
export const casesQuery = (query: CasesListQuery) =>
  apiQueryOptions(
    'get',
    '/api/admin/cases',
    { params: { query } },
    { ...readByLoader, meta: quietly },
  );

/** Staff: one case with its notes and history. */
export const caseQuery = (id: string) =>
  apiQueryOptions('get', '/api/admin/cases/{id}', { params: { path: { id } } }, { meta: quietly });

/** Which notification method types the server offers (SMS only when it sends texts). */
export const notificationOptionsQuery = () =>
  apiQueryOptions('get', '/api/config/notifications', undefined, {
    staleTime: 5 * 60_000,
    meta: quietly,
  });

import { queryOptions } from '@tanstack/react-query';
import { quietApi } from '../../api/client';
import type { paths } from '../../api/schema.gen';

/** An enabled county as GET /api/config gives it: its name, APN mask and an example APN. */
export type County =
  paths['/api/config']['get']['responses'][200]['content']['application/json'][number];

/**
 * The enabled counties. A failure is only logged, with no toast, so the quiet client; the county
 * select then offers nothing.
 */
export const countiesQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'counties'],
    queryFn: async ({ signal }): Promise<County[]> => {
      const { data, error } = await quietApi.GET('/api/config', { signal });
      if (error !== undefined || data === undefined) throw new Error('Failed to load counties');
      return data;
    },
    staleTime: 5 * 60_000,
  });

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../features/session/session-store';
import { createAppQueryClient } from '../query-client';
import { makeUser } from '../test/factories';
import { json, stubFetch } from '../test/fetch-stub';
import { renderUi } from '../test/render-ui';
import {
  adminCountiesQuery,
  countiesQuery,
  jobsSummaryQuery,
  metricsQuery,
  usersQuery,
} from './queries';

const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.textContent);

describe('API queries', () => {
  it('are keyed as the client keys its calls, with nothing of how a failure is handled', () => {
    expect(countiesQuery().queryKey).toEqual(['get', '/api/config']);
    expect(metricsQuery().queryKey).toEqual(['get', '/api/admin/metrics']);
    const page = { page: '2', count: '20', sortTerm: 'email:asc', searchTerm: 'ann' } as const;
    expect(usersQuery(page).queryKey).toEqual([
      'get',
      '/api/admin/users',
      { params: { query: page } },
    ]);
  });

  it('send the parameters of their key and give the answer as data', async () => {
    const { requests } = stubFetch({
      'GET /api/admin/users': () => json({ users: [], totalUsers: 0 }),
    });
    const page = { page: '3', count: '50', sortTerm: 'createdAt:asc', searchTerm: '' } as const;

    const data = await createAppQueryClient().fetchQuery(usersQuery(page));

    expect(data).toEqual({ users: [], totalUsers: 0 });
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual(page);
  });

  it('handle a failure as their meta says: a quiet one is only logged, others get the toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/admin/metrics': () => json({ statusCode: 500, message: 'Metrics down.' }, 500),
      'GET /api/admin/jobs/summary': () => json({ statusCode: 500, message: 'Queues down.' }, 500),
    });
    renderUi(null);
    const queryClient = createAppQueryClient();

    await expect(queryClient.fetchQuery(metricsQuery())).rejects.toMatchObject({
      message: 'Metrics down.',
    });
    await expect(queryClient.fetchQuery(jobsSummaryQuery())).rejects.toMatchObject({
      message: 'Queues down.',
    });

    expect(await screen.findByText('Queues down.')).toBeDefined();
    expect(toasts()).toEqual(['ErrorQueues down.']);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/\/api\/admin\/metrics failed: 500/));
  });

  it('end the session on a 401, quiet or not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/admin/counties': () => json({ statusCode: 401, message: 'Please log in.' }, 401),
    });
    sessionStore.setUser(makeUser({ role: 'admin' }));
    const queryClient = createAppQueryClient();

    await expect(queryClient.fetchQuery(adminCountiesQuery())).rejects.toBeDefined();

    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
  });
});

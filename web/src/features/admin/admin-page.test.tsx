import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-stub';
import { admin, makeMetrics, renderAdmin, support } from './test-helpers';

const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('the admin area', () => {
  it('shows an admin the Stats, Users and Counties tabs and the queue dashboard link', async () => {
    await renderAdmin({
      'GET /api/admin/jobs/summary': () =>
        json({
          queues: [
            {
              name: 'send-alert',
              queued: 2,
              active: 1,
              failed: 3,
              completed: 40,
              oldestQueuedAgeSeconds: 125,
            },
          ],
        }),
    });

    expect(tabs()).toEqual(['Stats', 'Users', 'Cases', 'Counties']);
    const queues = within(await screen.findByRole('region', { name: 'Job Queues' }));
    expect(queues.getByRole('link', { name: 'Open Queue Dashboard' })).toHaveProperty(
      'href',
      'http://localhost:3000/admin/jobs',
    );
    const row = within(await queues.findByRole('row', { name: /send-alert/ }));
    expect(row.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'send-alert',
      '2',
      '1',
      '3Retry',
      '40',
      '2 min',
    ]);
  });

  it("retries a queue's failed jobs from its row, says how many, and reads the queues again", async () => {
    let failed = 3;
    const { events, requests } = await renderAdmin({
      'GET /api/admin/jobs/summary': () =>
        json({
          queues: [
            {
              name: 'send-alert',
              queued: 0,
              active: 0,
              failed,
              completed: 40,
              oldestQueuedAgeSeconds: null,
            },
            {
              name: 'send-mail',
              queued: 0,
              active: 0,
              failed: 0,
              completed: 9,
              oldestQueuedAgeSeconds: null,
            },
          ],
        }),
      'POST /api/admin/jobs/retry-failed': async (request) => {
        const { queue } = (await request.json()) as { queue: string };
        const retried = failed;
        failed = 0;
        return json({ queue, retried });
      },
    });
    const queues = within(await screen.findByRole('region', { name: 'Job Queues' }));
    // Only a queue with failed jobs offers it.
    expect(queues.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);

    await events.click(
      queues.getByRole('button', { name: 'Retry 3 jobs of send-alert that failed' }),
    );

    expect((await queues.findByRole('status')).textContent).toBe(
      '3 jobs of send-alert will run again.',
    );
    await waitFor(() => expect(queues.queryByRole('button', { name: /^Retry/ })).toBeNull());
    // Every queue now says 0 failed, as a number, not an empty cell.
    const failedColumn = queues
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent === 'Failed (24 h)');
    expect(
      queues
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.children[failedColumn]?.textContent),
    ).toEqual(['0', '0']);
    const retries = requests.filter(
      (r) => new URL(r.url).pathname === '/api/admin/jobs/retry-failed',
    );
    expect(retries).toHaveLength(1);
  });

  it('says so when the retry fails', async () => {
    const { events } = await renderAdmin({
      'GET /api/admin/jobs/summary': () =>
        json({
          queues: [
            {
              name: 'send-sms',
              queued: 0,
              active: 0,
              failed: 1,
              completed: 0,
              oldestQueuedAgeSeconds: null,
            },
          ],
        }),
      'POST /api/admin/jobs/retry-failed': () =>
        json({ statusCode: 503, error: 'Service Unavailable', message: 'no queue' }, 503),
    });
    const queues = within(await screen.findByRole('region', { name: 'Job Queues' }));
    await events.click(
      await queues.findByRole('button', { name: 'Retry 1 job of send-sms that failed' }),
    );
    expect((await queues.findByRole('alert')).textContent).toBe(
      'The failed jobs could not be retried. Please try again later.',
    );
  });

  it('shows customer support Stats, Users and Cases only, whatever the address asks for', async () => {
    const { requests, router } = await renderAdmin(
      {},
      { user: support, path: '/admin?tab=counties' },
    );

    expect(tabs()).toEqual(['Stats', 'Users', 'Cases']);
    expect(screen.getByRole('tab', { name: 'Stats' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('region', { name: 'Total Users' });
    expect(screen.queryByRole('link', { name: 'Open Queue Dashboard' })).toBeNull();
    const paths = requests.map((r) => new URL(r.url).pathname);
    expect(paths).not.toContain('/api/admin/counties');
    expect(paths).not.toContain('/api/admin/jobs/summary');
    expect(router.state.location.pathname).toBe('/admin');
    // The address no longer asks for Counties: the tab shown is the default one.
    expect(router.state.location.search).toEqual({});
  });

  it('keeps the open tab in the address', async () => {
    const { events, router } = await renderAdmin({
      'GET /api/admin/users': () => json({ users: [], totalUsers: 0 }),
    });

    await events.click(screen.getByRole('tab', { name: 'Users' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'users' }));
    expect(await screen.findByText('No Users Found')).toBeDefined();
  });
});

describe('Stats', () => {
  it('shows the metrics as cards', async () => {
    await renderAdmin();

    const figures = {
      'Total Users': '1,234',
      'Active Users (Last 30 Days)': '321',
      'Registered (Last 7 Days)': '45',
      'Guarded Properties': '678',
      'Guarded Names': '910',
      Events: '1,112',
    };
    for (const [title, value] of Object.entries(figures)) {
      const card = within(await screen.findByRole('region', { name: title }));
      expect(card.getByText(value)).toBeDefined();
    }
  });

  it('breaks down events, guarded properties, guarded names and users by county', async () => {
    const { events } = await renderAdmin({
      'GET /api/admin/metrics': () =>
        json(
          makeMetrics({
            eventsByCounty: { Sacramento: 1000, Placer: 112 },
            subscriptionsApnByCounty: { Sacramento: 600, Placer: 78, Yolo: 0 },
            subscriptionsNameByCounty: { Sacramento: 900, Placer: 10 },
            usersByCounty: { Yolo: 5, Sacramento: 1200, Placer: 34 },
          }),
        ),
    });
    await screen.findByRole('region', { name: 'Total Users' });
    expect(
      screen
        .getAllByRole('button', { name: /by County$/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Total Users by County',
      'Guarded Properties by County',
      'Guarded Names by County',
      'Events by County',
      'Open Cases by County',
    ]);

    const breakdowns: Record<string, string[][]> = {
      'Events by County': [
        ['County', 'Events'],
        ['Placer', '112'],
        ['Sacramento', '1,000'],
      ],
      'Guarded Properties by County': [
        ['County', 'Guarded Properties'],
        ['Placer', '78'],
        ['Sacramento', '600'],
        ['Yolo', '0'],
      ],
      'Guarded Names by County': [
        ['County', 'Guarded Names'],
        ['Placer', '10'],
        ['Sacramento', '900'],
      ],
      'Total Users by County': [
        ['County', 'Total Users'],
        ['Placer', '34'],
        ['Sacramento', '1,200'],
        ['Yolo', '5'],
      ],
    };
    for (const [name, rows] of Object.entries(breakdowns)) {
      await events.click(screen.getByRole('button', { name }));
      const dialog = within(await screen.findByRole('dialog', { name }));
      expect(
        dialog
          .getAllByRole('row')
          .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
      ).toEqual(rows);
      await events.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('charts the last 30 days: a line for each series over MM/DD dates, with a legend', async () => {
    const metrics = makeMetrics();
    await renderAdmin({ 'GET /api/admin/metrics': () => json(metrics) });

    const figure = await screen.findByRole('figure', {
      name: 'Registrations, events and alerts sent per day over the last 30 days',
    });
    const texts = (selector: string) =>
      [...figure.querySelectorAll(selector)].map((e) => e.textContent);
    expect(texts('.mantine-ChartLegend-legendItemName')).toEqual([
      'Registrations',
      'Events',
      'Alerts Sent',
    ]);
    expect(texts('.recharts-xAxis-tick-labels text')).toEqual(
      metrics.daily.map((d) => `${d.date.slice(5, 7)}/${d.date.slice(8, 10)}`),
    );

    // Read each line back in the chart's own units: the x axis is 0, the top y tick its value.
    const axis = figure.querySelector('.recharts-xAxis .recharts-cartesian-axis-line')!;
    const zero = Number(axis.getAttribute('y1'));
    const top = [...figure.querySelectorAll('.recharts-yAxis-tick-labels text')].at(-1)!;
    const perUnit = (zero - Number(top.getAttribute('y'))) / Number(top.textContent);
    const plotted = (key: string) =>
      [
        ...(
          figure.querySelector(`path.recharts-line-curve[name="${key}"]`)?.getAttribute('d') ?? ''
        ).matchAll(/[ML][\d.]+,([\d.]+)/g),
      ].map((m) => Math.round((zero - Number(m[1])) / perUnit));
    expect(plotted('registrations')).toEqual(metrics.daily.map((d) => d.registrations));
    expect(plotted('events')).toEqual(metrics.daily.map((d) => d.events));
    expect(plotted('alertsSent')).toEqual(metrics.daily.map((d) => d.alertsSent));
  });

  it('gives screen readers the figures per day as a table', async () => {
    await renderAdmin();

    const table = await screen.findByRole('table', { name: 'Figures per day, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Registrations', 'Events', 'Alerts Sent']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10/24/2026', '0', '0', '0']);
    expect(
      within(rows[30]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['11/22/2026', '2', '4', '1']);
  });

  it('only logs a failure to load the statistics: no toast, an inline note and a retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { events } = await renderAdmin({
      'GET /api/admin/metrics': () =>
        fail
          ? json({ statusCode: 500, error: 'Internal Server Error', message: 'Metrics down.' }, 500)
          : json(makeMetrics({ totalUsers: 7 })),
    });

    expect(await screen.findByText('Statistics not loaded')).toBeDefined();
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/\/api\/admin\/metrics failed: 500/));
    expect(screen.queryByText('Metrics down.')).toBeNull();
    expect(screen.queryByText('Error')).toBeNull();
    fail = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    const card = within(await screen.findByRole('region', { name: 'Total Users' }));
    expect(card.getByText('7')).toBeDefined();
  });

  it('shows a loader while the statistics load', async () => {
    await renderAdmin(
      { 'GET /api/admin/metrics': () => new Promise<Response>(() => {}) },
      { user: admin },
    );
    expect(screen.getByRole('status', { name: 'Loading the statistics' })).toBeDefined();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetch-stub';
import { makeMetrics, renderAdmin } from './test-helpers';

describe('Stats: events by match tier', () => {
  it('tabulates the events of each tier per county, counties by name, and all counties', async () => {
    await renderAdmin({
      'GET /api/admin/metrics': () =>
        json(
          makeMetrics({
            eventsByTier: { exact: 1200, strong: 85, possible: 4312 },
            eventsByCountyAndTier: {
              Sacramento: { exact: 1100, strong: 80, possible: 4300 },
              Placer: { exact: 100, strong: 5, possible: 12 },
              Yolo: { exact: 0, strong: 0, possible: 0 },
            },
          }),
        ),
    });

    const card = within(await screen.findByRole('region', { name: 'Events by Match Tier' }));
    expect(
      card
        .getAllByRole('row')
        .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['County', 'Exact', 'Strong', 'Possible'],
      ['Placer', '100', '5', '12'],
      ['Sacramento', '1,100', '80', '4,300'],
      ['Yolo', '0', '0', '0'],
      ['All Counties', '1,200', '85', '4,312'],
    ]);
  });
});

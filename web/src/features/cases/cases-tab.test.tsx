import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../i18n/format';
import { json } from '../../test/fetch-stub';
import { lastQuery, renderAdmin, support } from '../admin/test-helpers';
import { callsTo, bodyOf, toasts } from '../dashboard/test-helpers';
import type { StaffCase } from './types';

const CASE_ID = '11111111-2222-4333-8444-555555555555';

function makeCase(overrides: Partial<StaffCase> = {}): StaffCase {
  return {
    id: CASE_ID,
    caseNumber: '1001',
    status: 'open',
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    contactedAt: null,
    closedAt: null,
    county: 'Sacramento',
    countyId: 7,
    documentNumber: '2026-0000123',
    documentType: 'GRANT DEED',
    recordedAt: '2026-11-20T12:00:00.000Z',
    level: 'act_now',
    subscriberEmail: 'vera@example.com',
    userId: '0b7c6a1e-5d2f-4c1a-9a43-2f8e1d3c4b5a',
    problem: 'did_not_sign',
    contactEmail: 'vera@example.com',
    contactPhone: '+19165550123',
    preferredContact: 'phone',
    statement: 'I never sold my house.',
    match: {
      guarded: 'VICTIM VERA',
      matchKind: 'name',
      matchedValue: 'VICTIM VERA',
      partyRole: 'grantor',
    },
    packetUrl: `/api/admin/cases/${CASE_ID}/packet`,
    notes: [],
    history: [
      {
        id: '1',
        at: '2026-11-21T12:00:00.000Z',
        action: 'case.open',
        actorEmail: 'vera@example.com',
        impersonatorEmail: null,
        details: {},
      },
    ],
    ...overrides,
  };
}

const page = (cases: StaffCase[]) => ({
  cases: cases.map(
    ({ statement: _s, match: _m, packetUrl: _p, notes: _n, history: _h, ...summary }) => summary,
  ),
  totalCases: cases.length,
  counties: [{ id: 7, name: 'Sacramento' }],
});

describe('the case queue', { timeout: 20_000 }, () => {
  it('lists open cases for customer support, filters them in the address, and opens one', async () => {
    const { events, requests, router } = await renderAdmin(
      {
        'GET /api/admin/cases': () => json(page([makeCase()])),
        [`GET /api/admin/cases/${CASE_ID}`]: () => json(makeCase()),
      },
      { user: support, path: '/admin?tab=cases' },
    );
    const list = within(await screen.findByRole('list', { name: 'Cases' }));
    const item = within(list.getByRole('listitem', { name: 'Case 1001' }));
    expect(item.getByText('Document 2026-0000123 · GRANT DEED · Sacramento')).toBeDefined();
    expect(item.getByText('Act now')).toBeDefined();
    expect(lastQuery(requests, 'GET /api/admin/cases')).toEqual({
      page: '1',
      count: '10',
      status: 'open',
    });

    await events.click(screen.getByRole('combobox', { name: 'County' }));
    await events.click(await screen.findByRole('option', { name: 'Sacramento', hidden: true }));
    await waitFor(() =>
      expect(lastQuery(requests, 'GET /api/admin/cases')).toEqual({
        page: '1',
        count: '10',
        status: 'open',
        county: '7',
      }),
    );
    expect(router.state.location.search).toMatchObject({ tab: 'cases', caseCounty: 7 });

    await events.click(item.getByRole('button', { name: 'Open case 1001' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Case 1001' }));
    expect(await drawer.findByText('I never sold my house.')).toBeDefined();
    expect(drawer.getByText('Prefers: a phone call')).toBeDefined();
    expect(drawer.getByText('vera@example.com reported the document')).toBeDefined();
    expect(router.state.location.search).toMatchObject({ caseId: CASE_ID });
  });

  it('shows the last page for a page past the end, and puts it in the address', async () => {
    const all = Array.from({ length: 12 }, (_, i) =>
      makeCase({
        id: `11111111-2222-4333-8444-${String(i).padStart(12, '0')}`,
        caseNumber: `${1001 + i}`,
      }),
    );
    const { requests, router } = await renderAdmin(
      {
        'GET /api/admin/cases': (request) => {
          const query = new URL(request.url).searchParams;
          const start = (Number(query.get('page')) - 1) * Number(query.get('count'));
          return json({ ...page(all), cases: page(all).cases.slice(start, start + 10) });
        },
      },
      { user: support, path: '/admin?tab=cases&page=7' },
    );

    const list = within(await screen.findByRole('list', { name: 'Cases' }));
    expect(list.getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Case 1011',
      'Case 1012',
    ]);
    expect(lastQuery(requests, 'GET /api/admin/cases').page).toBe('2');
    expect(router.state.location.search).toMatchObject({ tab: 'cases', page: 2 });
    expect(screen.getByText('Showing 11–12 of 12')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Page 2' }).hasAttribute('data-active')).toBe(true);
  });

  it('names the staff member who opened a case while impersonating the subscriber', async () => {
    const opened = makeCase({
      history: [
        {
          id: '1',
          at: '2026-11-21T12:00:00.000Z',
          action: 'case.open',
          actorEmail: 'vera@example.com',
          impersonatorEmail: 'support@example.com',
          details: {},
        },
      ],
    });
    await renderAdmin(
      {
        'GET /api/admin/cases': () => json(page([opened])),
        [`GET /api/admin/cases/${CASE_ID}`]: () => json(opened),
      },
      { user: support, path: `/admin?tab=cases&caseId=${CASE_ID}` },
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'Case 1001' }));
    expect(
      await drawer.findByText(
        'support@example.com (impersonating vera@example.com) reported the document',
      ),
    ).toBeDefined();
  });

  it('says a case that is not there is not found, offering no Try Again', async () => {
    await renderAdmin(
      {
        'GET /api/admin/cases': () => json(page([makeCase()])),
        [`GET /api/admin/cases/${CASE_ID}`]: () =>
          json({ statusCode: 404, error: 'Not Found', message: 'Case not found' }, 404),
      },
      { user: support, path: `/admin?tab=cases&caseId=${CASE_ID}` },
    );
    const drawer = within(await screen.findByRole('dialog'));
    expect(
      await drawer.findByText('No case has this link. Pick one from the list of cases.'),
    ).toBeDefined();
    expect(drawer.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('gives the phone number as people dial it, and the times in English', async () => {
    // A staff member who reads the rest of the site in Spanish: the staff screens are English.
    await renderAdmin(
      {
        'GET /api/admin/cases': () => json(page([makeCase()])),
        [`GET /api/admin/cases/${CASE_ID}`]: () => json(makeCase()),
      },
      { user: { ...support, language: 'es' }, path: `/admin?tab=cases&caseId=${CASE_ID}` },
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'Case 1001' }));
    const phone = await drawer.findByRole('link', { name: '(916) 555-0123' });
    expect(phone.getAttribute('href')).toBe('tel:+19165550123');
    expect(drawer.queryByText(/\+19165550123/)).toBeNull();
    // The history's time: month first and a 24-hour clock.
    expect(drawer.getByText(formatDateTime('2026-11-21T12:00:00.000Z', 'en'))).toBeDefined();
    expect(drawer.getByText(/^11\/21\/2026 \d\d:\d\d$/)).toBeDefined();
    expect(drawer.queryByText(/AM|PM/)).toBeNull();
  });

  it('moves a case forward with a note, and offers no way back', async () => {
    let current = makeCase();
    const { events, requests } = await renderAdmin(
      {
        'GET /api/admin/cases': () => json(page([current])),
        [`GET /api/admin/cases/${CASE_ID}`]: () => json(current),
        [`POST /api/admin/cases/${CASE_ID}/status`]: async (request) => {
          const { status } = (await request.clone().json()) as { status: StaffCase['status'] };
          current = {
            ...current,
            status,
            notes: [
              {
                id: '1',
                body: 'Called her.',
                authorEmail: 'support@example.com',
                createdAt: current.createdAt,
              },
            ],
            history: [
              ...current.history,
              {
                id: '2',
                at: current.createdAt,
                action: 'case.status',
                actorEmail: 'support@example.com',
                impersonatorEmail: null,
                details: { from: 'open', to: status },
              },
            ],
          };
          return json(current);
        },
      },
      { user: support, path: `/admin?tab=cases&caseId=${CASE_ID}` },
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'Case 1001' }));
    expect(await drawer.findByRole('button', { name: 'Mark Contacted' })).toBeDefined();
    expect(drawer.getByRole('button', { name: 'Close Case' })).toBeDefined();
    expect(drawer.queryByRole('button', { name: /Open/ })).toBeNull();

    await events.type(drawer.getByRole('textbox', { name: /Note/ }), 'Called her.');
    await events.click(drawer.getByRole('button', { name: 'Mark Contacted' }));
    expect(
      await drawer.findByText('support@example.com moved the case from open to contacted'),
    ).toBeDefined();
    const [sent] = callsTo(requests, `POST /api/admin/cases/${CASE_ID}/status`);
    expect(await bodyOf(sent!)).toEqual({ status: 'contacted', note: 'Called her.' });
    expect(drawer.queryByRole('button', { name: 'Mark Contacted' })).toBeNull();
    expect(drawer.getByRole('button', { name: 'Close Case' })).toBeDefined();
    expect(toasts().some((t) => t?.includes('Case 1001 is contacted.'))).toBe(true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, json, stubFetch } from '../../test/fetch-stub';
import { toasts } from '../dashboard/test-helpers';
import { renderApp } from '../../test/render-app';
import { admin, makeCounty, makeMetrics, renderAdmin } from './test-helpers';
import type { AdminCounty } from './types';

/** Twelve counties, named and coded in opposite orders. */
const twelve = Array.from({ length: 12 }, (_, i) =>
  makeCounty({
    id: i + 1,
    name: `County ${String.fromCharCode(65 + i)}`,
    code: `C${String(12 - i).padStart(2, '0')}`,
  }),
);

async function openCounties(
  counties: AdminCounty[] | (() => Response | Promise<Response>) = twelve,
) {
  const rendered = await renderAdmin(
    {
      'GET /api/admin/counties': typeof counties === 'function' ? counties : () => json(counties),
    },
    { path: '/admin?tab=counties' },
  );
  return rendered;
}

const names = () =>
  within(screen.getByRole('table', { name: 'Counties' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

describe('Counties', () => {
  it('lists counties by name, 10 a page, and pages through them', async () => {
    const { events } = await openCounties();
    await screen.findByRole('table', { name: 'Counties' });

    expect(names()).toEqual(twelve.slice(0, 10).map((c) => c.name));
    expect(screen.getByText('Showing 1–10 of 12')).toBeDefined();

    await events.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(names()).toEqual(['County K', 'County L']);

    await events.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await events.click(await screen.findByRole('option', { name: '20', hidden: true }));
    expect(names()).toHaveLength(12);
    expect(screen.getByText('Showing 1–12 of 12')).toBeDefined();
  });

  it('sorts by code and by name, either way', async () => {
    const { events } = await openCounties();
    await screen.findByRole('table', { name: 'Counties' });

    const code = screen.getByRole('columnheader', { name: /Code/ });
    await events.click(within(code).getByRole('button'));
    expect(code.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual([
      'County L',
      'County K',
      'County J',
      'County I',
      'County H',
      'County G',
      'County F',
      'County E',
      'County D',
      'County C',
    ]);

    const name = screen.getByRole('columnheader', { name: /Name/ });
    await events.click(within(name).getByRole('button'));
    await events.click(within(name).getByRole('button'));
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('County L');
  });

  it('shows a loader until the counties arrive', async () => {
    let reply: (response: Response) => void = () => {};
    await openCounties(
      () =>
        new Promise<Response>((resolve) => {
          reply = resolve;
        }),
    );

    expect(await screen.findByRole('status', { name: 'Loading counties' })).toBeDefined();
    expect(screen.queryByRole('table', { name: 'Counties' })).toBeNull();
    reply(json(twelve));
    await screen.findByRole('table', { name: 'Counties' });
    expect(screen.queryByRole('status', { name: 'Loading counties' })).toBeNull();
    expect(names()).toHaveLength(10);
  });

  it("says 'No Counties Found' when there are none", async () => {
    await openCounties([]);
    expect(await screen.findByText('No Counties Found')).toBeDefined();
  });

  it('only logs a failure to load the counties: no toast, an inline note and a retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { events } = await openCounties(() =>
      fail
        ? json({ statusCode: 500, error: 'Internal Server Error', message: 'Counties down.' }, 500)
        : json(twelve),
    );

    expect(await screen.findByText('Counties not loaded')).toBeDefined();
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/\/api\/admin\/counties failed: 500/),
    );
    expect(screen.queryByText('Counties down.')).toBeNull();
    expect(screen.queryByText('Error')).toBeNull();

    fail = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('table', { name: 'Counties' });
    expect(names()).toHaveLength(10);
  });
});

describe('the counties list in the address', () => {
  it('keeps the page, size and order there, and opens with them', async () => {
    const { events, router, unmount } = await openCounties();
    await screen.findByRole('table', { name: 'Counties' });

    await events.click(
      within(screen.getByRole('columnheader', { name: /Code/ })).getByRole('button'),
    );
    await events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ tab: 'counties', sort: 'code:asc', page: 2 }),
    );
    expect(names()).toEqual(['County B', 'County A']);
    unmount();

    await renderAdmin(
      { 'GET /api/admin/counties': () => json(twelve) },
      { path: router.state.location.href },
    );
    await screen.findByRole('table', { name: 'Counties' });
    expect(names()).toEqual(['County B', 'County A']);
    expect(screen.getByRole('columnheader', { name: /Code/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('shows the last page for a page past the end, and puts it in the address', async () => {
    const { router } = await renderAdmin(
      { 'GET /api/admin/counties': () => json(twelve) },
      { path: '/admin?tab=counties&page=5' },
    );
    await screen.findByRole('table', { name: 'Counties' });

    expect(names()).toEqual(['County K', 'County L']);
    expect(screen.getByText('Showing 11–12 of 12')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Page 2' }).hasAttribute('data-active')).toBe(true);
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'counties', page: 2 }));
  });
});

describe('Edit County', () => {
  const sacramento = makeCounty({ id: 3, mailerDocumentTypes: ['DEED OF TRUST'] });

  async function openDrawer(save: (request: Request) => Response | Promise<Response>) {
    const rendered = await renderAdmin(
      {
        'GET /api/admin/counties': () => json([sacramento]),
        'POST /api/admin/counties/update': save,
      },
      { path: '/admin?tab=counties' },
    );
    await rendered.events.click(await screen.findByRole('button', { name: 'Edit Sacramento' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit County: Sacramento' });
    return { ...rendered, drawer: within(drawer) };
  }

  it('names the county it edits in its title', async () => {
    await openDrawer(() => json(sacramento));
    const drawer = screen.getByRole('dialog', { name: 'Edit County: Sacramento' });
    expect(within(drawer).getByRole('heading', { name: 'Edit County: Sacramento' })).toBeDefined();
  });

  it('marks every required field, and has the optional ones unmarked', async () => {
    const { drawer } = await openDrawer(() => json(sacramento));
    const labelOf = (input: HTMLElement) =>
      [...((input as HTMLInputElement).labels ?? [])].map((l) => l.textContent).join('');
    const marked = (input: HTMLElement) => /\*\s*$/.test(labelOf(input));

    // name, code, uiMask, dataMask, format, linkUrl, alertSendGridEmailTemplateId
    const requiredText = [
      'Name',
      'Code',
      'UI Mask',
      'Data Mask',
      'Format',
      'Link URL',
      'Alert Email Template',
    ];
    for (const label of requiredText) {
      const input = drawer.getByRole('textbox', { name: label });
      expect(input, label).toHaveProperty('required', true);
      expect(marked(input), label).toBe(true);
    }
    // isEnabled: a switch always has a value, so it is marked but not `required` (which would
    // demand it be on).
    const enabled = drawer.getByRole('switch', { name: 'Enabled' });
    expect(marked(enabled)).toBe(true);
    expect(enabled).toHaveProperty('checked', true);

    for (const label of ['Mailer Template Path', 'Mailer Output Path', 'Inbox Folder']) {
      const input = drawer.getByRole('textbox', { name: label });
      expect(input, label).toHaveProperty('required', false);
      expect(marked(input), label).toBe(false);
    }
    for (const label of [
      'Create County Mailer',
      'Use One-Page Mailer',
      'Use Watermark',
      'Add Sample to Mailer',
    ]) {
      expect(marked(drawer.getByRole('switch', { name: label })), label).toBe(false);
    }
    expect(marked(drawer.getByLabelText('Mailer Document Types'))).toBe(false);
    expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Sacramento');
    expect(drawer.getByText('DEED OF TRUST')).toBeDefined();
  });

  it('does not save with a required field empty', async () => {
    const save = vi.fn(() => json(sacramento));
    const { drawer, events } = await openDrawer(save);

    await events.clear(drawer.getByRole('textbox', { name: 'Name' }));
    await events.click(drawer.getByRole('button', { name: 'Save' }));

    expect(await drawer.findByText('Name is required')).toBeDefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('takes Enter in the document types as the end of a type, never as Save', async () => {
    const save = vi.fn(() => json(sacramento));
    const { drawer, events } = await openDrawer(save);

    const types = drawer.getByLabelText('Mailer Document Types');
    await events.type(types, 'lien{Enter}{Enter}');

    expect(drawer.getByText('LIEN')).toBeDefined();
    expect(screen.getByRole('dialog', { name: /^Edit County/ })).toBeDefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves every field, the document types as tags trimmed, upper-cased and once each', async () => {
    let sent: Record<string, unknown> = {};
    const { drawer, events } = await openDrawer(async (request) => {
      sent = (await request.json()) as Record<string, unknown>;
      return json({ ...sacramento, ...sent });
    });

    const types = drawer.getByLabelText('Mailer Document Types');
    for (const type of [' grant  deed ', 'Grant Deed', 'lien']) {
      await events.type(types, `${type}{Enter}`);
    }
    const inbox = drawer.getByRole('textbox', { name: 'Inbox Folder' });
    await events.type(inbox, '/srv/feeds/sac');
    await events.click(drawer.getByRole('switch', { name: 'Use Watermark' }));
    const code = drawer.getByRole('textbox', { name: 'Code' });
    await events.clear(code);
    await events.type(code, 'sac_2');
    expect(code).toHaveProperty('value', 'SAC_2');
    await events.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Edit County/ })).toBeNull());
    expect(sent).toEqual({
      ...sacramento,
      code: 'SAC_2',
      mailerDocumentTypes: ['DEED OF TRUST', 'GRANT DEED', 'LIEN'],
      inboxPath: '/srv/feeds/sac',
      useWatermark: true,
    });
    const row = within(screen.getByRole('row', { name: /Sacramento/ }));
    expect(row.getByText('SAC_2')).toBeDefined();
    expect(row.getByText('/srv/feeds/sac')).toBeDefined();
    expect(screen.getByText('Sacramento is saved.')).toBeDefined();
  });

  it(
    "saves the county's fraud contact and its own level rows, refusing a phone nobody can call",
    { timeout: 20_000 },
    async () => {
      let sent: Record<string, unknown> = {};
      const { drawer, events } = await openDrawer(async (request) => {
        sent = (await request.json()) as Record<string, unknown>;
        return json({ ...sacramento, ...sent });
      });
      await events.type(drawer.getByRole('textbox', { name: 'Fraud Contact Name' }), 'Fraud Unit');
      const phone = drawer.getByRole('textbox', { name: 'Fraud Contact Phone' });
      await events.type(phone, 'ask the clerk');
      await events.click(drawer.getByRole('button', { name: 'Save' }));
      expect(await drawer.findByText(/Fraud Contact Phone must be a phone number/)).toBeDefined();
      await events.clear(phone);
      await events.type(phone, '(916) 874-6334');

      await events.click(drawer.getByRole('button', { name: 'Add Level Row' }));
      await events.type(drawer.getByRole('textbox', { name: 'Document Type' }), "owner's notice");
      await events.click(drawer.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: /^Edit County/ })).toBeNull(),
      );
      expect(sent).toMatchObject({
        fraudContactName: 'Fraud Unit',
        fraudContactPhone: '(916) 874-6334',
        fraudContactEmail: '',
        fraudContactUrl: '',
        levelOverrides: [{ documentType: 'OWNERS NOTICE', subject: 'grantor', level: 'act_now' }],
      });
    },
  );

  it('stays open when the server refuses the change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { drawer, events } = await openDrawer(() =>
      json({ statusCode: 409, error: 'Conflict', message: 'Another county has that code.' }, 409),
    );

    await events.click(drawer.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Another county has that code.')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Edit County: Sacramento' })).toBeDefined();
  });
});

describe('a county path the server refuses', { timeout: 20_000 }, () => {
  const sacramento = makeCounty({ id: 3 });
  const outside =
    "Mailer Output Path '/tmp/outside' is outside the allowed folders; it must be a folder under /var/lib/deedwatch (the data folder).";

  /** Edit County, whose saves get `answers` in turn. */
  async function openDrawer(answers: ((request: Request) => Response | Promise<Response>)[]) {
    const rendered = await renderAdmin(
      {
        'GET /api/admin/counties': () => json([sacramento]),
        'POST /api/admin/counties/update': (request) => answers.shift()!(request),
      },
      { path: '/admin?tab=counties' },
    );
    await rendered.events.click(await screen.findByRole('button', { name: 'Edit Sacramento' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit County: Sacramento' });
    return { ...rendered, drawer: within(drawer) };
  }
  const saved = async (request: Request) =>
    json({ ...sacramento, ...((await bodyOf(request)) as object) });

  it('is marked on its field, not in a toast, until it changes', async () => {
    const refuse = () => json({ statusCode: 400, error: 'Bad Request', message: outside }, 400);
    const { drawer, events } = await openDrawer([refuse, saved]);
    const output = drawer.getByRole('textbox', { name: 'Mailer Output Path' });
    await events.type(output, '/tmp/outside');
    await events.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(output.getAttribute('aria-invalid')).toBe('true'));
    expect(drawer.getByText(outside)).toBeDefined();
    expect(document.activeElement).toBe(output);
    expect(toasts()).toEqual([]);
    // Leaving the field, which checks it in the browser, keeps the server's word on it.
    await events.click(drawer.getByRole('textbox', { name: 'Name' }));
    expect(drawer.getByText(outside)).toBeDefined();

    await events.clear(output);
    await events.type(output, '/var/lib/deedwatch/mailers');
    expect(drawer.queryByText(outside)).toBeNull();
    await events.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Edit County/ })).toBeNull());
    expect(toasts()).toEqual([expect.stringContaining('County Saved')]);
  });

  it('leaves no toast of another refusal up beside County Saved', async () => {
    const conflict = () =>
      json({ statusCode: 409, error: 'Conflict', message: 'Another county has that code.' }, 409);
    const { drawer, events } = await openDrawer([conflict, saved]);
    await events.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts()).toEqual([expect.stringContaining('Another county has that code.')]),
    );

    await events.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Edit County/ })).toBeNull());
    // At once, not once the failure's toast times out.
    expect(await screen.findByText('Sacramento is saved.')).toBeDefined();
    expect(screen.queryByText('Another county has that code.')).toBeNull();
  });
});

describe('a renamed county', () => {
  it('is offered under its new name by the guard pickers at once', async () => {
    let county = makeCounty({ id: 3, name: 'Sacramento' });
    stubFetch({
      'POST /api/auth/me': () => json(admin),
      'GET /api/admin/metrics': () => json(makeMetrics()),
      'GET /api/admin/jobs/summary': () => json({ queues: [] }),
      'GET /api/admin/counties': () => json([county]),
      'GET /api/config': () =>
        json([{ name: county.name, mask: county.uiMask, format: county.format }]),
      'POST /api/admin/counties/update': async (request) => {
        county = { ...county, ...((await request.json()) as Partial<AdminCounty>) };
        return json(county);
      },
    });
    const { events } = renderApp({ path: '/dashboard', user: admin });
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    const countyOptions = async () => {
      await events.click(await screen.findByRole('button', { name: 'Guard a Name' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Guard A Name' }));
      const select = dialog.getByRole('combobox', { name: 'County' });
      await waitFor(() => expect(select).toHaveProperty('disabled', false));
      await events.click(select);
      const listbox = await screen.findByRole('listbox', { hidden: true });
      const names = within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent);
      await events.keyboard('{Escape}');
      await events.click(dialog.getByRole('button', { name: 'Close' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Guard A Name' })).toBeNull(),
      );
      return names;
    };
    expect(await countyOptions()).toEqual(['Sacramento']);

    await events.click(nav.getByRole('link', { name: 'ADMIN' }));
    await events.click(await screen.findByRole('tab', { name: 'Counties' }));
    await events.click(await screen.findByRole('button', { name: 'Edit Sacramento' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Edit County: Sacramento' }));
    await events.clear(drawer.getByRole('textbox', { name: 'Name' }));
    await events.type(drawer.getByRole('textbox', { name: 'Name' }), 'Sacramento North');
    await events.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Edit County/ })).toBeNull());

    await events.click(nav.getByRole('link', { name: 'DASHBOARD' }));
    expect(await countyOptions()).toEqual(['Sacramento North']);
  });
});

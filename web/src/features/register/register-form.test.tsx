import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { configHandler, isSearch, makeName, makeParcel, searchOf } from '../../test/guard-fixtures';
import { renderApp } from '../../test/render-app';

type Handlers = Parameters<typeof stubFetch>[0];

// Each case types, searches and clicks through a modal: slow in jsdom on a busy machine.

const SMITHS = [
  makeName('SMITH JOHN A', 3),
  makeName('SMITH JOHN B', 40),
  makeName('SMITH MARY', 1),
];
const PARCELS = [
  makeParcel('012-0345-006-0000', '123 MAIN ST'),
  makeParcel('012-0345-007-0000', ''),
];

function setup(handlers: Handlers = {}) {
  const stub = stubFetch({
    'GET /api/config': configHandler,
    'GET /api/search/name': () => json(SMITHS),
    'GET /api/search/apn': () => json(PARCELS),
    'GET /api/search/address': () => json(PARCELS.slice(0, 1)),
    ...handlers,
  });
  const rendered = renderApp({ path: '/register' });
  return { ...stub, ...rendered };
}

const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.textContent);

async function fillEmails(events: UserEvent, email = 'owner@example.com', confirm = email) {
  await events.click(await screen.findByRole('textbox', { name: 'Email' }));
  await events.paste(email);
  await events.click(screen.getByRole('textbox', { name: 'Confirm Email' }));
  await events.paste(confirm);
}

async function openModal(events: UserEvent, card: 'Guard a Name' | 'Guard a Property') {
  // A card is named by its whole text: its title, then its description.
  await events.click(await screen.findByRole('button', { name: new RegExp(`^${card} `) }));
  return within(
    await screen.findByRole('dialog', {
      name: card === 'Guard a Name' ? 'Guard A name' : 'Guard A apn',
    }),
  );
}

async function pickCounty(events: UserEvent, dialog: ReturnType<typeof within>, county: string) {
  const select = dialog.getByRole('combobox', { name: 'County' });
  await waitFor(() => expect(select).toHaveProperty('disabled', false));
  await events.click(select);
  // jsdom lays nothing out, so Mantine hides the dropdown as if its input were scrolled away.
  await events.click(await screen.findByRole('option', { name: county, hidden: true }));
  expect(select).toHaveProperty('value', county);
}

/** Searches `term` in Sacramento, presses the buttons named `picks`, and guards them. */
async function guardItems(
  events: UserEvent,
  card: 'Guard a Name' | 'Guard a Property',
  term: string,
  picks: string[],
) {
  const dialog = await openModal(events, card);
  await pickCounty(events, dialog, 'Sacramento');
  const field = card === 'Guard a Name' ? 'Name' : 'APN';
  await events.type(dialog.getByRole('textbox', { name: field }), term);
  for (const name of picks) {
    await events.click(await dialog.findByRole('button', { name }));
  }
  await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const guardNames = (events: UserEvent, names: string[], term = 'smith') =>
  guardItems(
    events,
    'Guard a Name',
    term,
    names.map((name) => `Guard ${name}`),
  );

describe('register step 1', { timeout: 20_000 }, () => {
  it('validates the emails as they are typed', async () => {
    const { events } = setup();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    const confirm = screen.getByRole('textbox', { name: 'Confirm Email' });

    await events.type(email, 'owner');
    expect(screen.getByText('Invalid email')).toBeDefined();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await events.type(email, '@example.com');
    expect(screen.queryByText('Invalid email')).toBeNull();

    await events.type(confirm, 'owner@example.org');
    expect(screen.getByText('Emails do not match')).toBeDefined();
    await events.clear(confirm);
    expect(screen.getByText('Confirm Email is required')).toBeDefined();
    await events.type(confirm, 'owner@example.org');

    // Changing the email checks the confirmation again.
    await events.clear(email);
    expect(screen.getByText('Email is required')).toBeDefined();
    await events.type(email, 'owner@example.org');
    await waitFor(() => expect(screen.queryByText('Emails do not match')).toBeNull());
  });

  it('shows the first problem as a red Error toast and sends nothing', async () => {
    const { events, requests } = setup();
    await events.click(await screen.findByRole('button', { name: 'SIGN UP' }));

    await waitFor(() => expect(toasts()).toEqual(['ErrorEmail is required']));
    expect(screen.getByText('Confirm Email is required')).toBeDefined();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks for at least one guarded item', async () => {
    const { events, requests } = setup();
    await fillEmails(events);
    await events.click(screen.getByRole('button', { name: 'SIGN UP' }));

    await waitFor(() =>
      expect(toasts()).toEqual(['ErrorAt least one guard record subscription is required']),
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('registering', { timeout: 20_000 }, () => {
  it('sends the email and the committed items, then replaces the form with the notice', async () => {
    let answer: (response: Response) => void = () => {};
    const { events, requests } = setup({
      'POST /api/user/register': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await fillEmails(events, ' owner@example.com', ' owner@example.com');
    await guardNames(events, ['SMITH JOHN A']);

    const dialog = await openModal(events, 'Guard a Property');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '0120345');
    await events.click(await dialog.findByRole('button', { name: 'Guard APN 012-0345-006-0000' }));
    await events.click(dialog.getByRole('button', { name: 'Guard APN 012-0345-007-0000' }));
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));

    const properties = within(
      await screen.findByRole('table', { name: 'Properties To Be Guarded' }),
    );
    expect(properties.getByText('123 MAIN ST, SACRAMENTO, CA 95814')).toBeDefined();
    expect(properties.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'CountyAPNAddressRemove',
      'Sacramento012-0345-006-0000123 MAIN ST, SACRAMENTO, CA 95814Remove',
      'Sacramento012-0345-007-0000SACRAMENTO, CA 95814Remove',
    ]);

    const signUp = screen.getByRole('button', { name: 'SIGN UP' });
    await events.click(signUp);
    await waitFor(() => expect(signUp).toHaveProperty('disabled', true));
    expect(signUp.getAttribute('data-loading')).toBe('true');

    const register = requests.find((r) => r.method === 'POST')!;
    expect(new URL(register.url).pathname).toBe('/api/user/register');
    expect(await register.clone().json()).toEqual({
      email: 'owner@example.com',
      names: [{ county: 'Sacramento', name: 'SMITH JOHN A' }],
      apns: [
        {
          county: 'Sacramento',
          apn: '012-0345-006-0000',
          description: '123 MAIN ST, SACRAMENTO, CA 95814',
        },
        { county: 'Sacramento', apn: '012-0345-007-0000', description: 'SACRAMENTO, CA 95814' },
      ],
      // The account takes the language the site shows.
      language: 'en',
    });

    answer(json({ id: '3d3c1f0e-1f5e-4c59-9a7e-0f1f7d5c2b1a', email: 'owner@example.com' }, 201));

    const notice = await screen.findByText(/Please check your email to verify your account\./);
    expect(notice.textContent).toContain('Thank you for registering');
    expect(screen.queryByRole('button', { name: 'SIGN UP' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    await waitFor(() => expect(toasts()).toEqual(['SuccessUser registered successfully']));
  });

  it('says a registered email already exists, once, and keeps the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = setup({
      'POST /api/user/register': () =>
        json({ statusCode: 409, error: 'Conflict', message: 'Duplicate key' }, 409),
    });
    await fillEmails(events);
    await guardNames(events, ['SMITH MARY']);
    await events.click(screen.getByRole('button', { name: 'SIGN UP' }));

    await waitFor(() => expect(toasts()).toEqual(['ErrorUser with this email already exists']));
    const signUp = screen.getByRole('button', { name: 'SIGN UP' });
    await waitFor(() => expect(signUp).toHaveProperty('disabled', false));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty(
      'value',
      'owner@example.com',
    );
    expect(screen.getByRole('table', { name: 'Names To Be Guarded' })).toBeDefined();
  });

  it("shows another failure's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = setup({
      'POST /api/user/register': () =>
        json(
          { statusCode: 429, error: 'Too Many Requests', message: 'Try again in a few minutes.' },
          429,
        ),
    });
    await fillEmails(events);
    await guardNames(events, ['SMITH MARY']);
    await events.click(screen.getByRole('button', { name: 'SIGN UP' }));

    await waitFor(() => expect(toasts()).toEqual(['ErrorTry again in a few minutes.']));
  });

  it('opens the terms and the privacy policy in a new tab', async () => {
    setup();
    for (const [name, href] of [
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]) {
      // The visually hidden note joins the name without a space in jsdom's name computation.
      const link = await screen.findByRole('link', {
        name: new RegExp(`^${name} ?\\(opens in a new tab\\)$`),
      });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByText(/consent to receive email notifications/)).toBeDefined();
  });
});

describe('the name picker', { timeout: 20_000 }, () => {
  it('upper-cases the input and offers the typed name first as You Entered', async () => {
    const { events, requests } = setup();
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    const input = dialog.getByRole('textbox', { name: 'Name' });
    await events.type(input, 'smith jo');
    expect(input).toHaveProperty('value', 'SMITH JO');

    const table = within(await dialog.findByRole('table', { name: 'Names found' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('You Entered');
    expect(rows[0]!.textContent).toContain('SMITH JO');
    expect(rows.slice(1).map((row) => within(row).getByText(/^SMITH/).textContent)).toEqual([
      'SMITH JOHN A',
      'SMITH JOHN B',
      'SMITH MARY',
    ]);
    const searches = requests.filter(isSearch).map(searchOf);
    expect(searches.at(-1)).toEqual({
      path: '/api/search/name',
      term: 'SMITH JO',
      county: 'Sacramento',
    });
  });

  it('does not offer You Entered for a name the search found', async () => {
    const { events } = setup();
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith  mary');

    await dialog.findByRole('button', { name: 'Guard SMITH MARY' });
    expect(dialog.queryByText('You Entered')).toBeNull();
  });

  it('shows how common each name is and warns about common names', async () => {
    const { events } = setup();
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith');

    const common = (await dialog.findByText('SMITH JOHN B')).closest('tr')!;
    expect(common.textContent).toContain('On 40 recorded documents');
    expect(common.textContent).toContain('Common name: you may get alerts about other people');
    const rare = dialog.getByText('SMITH MARY').closest('tr')!;
    expect(rare.textContent).toContain('On 1 recorded document');
    expect(rare.textContent).not.toContain('Common name');
  });

  it('shows at most 10 suggestions in a list that scrolls at 250 px', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeName(`SMITH ${String.fromCharCode(65 + i)}`),
    );
    const { events } = setup({ 'GET /api/search/name': () => json(many) });
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith a');

    await dialog.findByRole('button', { name: 'Guard SMITH A' });
    expect(dialog.getAllByRole('button', { name: /^Guard SMITH [A-Z]$/ })).toHaveLength(10);
    expect(dialog.queryByRole('button', { name: 'Guard SMITH K' })).toBeNull();
    const table = dialog.getByRole('table', { name: 'Names found' });
    // Mantine writes 250 px as rem at its 16 px base.
    expect(table.closest('[data-results]')?.getAttribute('style')).toContain(
      'max-height: calc(15.625rem * var(--mantine-scale))',
    );
  });

  it('shows a picked or already committed name as Guarded, which cannot be pressed', async () => {
    const { events } = setup();
    await guardNames(events, ['SMITH JOHN A']);

    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith');
    const guarded = await dialog.findByRole('button', { name: 'Guarded: SMITH JOHN A' });
    expect(guarded).toHaveProperty('disabled', true);
    expect(dialog.queryByRole('button', { name: 'Guard SMITH JOHN A' })).toBeNull();

    await events.click(dialog.getByRole('button', { name: 'Guard SMITH MARY' }));
    expect(dialog.getByRole('button', { name: 'Guarded: SMITH MARY' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('reports a failed search in a top-center toast, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = setup({
      'GET /api/search/name': () =>
        json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500),
    });
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith');

    const toast = await screen.findByText('Failed to search Names');
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');
    expect(toasts()).toEqual(['ErrorFailed to search Names']);
  });
});

describe('the property picker', { timeout: 20_000 }, () => {
  it('formats the APN by the county mask as it is typed', async () => {
    const { events, requests } = setup();
    const dialog = await openModal(events, 'Guard a Property');
    await pickCounty(events, dialog, 'Alameda');
    const apn = dialog.getByRole('textbox', { name: 'APN' });
    expect(apn.getAttribute('placeholder')).toBe('048A-7046-001-00');

    await events.type(apn, '048 a/70');
    expect(apn).toHaveProperty('value', '048A-70');
    await waitFor(() =>
      expect(requests.filter(isSearch).map(searchOf).at(-1)).toEqual({
        path: '/api/search/apn',
        term: '048A-70',
        county: 'Alameda',
      }),
    );
  });

  it('offers a complete APN the search did not find, with an unknown address', async () => {
    const { events } = setup({ 'GET /api/search/apn': () => json([]) });
    const dialog = await openModal(events, 'Guard a Property');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '99988877776666');

    await events.click(await dialog.findByRole('button', { name: 'Guard APN 999-8887-777-6666' }));
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));

    const properties = within(
      await screen.findByRole('table', { name: 'Properties To Be Guarded' }),
    );
    expect(properties.getAllByRole('row')[1]!.textContent).toBe(
      'Sacramento999-8887-777-6666UnknownRemove',
    );
  });

  it('shows an already committed property as Guarded, which cannot be added again', async () => {
    const { events } = setup();
    await guardItems(events, 'Guard a Property', '0120345', ['Guard APN 012-0345-006-0000']);

    const dialog = await openModal(events, 'Guard a Property');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '0120345');
    const guarded = await dialog.findByRole('button', {
      name: 'Guarded: APN 012-0345-006-0000',
    });
    expect(guarded.textContent).toBe('Guarded');
    expect(guarded).toHaveProperty('disabled', true);
    expect(dialog.queryByRole('button', { name: 'Guard APN 012-0345-006-0000' })).toBeNull();
    // The other parcel of the results can still be picked.
    expect(dialog.getByRole('button', { name: 'Guard APN 012-0345-007-0000' })).toBeDefined();

    await events.click(guarded);
    expect(dialog.getByText('Nothing selected yet')).toBeDefined();
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));
    const properties = within(
      await screen.findByRole('table', { name: 'Properties To Be Guarded' }),
    );
    expect(
      properties
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Sacramento012-0345-006-0000123 MAIN ST, SACRAMENTO, CA 95814Remove']);
  });

  it('searches by address', async () => {
    const { events, requests } = setup();
    const dialog = await openModal(events, 'Guard a Property');
    await pickCounty(events, dialog, 'Sacramento');
    await events.click(dialog.getByRole('radio', { name: 'Address' }));
    await events.type(dialog.getByRole('textbox', { name: 'Address' }), '123 main');

    await dialog.findByRole('button', { name: 'Guard APN 012-0345-006-0000' });
    expect(requests.filter(isSearch).map(searchOf).at(-1)).toEqual({
      path: '/api/search/address',
      term: '123 main',
      county: 'Sacramento',
    });
  });

  it('reports a failed search as Failed to search APNs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = setup({
      'GET /api/search/apn': () => Promise.reject(new TypeError('offline')),
    });
    const dialog = await openModal(events, 'Guard a Property');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '012');

    await waitFor(() => expect(toasts()).toEqual(['ErrorFailed to search APNs']));
  });
});

describe('closing the guard modal', { timeout: 20_000 }, () => {
  it('asks before dropping picks that were not guarded, and Keep Adding keeps them', async () => {
    const { events } = setup();
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith');
    await events.click(await dialog.findByRole('button', { name: 'Guard SMITH MARY' }));

    await events.click(dialog.getByRole('button', { name: 'Close' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Discard Changes?' }));
    expect(
      confirm.getByText(
        'You are about to exit this screen without guarding your selected items. Are you sure?',
      ),
    ).toBeDefined();
    await events.click(confirm.getByRole('button', { name: 'Keep Adding' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard Changes?' })).toBeNull(),
    );
    expect(dialog.getByRole('button', { name: 'Guarded: SMITH MARY' })).toBeDefined();

    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));
    const names = within(await screen.findByRole('table', { name: 'Names To Be Guarded' }));
    expect(names.getAllByRole('row')[1]!.textContent).toBe('SacramentoSMITH MARYRemove');
  });

  it('drops the picks with Discard Changes and keeps what was guarded before', async () => {
    const { events } = setup();
    await guardNames(events, ['SMITH MARY']);
    const dialog = await openModal(events, 'Guard a Name');
    await pickCounty(events, dialog, 'Sacramento');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith');
    await events.click(await dialog.findByRole('button', { name: 'Guard SMITH JOHN A' }));

    await events.keyboard('{Escape}');
    const confirm = within(await screen.findByRole('dialog', { name: 'Discard Changes?' }));
    await events.click(confirm.getByRole('button', { name: 'Discard Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const names = within(screen.getByRole('table', { name: 'Names To Be Guarded' }));
    expect(
      names
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['SacramentoSMITH MARYRemove']);

    // Reopened, the dropped pick can be guarded again.
    const again = await openModal(events, 'Guard a Name');
    await pickCounty(events, again, 'Sacramento');
    await events.type(again.getByRole('textbox', { name: 'Name' }), 'smith');
    expect(await again.findByRole('button', { name: 'Guard SMITH JOHN A' })).toBeDefined();
  });

  it('closes without asking when nothing new was picked', async () => {
    const { events } = setup();
    const dialog = await openModal(events, 'Guard a Name');
    await events.click(dialog.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Discard Changes?')).toBeNull();
  });
});

describe('the lists to be guarded', { timeout: 20_000 }, () => {
  it('removes one item of several, and empties a list of one', async () => {
    const { events } = setup();
    await guardNames(events, ['SMITH JOHN A', 'SMITH MARY']);
    const table = () => within(screen.getByRole('table', { name: 'Names To Be Guarded' }));
    expect(table().getAllByRole('row')).toHaveLength(3);

    await events.click(table().getByRole('button', { name: 'Remove SMITH JOHN A (Sacramento)' }));
    expect(
      table()
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['SacramentoSMITH MARYRemove']);

    await events.click(table().getByRole('button', { name: 'Remove SMITH MARY (Sacramento)' }));
    expect(screen.queryByRole('table', { name: 'Names To Be Guarded' })).toBeNull();
  });
});

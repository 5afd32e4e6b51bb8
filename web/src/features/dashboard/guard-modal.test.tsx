import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/types';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { bodyOf, callsTo, makeNameSubscription, renderDashboard, toasts } from './test-helpers';

const counties = [
  { name: 'Sacramento', mask: '000-0000-000-0000', format: '012-0345-006-0000' },
  { name: 'Alameda', mask: '000a-0000-000-00', format: '048A-7046-001-00' },
];
const failure = () =>
  json({ statusCode: 500, error: 'Failure', message: 'The server says no.' }, 500);

const nameResults = (names: string[], county = 'Sacramento') =>
  names.map((name, i) => ({ name, county, documentCount: i === 0 ? 40 : 2 }));

const nameSubscription = (name: string, county = 'Sacramento') =>
  makeNameSubscription({ county, name });

async function openGuardModal(
  events: UserEvent,
  button: 'Guard a Name' | 'Guard a Property',
  county = 'Sacramento',
) {
  await events.click(screen.getByRole('button', { name: button }));
  const title = button === 'Guard a Name' ? 'Guard A Name' : 'Guard A Property';
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(within(dialog).getByRole('heading', { name: 'Step 1: Select a County' })).toBeDefined();
  const select = within(dialog).getByRole('combobox', { name: 'County' });
  await waitFor(() => expect(select).toHaveProperty('disabled', false));
  await events.click(select);
  await events.click(await screen.findByRole('option', { name: county, hidden: true }));
  return within(dialog);
}

/** The names or APNs of the result rows, in order, as their buttons name them. */
const resultRows = (dialog: { queryAllByRole: (role: 'row') => HTMLElement[] }) =>
  dialog
    .queryAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getByRole('button')
        .getAttribute('aria-label')!
        .replace(/^(Guard|Guarded:|Guarding|Unselect) (APN )?/, ''),
    );

function nameHandlers(user: SessionUser, results: ReturnType<typeof nameResults>) {
  return {
    'GET /api/config': () => json(counties),
    'GET /api/search/name': () => json(results),
    'POST /api/user/subscriptions/names/list/add': async (request: Request) => {
      const { guardNameSubscriptions } = (await bodyOf(request)) as {
        guardNameSubscriptions: { county: string; name: string }[];
      };
      return json({
        ...user,
        nameSubscriptions: [
          ...user.nameSubscriptions,
          ...guardNameSubscriptions.map((s) => nameSubscription(s.name, s.county)),
        ],
      });
    },
  };
}

describe('Guard A Name', () => {
  it('searches the typed name upper-cased, once the typing stops', async () => {
    const user = makeUser();
    const { events, requests } = await renderDashboard(
      user,
      nameHandlers(user, nameResults(['SMITH JOHN', 'SMITH JOHN A'])),
    );
    const dialog = await openGuardModal(events, 'Guard a Name');

    const input = dialog.getByRole('textbox', { name: 'Name' });
    await events.type(input, 'smith john');

    expect(input).toHaveProperty('value', 'SMITH JOHN');
    await waitFor(() => expect(resultRows(dialog)).toEqual(['SMITH JOHN', 'SMITH JOHN A']));
    const searches = callsTo(requests, 'GET /api/search/name');
    expect(searches.map((r) => Object.fromEntries(new URL(r.url).searchParams))).toEqual([
      { SearchTerm: 'SMITH JOHN', County: 'Sacramento' },
    ]);
    expect(
      dialog.getByText('Common name: you may get alerts about other people with this name.'),
    ).toBeDefined();
  });

  it('offers a name that is not among the results first, as You Entered, within 10 rows', async () => {
    const user = makeUser();
    const many = nameResults(Array.from({ length: 12 }, (_, i) => `SMITH JO${i}`));
    const { events } = await renderDashboard(user, nameHandlers(user, many));
    const dialog = await openGuardModal(events, 'Guard a Name');

    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith jo');

    await waitFor(() => expect(resultRows(dialog)[0]).toBe('SMITH JO'));
    expect(resultRows(dialog)).toEqual([
      'SMITH JO',
      ...Array.from({ length: 9 }, (_, i) => `SMITH JO${i}`),
    ]);
    expect(within(dialog.getAllByRole('row')[1]!).getByText('You Entered')).toBeDefined();
  });

  it('shows an already guarded name of the same county as Guarded', async () => {
    const user = makeUser({
      nameSubscriptions: [
        nameSubscription('SMITH JOHN'),
        nameSubscription('SMITH JOHN A', 'Alameda'),
      ],
    });
    const { events } = await renderDashboard(
      user,
      nameHandlers(user, nameResults(['SMITH JOHN', 'SMITH JOHN A'])),
    );
    const dialog = await openGuardModal(events, 'Guard a Name');

    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith john');

    await waitFor(() => expect(resultRows(dialog)).toEqual(['SMITH JOHN', 'SMITH JOHN A']));
    expect(dialog.getByRole('button', { name: 'Guarded: SMITH JOHN' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(dialog.getByRole('button', { name: 'Guard SMITH JOHN A' })).toBeDefined();
  });

  it('shows as Guarded what the server would take as a repeat: the same name key, punctuation aside', async () => {
    const user = makeUser({
      nameSubscriptions: [nameSubscription('SMITH, JOHN A.'), nameSubscription("O'BRIEN MARY")],
    });
    const { events } = await renderDashboard(
      user,
      nameHandlers(user, nameResults(['SMITH JOHN A', 'OBRIEN MARY', 'SMITH JOHN A JR'])),
    );
    const dialog = await openGuardModal(events, 'Guard a Name');

    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith john a');

    await waitFor(() =>
      expect(resultRows(dialog)).toEqual(['SMITH JOHN A', 'OBRIEN MARY', 'SMITH JOHN A JR']),
    );
    expect(dialog.getByRole('button', { name: 'Guarded: SMITH JOHN A' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(dialog.getByRole('button', { name: 'Guarded: OBRIEN MARY' })).toHaveProperty(
      'disabled',
      true,
    );
    // A suffix makes another guarded name for the server (the matcher's match key is another matter).
    expect(dialog.getByRole('button', { name: 'Guard SMITH JOHN A JR' })).toBeDefined();
  });

  it('guards the selected names: Guard, then loading, then Guarded', async () => {
    const user = makeUser();
    let release: () => void = () => {};
    const handlers = nameHandlers(user, nameResults(['SMITH JOHN', 'SMITH JOHN A']));
    const save = handlers['POST /api/user/subscriptions/names/list/add'];
    const { events, requests } = await renderDashboard(user, {
      ...handlers,
      'POST /api/user/subscriptions/names/list/add': async (request) => {
        await new Promise<void>((resolve) => (release = resolve));
        return save(request);
      },
    });
    const dialog = await openGuardModal(events, 'Guard a Name');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith john');

    await events.click(await dialog.findByRole('button', { name: 'Guard SMITH JOHN A' }));
    expect(dialog.getByRole('button', { name: 'Unselect SMITH JOHN A' })).toBeDefined();
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));

    expect(await dialog.findByRole('button', { name: 'Guarding SMITH JOHN A' })).toBeDefined();
    // Its buttons disabled while it saves, the dialog keeps focus…
    const modal = screen.getByRole('dialog', { name: 'Guard A Name' });
    expect(modal.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(
      dialog.getByRole('button', { name: 'Guard Selected Items' }),
    );
    release();
    const guarded = await dialog.findByRole('button', { name: 'Guarded: SMITH JOHN A' });
    // …and, nothing left to guard, Close has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Close' })),
    );
    expect(dialog.getByRole('button', { name: 'Guard Selected Items' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(guarded.style.backgroundColor).toBe('var(--mantine-color-green-light)');
    expect(guarded.style.color).toBe('var(--mantine-color-green-light-color)');
    expect(guarded).toHaveProperty('disabled', true);
    expect(dialog.getByRole('button', { name: 'Guard SMITH JOHN' })).toBeDefined();
    const [add] = callsTo(requests, 'POST /api/user/subscriptions/names/list/add');
    expect(await bodyOf(add!)).toEqual({
      guardNameSubscriptions: [{ county: 'Sacramento', name: 'SMITH JOHN A' }],
    });

    // Nothing is pending any more: the modal closes without asking.
    await events.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Guard A Name' })).toBeNull());
    const names = within(screen.getByRole('region', { name: 'Items Being Guarded' }));
    expect(names.getByRole('listitem', { name: 'SMITH JOHN A' })).toBeDefined();
  });

  it('asks before discarding selected names: Keep Adding keeps them, Discard Changes drops them', async () => {
    const user = makeUser();
    const { events, requests } = await renderDashboard(
      user,
      nameHandlers(user, nameResults(['SMITH JOHN'])),
    );
    const dialog = await openGuardModal(events, 'Guard a Name');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith john');
    await events.click(await dialog.findByRole('button', { name: 'Guard SMITH JOHN' }));

    await events.click(dialog.getByRole('button', { name: 'Close' }));
    let discard = within(await screen.findByRole('dialog', { name: 'Discard Changes?' }));
    expect(
      discard.getByText(
        'You are about to exit this screen without guarding your selected items. Are you sure?',
      ),
    ).toBeDefined();
    await events.click(discard.getByRole('button', { name: 'Keep Adding' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard Changes?' })).toBeNull(),
    );
    expect(dialog.getByRole('button', { name: 'Unselect SMITH JOHN' })).toBeDefined();

    await events.keyboard('{Escape}');
    discard = within(await screen.findByRole('dialog', { name: 'Discard Changes?' }));
    expect(screen.getByRole('dialog', { name: 'Guard A Name' })).toBeDefined();
    await events.click(discard.getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Guard A Name' })).toBeNull());
    expect(callsTo(requests, 'POST /api/user/subscriptions/names/list/add')).toHaveLength(0);

    const reopened = await openGuardModal(events, 'Guard a Name');
    expect(reopened.queryByText(/^Selected:/)).toBeNull();
    expect(reopened.getByRole('button', { name: 'Guard Selected Items' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the toasts when the search or the save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = makeUser();
    const { events } = await renderDashboard(user, {
      'GET /api/config': () => json(counties),
      'GET /api/search/name': failure,
      'POST /api/user/subscriptions/names/list/add': failure,
    });
    const dialog = await openGuardModal(events, 'Guard a Name');
    await events.type(dialog.getByRole('textbox', { name: 'Name' }), 'smith john');

    const toast = await screen.findByText('Failed to search Names');
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');
    // One failure, one toast: not the client's generic one as well.
    expect(toasts()).toEqual(['ErrorFailed to search Names']);
    await events.click(await dialog.findByRole('button', { name: 'Guard SMITH JOHN' }));
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));
    expect(await screen.findByText('Failed to add Guard Name Subscriptions')).toBeDefined();
    // Still pending, so still savable: focus is back on Guard Selected Items.
    expect(dialog.getByRole('button', { name: 'Unselect SMITH JOHN' })).toBeDefined();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        dialog.getByRole('button', { name: 'Guard Selected Items' }),
      ),
    );
  });

  it('only logs a failure to load the counties, with no message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events, requests } = await renderDashboard(makeUser(), {
      'GET /api/config': failure,
    });
    await events.click(screen.getByRole('button', { name: 'Guard a Name' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Guard A Name' }));

    await waitFor(() => expect(callsTo(requests, 'GET /api/config')).toHaveLength(1));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/\/api\/config/)),
    );
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'County' })).toHaveProperty('disabled', false),
    );
    expect(toasts()).toEqual([]);
    expect(dialog.queryByRole('alert')).toBeNull();
  });
});

describe('Guard A Property', () => {
  const parcel = {
    apn: '012-0345-006-0000',
    address: '12 ELM ST',
    cityStateZip: 'SACRAMENTO, CA 95814',
    county: 'Sacramento',
  };

  it('formats the APN by the county mask, searches it, and guards a parcel with its address', async () => {
    const user = makeUser();
    const { events, requests } = await renderDashboard(user, {
      'GET /api/config': () => json(counties),
      'GET /api/search/apn': () => json([parcel]),
      'POST /api/user/subscriptions/apns/list/add': () =>
        json({
          ...user,
          apnSubscriptions: [
            {
              id: crypto.randomUUID(),
              county: 'Sacramento',
              apn: parcel.apn,
              description: '12 ELM ST, SACRAMENTO, CA 95814',
              events: [],
            },
          ],
        }),
    });
    const dialog = await openGuardModal(events, 'Guard a Property');

    const input = dialog.getByRole('textbox', { name: 'APN' });
    await events.type(input, '012x03450');
    expect(input).toHaveProperty('value', '012-0345-0');

    await events.click(await dialog.findByRole('button', { name: `Guard APN ${parcel.apn}` }));
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));
    const guarded = await dialog.findByRole('button', { name: `Guarded: APN ${parcel.apn}` });
    expect(guarded.style.backgroundColor).toBe('var(--mantine-color-green-light)');

    const [search] = callsTo(requests, 'GET /api/search/apn');
    expect(new URL(search!.url).searchParams.get('SearchTerm')).toBe('012-0345-0');
    const [add] = callsTo(requests, 'POST /api/user/subscriptions/apns/list/add');
    expect(await bodyOf(add!)).toEqual({
      guardApnSubscriptions: [
        { county: 'Sacramento', apn: parcel.apn, description: '12 ELM ST, SACRAMENTO, CA 95814' },
      ],
    });
  });

  it('offers a complete APN that is not found as You Entered, with an unknown address', async () => {
    const { events } = await renderDashboard(makeUser(), {
      'GET /api/config': () => json(counties),
      'GET /api/search/apn': () => json([]),
    });
    const dialog = await openGuardModal(events, 'Guard a Property', 'Alameda');

    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '048a704600100');

    const table = within(await dialog.findByRole('table', { name: 'Properties found' }));
    const row = within(table.getAllByRole('row')[1]!);
    expect(row.getByText('048A-7046-001-00')).toBeDefined();
    expect(row.getByText('You Entered')).toBeDefined();
    expect(row.getByText('Address Unknown')).toBeDefined();
  });

  it('says it failed to add the properties, and keeps them pending', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = await renderDashboard(makeUser(), {
      'GET /api/config': () => json(counties),
      'GET /api/search/apn': () => json([parcel]),
      'POST /api/user/subscriptions/apns/list/add': failure,
    });
    const dialog = await openGuardModal(events, 'Guard a Property');
    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '0120345');
    await events.click(await dialog.findByRole('button', { name: `Guard APN ${parcel.apn}` }));
    await events.click(dialog.getByRole('button', { name: 'Guard Selected Items' }));

    expect(await screen.findByText('Failed to add Guard Apn Subscriptions')).toBeDefined();
    expect(dialog.getByRole('button', { name: `Unselect APN ${parcel.apn}` })).toBeDefined();
    expect(dialog.queryByRole('button', { name: `Guarded: APN ${parcel.apn}` })).toBeNull();
  });

  it('searches by address and shows the toast when the search fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events, requests } = await renderDashboard(makeUser(), {
      'GET /api/config': () => json(counties),
      'GET /api/search/address': failure,
    });
    const dialog = await openGuardModal(events, 'Guard a Property');

    await events.click(dialog.getByText('Address'));
    await events.type(dialog.getByRole('textbox', { name: 'Address' }), '12 elm');

    await waitFor(() => expect(toasts()).toEqual(['ErrorFailed to search APNs']));
    const [search] = callsTo(requests, 'GET /api/search/address');
    expect(new URL(search!.url).searchParams.get('SearchTerm')).toBe('12 elm');
  });
});

describe('removing a guarded item', () => {
  it('asks first, then removes it', async () => {
    const kept = nameSubscription('DOE JANE');
    const removed = nameSubscription('SMITH JOHN');
    const { events, requests } = await renderDashboard(
      makeUser({ nameSubscriptions: [kept, removed] }),
      {
        'POST /api/user/subscriptions/remove': () => json(makeUser({ nameSubscriptions: [kept] })),
      },
    );
    const section = within(screen.getByRole('region', { name: 'Items Being Guarded' }));

    await events.click(section.getByRole('button', { name: 'Remove SMITH JOHN' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Guard Subscription' }));
    await events.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(section.queryByRole('listitem', { name: 'SMITH JOHN' })).toBeNull());
    expect(section.getByRole('listitem', { name: 'DOE JANE' })).toBeDefined();
    // Its Remove button gone with it, focus goes to the section's heading, and stays there
    // once the dialog has closed.
    const heading = section.getByRole('heading', { name: 'Items Being Guarded' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove Guard Subscription' })).toBeNull(),
    );
    expect(document.activeElement).toBe(heading);
    const [remove] = callsTo(requests, 'POST /api/user/subscriptions/remove');
    expect(await bodyOf(remove!)).toEqual({
      guardRecordSubscriptionType: 'Name',
      guardSubscriptionId: removed.id,
    });
  });

  it('shows properties with their address or Unknown, and the toast when removing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events } = await renderDashboard(
      makeUser({
        apnSubscriptions: [
          {
            id: crypto.randomUUID(),
            county: 'Sacramento',
            apn: '012-0345-006-0000',
            description: '',
            events: [],
          },
        ],
      }),
      { 'POST /api/user/subscriptions/remove': failure },
    );
    const section = within(screen.getByRole('region', { name: 'Items Being Guarded' }));
    const item = within(section.getByRole('listitem', { name: 'APN 012-0345-006-0000' }));
    expect(item.getByText('Unknown')).toBeDefined();
    expect(section.getByText('No names guarded yet.')).toBeDefined();

    await events.click(item.getByRole('button', { name: 'Remove APN 012-0345-006-0000' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Guard Subscription' }));
    await events.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Failed to remove Guard Apn Subscription')).toBeDefined();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { SEARCH_DEBOUNCE_MS } from './search-queries';
import { makeName, makeParcel, SACRAMENTO, searchOf } from '../../test/guard-fixtures';
import { renderUi } from '../../test/render-ui';
import { NamePicker } from './name-picker';
import { PropertyPicker } from './property-picker';

afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('search-as-you-type', () => {
  it('searches names 300 ms after the last keystroke, once, with the upper-cased term', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = stubFetch({
      'GET /api/search/name': () => json([makeName('SMITH JOHN')]),
    });
    renderUi(<NamePicker county="Sacramento" stateOf={() => 'guard'} onGuard={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Name' });

    fireEvent.change(input, { target: { value: 'sm' } });
    expect(input).toHaveProperty('value', 'SM');
    await advance(299);
    expect(requests).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'smith' } });
    await advance(299);
    expect(requests).toHaveLength(0);
    await advance(1);
    expect(requests.map(searchOf)).toEqual([
      { path: '/api/search/name', term: 'SMITH', county: 'Sacramento' },
    ]);

    await vi.waitFor(() => expect(screen.getByText('SMITH JOHN')).toBeDefined());
    expect(requests).toHaveLength(1);
  });

  it('does not search before a county is picked, or for fewer than 2 characters', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = stubFetch({});
    const { rerender } = renderUi(
      <NamePicker county={null} stateOf={() => 'guard'} onGuard={vi.fn()} />,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('disabled', true);

    rerender(<NamePicker county="Sacramento" stateOf={() => 'guard'} onGuard={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 's ' } });
    await advance(1000);
    expect(requests).toHaveLength(0);
  });

  it('searches APNs 300 ms after the last keystroke with the formatted APN', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = stubFetch({
      'GET /api/search/apn': () => json([makeParcel('012-0345-006-0000', '1 MAIN ST')]),
    });
    const onGuard = vi.fn();
    renderUi(<PropertyPicker county={SACRAMENTO} stateOf={() => 'guard'} onGuard={onGuard} />);
    const input = screen.getByRole('textbox', { name: 'APN' });

    fireEvent.change(input, { target: { value: '0120' } });
    expect(input).toHaveProperty('value', '012-0');
    await advance(200);
    fireEvent.change(input, { target: { value: '012-03' } });
    await advance(299);
    expect(requests).toHaveLength(0);
    await advance(1);
    expect(requests.map(searchOf)).toEqual([
      { path: '/api/search/apn', term: '012-03', county: 'Sacramento' },
    ]);

    await vi.waitFor(() =>
      expect(screen.getByText('1 MAIN ST, SACRAMENTO, CA 95814')).toBeDefined(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guard APN 012-0345-006-0000' }));
    expect(onGuard).toHaveBeenCalledWith({
      county: 'Sacramento',
      apn: '012-0345-006-0000',
      description: '1 MAIN ST, SACRAMENTO, CA 95814',
    });
  });
});

describe('You Entered', () => {
  const shownRows = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('button')!.getAttribute('aria-label'));

  const tenNames = Array.from({ length: 10 }, (_, i) => makeName(`SMITH JO${i}`));

  function searchName(term: string) {
    stubFetch({ 'GET /api/search/name': () => json(tenNames) });
    renderUi(<NamePicker county="Sacramento" stateOf={() => 'guard'} onGuard={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: term } });
  }

  it("offers the typed name under a 'You Entered' that is not upper-cased, within 10 rows in all", async () => {
    searchName('smith jo');

    const label = await screen.findByText('You Entered');
    expect(getComputedStyle(label).textTransform).not.toBe('uppercase');
    expect(shownRows()).toEqual([
      'Guard SMITH JO',
      ...tenNames.slice(0, 9).map((r) => `Guard ${r.name}`),
    ]);
  });

  it('shows all 10 results when the typed name is among them', async () => {
    searchName('smith jo9');

    await screen.findByRole('button', { name: 'Guard SMITH JO9' });
    expect(screen.queryByText('You Entered')).toBeNull();
    expect(shownRows()).toHaveLength(10);
  });

  it('offers a complete APN the search did not find, within 10 rows in all', async () => {
    const found = Array.from({ length: 10 }, (_, i) =>
      makeParcel(`012-0345-006-000${i}`, `${i} MAIN ST`),
    );
    stubFetch({ 'GET /api/search/apn': () => json(found) });
    renderUi(<PropertyPicker county={SACRAMENTO} stateOf={() => 'guard'} onGuard={vi.fn()} />);

    fireEvent.change(screen.getByRole('textbox', { name: 'APN' }), {
      target: { value: '01203450069999' },
    });

    const label = await screen.findByText('You Entered');
    expect(getComputedStyle(label).textTransform).not.toBe('uppercase');
    expect(shownRows()).toEqual([
      'Guard APN 012-0345-006-9999',
      ...found.slice(0, 9).map((r) => `Guard APN ${r.apn}`),
    ]);
  });
});

describe('property search modes', () => {
  const toasts = () =>
    [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.textContent);

  it('offers APN, Address and Street, APN first', () => {
    stubFetch({});
    renderUi(<PropertyPicker county={SACRAMENTO} stateOf={() => 'guard'} onGuard={vi.fn()} />);
    const modes = screen
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
    expect(modes).toEqual(['APN', 'Address', 'Street']);
    expect(screen.getByRole('radio', { name: 'APN' })).toHaveProperty('checked', true);
  });

  it('lists the parcels on a street 300 ms after the last keystroke, to guard', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const parcels = [
      makeParcel('012-0345-006-0001', '1 MAIN ST'),
      makeParcel('012-0345-006-0009', '9 MAIN ST APT 2'),
    ];
    const { requests } = stubFetch({ 'GET /api/search/street': () => json(parcels) });
    const onGuard = vi.fn();
    renderUi(
      <PropertyPicker
        county={SACRAMENTO}
        stateOf={(item) => (item.apn === parcels[1]!.apn ? 'guarded' : 'guard')}
        onGuard={onGuard}
      />,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Street' }));
    const input = screen.getByRole('textbox', { name: 'Street' });
    fireEvent.change(input, { target: { value: 'mai' } });
    await advance(200);
    fireEvent.change(input, { target: { value: 'main st' } });
    await advance(299);
    expect(requests).toHaveLength(0);
    await advance(1);
    expect(requests.map(searchOf)).toEqual([
      { path: '/api/search/street', term: 'main st', county: 'Sacramento' },
    ]);

    await vi.waitFor(() =>
      expect(screen.getByText('1 MAIN ST, SACRAMENTO, CA 95814')).toBeDefined(),
    );
    expect(screen.getByRole('status').textContent).toBe('2 properties found');
    expect(screen.getByRole('button', { name: 'Guarded: APN 012-0345-006-0009' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guard APN 012-0345-006-0001' }));
    expect(onGuard).toHaveBeenCalledWith({
      county: 'Sacramento',
      apn: '012-0345-006-0001',
      description: '1 MAIN ST, SACRAMENTO, CA 95814',
    });
    expect(screen.queryByText('You Entered')).toBeNull();
  });

  it('shows at most 10 parcels of a street', async () => {
    const parcels = Array.from({ length: 12 }, (_, i) =>
      makeParcel(`012-0345-006-00${String(i).padStart(2, '0')}`, `${i + 1} OAK AVE`),
    );
    stubFetch({ 'GET /api/search/street': () => json(parcels) });
    renderUi(<PropertyPicker county={SACRAMENTO} stateOf={() => 'guard'} onGuard={vi.fn()} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Street' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), {
      target: { value: 'oak ave' },
    });

    await screen.findByRole('button', { name: 'Guard APN 012-0345-006-0000' });
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(10);
  });

  it('starts each mode empty: switching clears the term and the results', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = stubFetch({
      'GET /api/search/address': () => json([makeParcel('012-0345-006-0001', '1 MAIN ST')]),
    });
    renderUi(<PropertyPicker county={SACRAMENTO} stateOf={() => 'guard'} onGuard={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), {
      target: { value: '1 main' },
    });
    await advance(SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Guard APN 012-0345-006-0001' })).toBeDefined(),
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), {
      target: { value: '1 main s' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Street' }));
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveProperty('value', '');
    expect(screen.queryByRole('table')).toBeNull();
    // The address typed a moment ago is not sent as a street once its debounce runs out.
    await advance(SEARCH_DEBOUNCE_MS * 2);
    expect(requests.map(searchOf)).toEqual([
      { path: '/api/search/address', term: '1 main', county: 'Sacramento' },
    ]);
  });

  it('says Failed to search Streets at the top when the street search fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/search/street': () =>
        json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom' }, 500),
    });
    renderUi(<PropertyPicker county={SACRAMENTO} stateOf={() => 'guard'} onGuard={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Street' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), {
      target: { value: 'elm' },
    });

    await vi.waitFor(() => expect(toasts()).toEqual(['ErrorFailed to search Streets']));
    const toast = document.querySelector('.mantine-Notification-root')!;
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');
  });
});

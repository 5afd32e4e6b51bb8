import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const CODE = 'A'.repeat(43);

describe("a trusted contact's links", () => {
  it('accepts only when the contact presses Accept, then says for whom', async () => {
    const { requests } = stubFetch({
      'POST /api/trusted-contacts/accept': () =>
        json({ status: 'active', subscriberEmail: 'vera@example.com' }),
    });
    const { events } = renderApp({ path: `/trusted-contact/accept/${CODE}`, user: null });
    const accept = await screen.findByRole('button', { name: 'Accept' });
    // Opening the link (a mail scanner does) changes nothing.
    expect(requests).toEqual([]);
    await events.click(accept);
    expect(
      await screen.findByText(/You are now a trusted contact of vera@example.com/),
    ).toBeDefined();
    expect(new URL(requests[0]!.url).searchParams.get('code')).toBe(CODE);
  });

  it('says so when a stop link does not work', async () => {
    stubFetch({
      'POST /api/trusted-contacts/stop': () =>
        json(
          {
            statusCode: 404,
            error: 'Not Found',
            message: 'This link is invalid, used or expired.',
          },
          404,
        ),
    });
    const { events } = renderApp({ path: `/trusted-contact/stop/${CODE}`, user: null });
    await events.click(await screen.findByRole('button', { name: 'Stop These Emails' }));
    expect(await screen.findByText('This link is invalid, used or expired.')).toBeDefined();
  });
});

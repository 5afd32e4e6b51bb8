import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
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

  it('still shows the outcome when the page is reloaded after accepting, sending nothing', async () => {
    const { requests } = stubFetch({
      'POST /api/trusted-contacts/accept': () =>
        requests.length > 1
          ? json({ statusCode: 404, error: 'Not Found', message: 'This link is used.' }, 404)
          : json({ status: 'active', subscriberEmail: 'vera@example.com' }),
    });
    const first = renderApp({ path: `/trusted-contact/accept/${CODE}`, user: null });
    await first.events.click(await screen.findByRole('button', { name: 'Accept' }));
    await screen.findByText(/You are now a trusted contact of vera@example.com/);
    expect(first.router.state.location.pathname).toBe(`/trusted-contact/accept/${CODE}`);
    first.unmount();

    // The browser opens the same history entry again, with its state.
    renderApp({ history: first.router.history, user: null });
    expect(await screen.findByText('Thank you')).toBeDefined();
    expect(screen.getByText(/You are now a trusted contact of vera@example.com/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(requests).toHaveLength(1);
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

describe("a trusted contact's links in Spanish", () => {
  it('explains, accepts and thanks in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubFetch({
      'POST /api/trusted-contacts/accept': () =>
        json({ status: 'active', subscriberEmail: 'vera@example.com' }),
    });
    const { events } = renderApp({ path: `/trusted-contact/accept/${CODE}`, user: null });
    expect(
      await screen.findByRole('heading', { name: 'Sea un contacto de confianza' }),
    ).toBeDefined();
    expect(screen.getByText(/lo nombró como contacto de confianza/)).toBeDefined();
    await events.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Gracias')).toBeDefined();
    expect(
      screen.getByText(/^Ahora es contacto de confianza de vera@example\.com\./),
    ).toBeDefined();
  });

  it('stops in Spanish, and names a broken link in Spanish', async () => {
    await i18n.changeLanguage('es');
    let works = false;
    stubFetch({
      'POST /api/trusted-contacts/stop': () =>
        works
          ? json({ status: 'stopped', subscriberEmail: 'vera@example.com' })
          : json({ statusCode: 404, error: 'Not Found' }, 404),
    });
    const { events } = renderApp({ path: `/trusted-contact/stop/${CODE}`, user: null });
    const stop = await screen.findByRole('button', { name: 'Dejar de recibir estos correos' });
    await events.click(stop);
    expect(await screen.findByText('Este enlace no funciona')).toBeDefined();
    // The server gave no message: the page's own, in Spanish.
    expect(screen.getByText('Este enlace no es válido, ya se usó o venció.')).toBeDefined();

    works = true;
    await events.click(stop);
    expect(await screen.findByText('Envíos detenidos')).toBeDefined();
    expect(
      screen.getByText('Ya no recibirá copias de las alertas de vera@example.com.'),
    ).toBeDefined();
  });
});

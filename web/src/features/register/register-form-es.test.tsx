import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { configHandler, makeName, makeParcel } from '../../test/guard-fixtures';
import { renderApp } from '../../test/render-app';

type Handlers = Parameters<typeof stubFetch>[0];

async function setup(handlers: Handlers = {}) {
  await i18n.changeLanguage('es');
  const stub = stubFetch({
    'GET /api/config': configHandler,
    'GET /api/search/name': () => json([makeName('SMITH JOHN A', 3), makeName('SMITH JOHN B', 40)]),
    'GET /api/search/apn': () => json([makeParcel('012-0345-006-0000', '123 MAIN ST')]),
    ...handlers,
  });
  const rendered = renderApp({ path: '/register' });
  return { ...stub, ...rendered };
}

const toasts = () =>
  [...document.querySelectorAll('.mantine-Notification-root')].map((n) => n.textContent);

async function fillEmails(events: UserEvent, email = 'owner@example.com') {
  await events.click(await screen.findByRole('textbox', { name: 'Correo electrónico' }));
  await events.paste(email);
  await events.click(screen.getByRole('textbox', { name: 'Confirme el correo electrónico' }));
  await events.paste(email);
}

/** Opens 'Proteger un nombre', picks Sacramento and searches SMITH. */
async function searchNames(events: UserEvent) {
  await events.click(await screen.findByRole('button', { name: /^Proteger un nombre / }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Proteger un nombre' }));
  const select = dialog.getByRole('combobox', { name: 'Condado' });
  await waitFor(() => expect(select).toHaveProperty('disabled', false));
  await events.click(select);
  await events.click(await screen.findByRole('option', { name: 'Sacramento', hidden: true }));
  await events.type(dialog.getByRole('textbox', { name: 'Nombre' }), 'smith');
  return dialog;
}

describe('the register page in Spanish', { timeout: 20_000 }, () => {
  it('shows the steps, the cards and the consent in Spanish', async () => {
    await setup();
    expect(
      await screen.findByRole('heading', {
        name: 'Servicio gratuito de protección de bienes raíces',
      }),
    ).toBeDefined();
    expect(screen.getByRole('form', { name: 'Registrarse' })).toBeDefined();
    for (const step of [
      'Paso 1: Escriba su correo electrónico',
      'Paso 2: Elija qué desea proteger',
      'Paso 3: Regístrese',
    ]) {
      expect(screen.getByRole('heading', { name: step })).toBeDefined();
    }
    // Each card's name starts with what it shows.
    expect(
      screen.getByRole('button', { name: /^Proteger una propiedad Una parcela/ }),
    ).toBeDefined();
    expect(
      screen.getByRole('link', { name: /^Condiciones de uso ?\(se abre en una pestaña nueva\)$/ }),
    ).toBeDefined();
    const privacy = screen.getByRole('link', {
      name: /^Política de privacidad ?\(se abre en una pestaña nueva\)$/,
    });
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(privacy.closest('p')?.textContent).toMatch(
      /^Al hacer clic en REGISTRARSE, usted acepta nuestras Condiciones de uso/,
    );
    expect(screen.getByRole('button', { name: 'REGISTRARSE' })).toBeDefined();
  });

  it('validates the emails with Spanish messages', async () => {
    const { events, requests } = await setup();
    const email = await screen.findByRole('textbox', { name: 'Correo electrónico' });
    const confirm = screen.getByRole('textbox', { name: 'Confirme el correo electrónico' });

    await events.type(email, 'owner');
    expect(screen.getByText('Correo electrónico no válido')).toBeDefined();
    await events.type(email, '@example.com');
    await events.type(confirm, 'owner@example.org');
    expect(screen.getByText('Los correos electrónicos no coinciden')).toBeDefined();
    await events.clear(confirm);
    expect(screen.getByText('La confirmación del correo electrónico es obligatoria')).toBeDefined();

    await events.clear(email);
    await events.click(screen.getByRole('button', { name: 'REGISTRARSE' }));
    await waitFor(() => expect(toasts()).toEqual(['ErrorEl correo electrónico es obligatorio']));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('asks for at least one guarded item in Spanish', async () => {
    const { events } = await setup();
    await fillEmails(events);
    await events.click(screen.getByRole('button', { name: 'REGISTRARSE' }));
    await waitFor(() =>
      expect(toasts()).toEqual(['ErrorDebe proteger al menos un nombre o una propiedad']),
    );
  });

  it('searches, guards and registers in Spanish, and gives the account Spanish', async () => {
    const { events, requests } = await setup({
      'POST /api/user/register': () => json({ id: '1', email: 'owner@example.com' }, 201),
    });
    await fillEmails(events);
    const dialog = await searchNames(events);

    const table = within(await dialog.findByRole('table', { name: 'Nombres encontrados' }));
    expect(table.getByText('En 3 documentos registrados')).toBeDefined();
    expect(
      table.getByText(
        'Nombre común: es posible que reciba alertas sobre otras personas con este nombre.',
      ),
    ).toBeDefined();
    expect(dialog.getByText('Todavía no ha seleccionado nada')).toBeDefined();
    await events.click(dialog.getByRole('button', { name: 'Proteger SMITH JOHN A' }));
    expect(dialog.getByRole('button', { name: 'Protegido: SMITH JOHN A' })).toBeDefined();
    expect(dialog.getByText('Seleccionados: 1')).toBeDefined();
    await events.click(
      dialog.getByRole('button', { name: 'Proteger los elementos seleccionados' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const names = within(screen.getByRole('table', { name: 'Nombres que se protegerán' }));
    expect(names.getByRole('columnheader', { name: 'Condado' })).toBeDefined();
    expect(names.getByRole('button', { name: 'Quitar SMITH JOHN A (Sacramento)' })).toBeDefined();

    await events.click(screen.getByRole('button', { name: 'REGISTRARSE' }));
    expect(
      await screen.findByText(/Revise su correo electrónico para verificar su cuenta\./),
    ).toBeDefined();
    await waitFor(() => expect(toasts()).toEqual(['ListoUsuario registrado correctamente']));
    const register = requests.find((r) => r.method === 'POST')!;
    expect(((await register.clone().json()) as { language: string }).language).toBe('es');
    // The server is asked to answer in Spanish too.
    expect(register.headers.get('accept-language')).toBe('es');
  });

  it('says in Spanish that the email is taken', async () => {
    const { events } = await setup({
      'POST /api/user/register': () =>
        json({ statusCode: 409, error: 'Conflict', message: 'taken' }, 409),
    });
    await fillEmails(events);
    const dialog = await searchNames(events);
    await events.click(await dialog.findByRole('button', { name: 'Proteger SMITH JOHN A' }));
    await events.click(
      dialog.getByRole('button', { name: 'Proteger los elementos seleccionados' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await events.click(screen.getByRole('button', { name: 'REGISTRARSE' }));
    await waitFor(() =>
      expect(toasts()).toEqual(['ErrorYa existe un usuario con este correo electrónico']),
    );
  });

  it('asks in Spanish before discarding picks', async () => {
    const { events } = await setup();
    const dialog = await searchNames(events);
    await events.click(await dialog.findByRole('button', { name: 'Proteger SMITH JOHN A' }));
    await events.click(dialog.getByRole('button', { name: 'Cerrar' }));
    const ask = within(await screen.findByRole('dialog', { name: '¿Descartar los cambios?' }));
    expect(ask.getByRole('button', { name: 'Seguir agregando' })).toBeDefined();
    await events.click(ask.getByRole('button', { name: 'Descartar los cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('searches properties with Spanish labels', async () => {
    const { events } = await setup();
    await events.click(await screen.findByRole('button', { name: /^Proteger una propiedad / }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Proteger un APN' }));
    expect(dialog.getByRole('heading', { name: 'Paso 2: Busque una propiedad' })).toBeDefined();
    const select = dialog.getByRole('combobox', { name: 'Condado' });
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    await events.click(select);
    await events.click(await screen.findByRole('option', { name: 'Sacramento', hidden: true }));
    expect(dialog.getByText('Número de parcela del tasador, como 012-0345-006-0000')).toBeDefined();
    expect(dialog.getByRole('radio', { name: 'Dirección' })).toBeDefined();
    expect(dialog.getByRole('radio', { name: 'Calle' })).toBeDefined();
    await events.type(dialog.getByRole('textbox', { name: 'APN' }), '0120345');
    expect(await dialog.findByRole('table', { name: 'Propiedades encontradas' })).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Proteger APN 012-0345-006-0000' })).toBeDefined();
    await waitFor(() =>
      expect(dialog.getByRole('status').textContent).toBe('Propiedades encontradas: 1'),
    );
  });
});

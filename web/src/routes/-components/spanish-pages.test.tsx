import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { en } from '../../i18n/en/index.ts';
import { es } from '../../i18n/es/index.ts';
import { json, stubFetch } from '../../test/fetch-stub';
import { configHandler, makeName } from '../../test/guard-fixtures';
import { renderApp } from '../../test/render-app';

type CatalogTree = { [key: string]: string | CatalogTree };

/** 'a.b.c' → text, for every entry of a catalog. */
function flatten(tree: CatalogTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * The English words of the public pages, registration, sign-in and the shared words, whose
 * Spanish differs (APN and Error are the same in both): none may be left on a Spanish screen.
 */
const ENGLISH = (() => {
  const english = flatten({ common: en.common, pages: en.pages, auth: en.auth, guards: en.guards });
  const spanish = flatten({ common: es.common, pages: es.pages, auth: es.auth, guards: es.guards });
  const words = new Map<string, string>();
  for (const [key, text] of english) {
    if (spanish.get(key) !== text) words.set(text.trim(), key);
  }
  return words;
})();

/** Every text node, and every label, placeholder and title, that is a whole English entry. */
function englishLeftovers(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (ENGLISH.has(text)) found.push(`"${text}" (${ENGLISH.get(text)})`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'placeholder', 'title']) {
      const value = element.getAttribute(attribute)?.trim();
      if (value && ENGLISH.has(value)) {
        found.push(`${attribute}="${value}" (${ENGLISH.get(value)})`);
      }
    }
  }
  return found;
}

const CODE = 'A'.repeat(43);

describe('the public screens in Spanish', { timeout: 20_000 }, () => {
  it('the check knows the English words it looks for', () => {
    expect(ENGLISH.get('How it Works')).toBe('pages.howItWorks.title');
    expect(ENGLISH.get('Guard Selected Items')).toBe('guards.modal.commit');
    expect(ENGLISH.has('APN')).toBe(false);
  });

  it('finds an English entry left on a screen', async () => {
    stubFetch({});
    renderApp({ path: '/faq' });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    expect(englishLeftovers()).toContain('"Frequently Asked Questions" (pages.faq.title)');
  });

  it.each([
    { path: '/', heading: 'Alertas gratuitas contra el fraude inmobiliario' },
    { path: '/faq', heading: 'Preguntas frecuentes' },
    { path: '/support', heading: 'Ayuda' },
    { path: '/terms', heading: 'Condiciones de uso' },
    { path: '/privacy', heading: 'Política de privacidad' },
    { path: '/register', heading: 'Servicio gratuito de protección de bienes raíces' },
    { path: `/trusted-contact/accept/${CODE}`, heading: 'Sea un contacto de confianza' },
    {
      path: `/trusted-contact/stop/${CODE}`,
      heading: 'Dejar de recibir correos como contacto de confianza',
    },
    { path: '/documents/SAC/doc.pdf', heading: 'Inicie sesión para descargar su documento' },
    { path: `/verify-email/${CODE}`, heading: 'Verificando su correo electrónico' },
    { path: '/nope-unknown', heading: 'Página no encontrada' },
  ])('$path shows no English', async ({ path, heading }) => {
    await i18n.changeLanguage('es');
    stubFetch({
      'GET /api/config': configHandler,
      'POST /api/auth/verify-email': () => new Promise<Response>(() => {}),
    });
    const { events } = renderApp({ path });
    await screen.findByRole('heading', { name: heading, level: 1 });
    if (path === '/faq') {
      for (const question of screen.getAllByRole('button', { expanded: false })) {
        await events.click(question);
      }
    }
    expect(document.documentElement.lang).toBe('es');
    expect(englishLeftovers()).toEqual([]);
  });

  it('an unknown address says so in Spanish, with the way home', async () => {
    await i18n.changeLanguage('es');
    stubFetch({ 'GET /api/config': configHandler });
    const { events, router } = renderApp({ path: '/nope-unknown' });
    await screen.findByRole('heading', { name: 'Página no encontrada', level: 1 });
    expect(screen.getByText(/No hay ninguna página en esta dirección/)).toBeDefined();
    expect(screen.queryByText('Not Found')).toBeNull();
    await events.click(screen.getByRole('link', { name: 'Ir a la página de inicio' }));
    await screen.findByRole('heading', {
      name: 'Alertas gratuitas contra el fraude inmobiliario',
      level: 1,
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('/register with a guard modal open, its results and its errors shows no English', async () => {
    await i18n.changeLanguage('es');
    stubFetch({
      'GET /api/config': configHandler,
      'GET /api/search/name': () => json([makeName('SMITH JOHN A', 3), makeName('SMITH JO', 90)]),
    });
    const { events } = renderApp({ path: '/register' });
    await events.click(await screen.findByRole('button', { name: 'REGISTRARSE' }));
    await events.click(screen.getByRole('button', { name: /^Proteger un nombre / }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Proteger un nombre' }));
    const select = dialog.getByRole('combobox', { name: 'Condado' });
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    await events.click(select);
    await events.click(await screen.findByRole('option', { name: 'Sacramento', hidden: true }));
    await events.type(dialog.getByRole('textbox', { name: 'Nombre' }), 'smith j');
    await events.click(await dialog.findByRole('button', { name: 'Proteger SMITH JOHN A' }));
    await dialog.findByText('Lo que escribió');

    expect(englishLeftovers()).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SessionUser } from '../../api/types';
import { i18n } from '../../i18n';
import { apiAccess as enApiAccess } from '../../i18n/en/api-access';
import { dashboard as enDashboard } from '../../i18n/en/dashboard';
import { apiAccess as esApiAccess } from '../../i18n/es/api-access';
import { dashboard as esDashboard } from '../../i18n/es/dashboard';
import { makeUser } from '../../test/factories';
import { json } from '../../test/fetch-stub';
import { delivery, endpoint, token } from '../api-access/test-helpers';
import {
  bodyOf,
  callsTo,
  FRAUD_CONTACT,
  makeCase,
  makeEvent,
  makeMethod,
  makeNameSubscription,
  region,
  renderDashboard,
  toasts,
} from './test-helpers';
import type { AlertEvent } from './types';

/** The SMS method the Spanish subscriber has, apart from the account's email. */
const SMS = {
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  email: '+19165550142',
  notificationMethodType: 'SMS',
} as const;

/** A subscriber whose account speaks Spanish. */
const spanishUser = (overrides: Partial<SessionUser> = {}) =>
  makeUser({ language: 'es', ...overrides });

beforeEach(async () => {
  await i18n.changeLanguage('es');
});

describe('the dashboard in Spanish', () => {
  it('shows alerts in Spanish, with dates day first; what the server wrote stays as it came', async () => {
    const event = makeEvent({
      documentNumber: '2026-0000200',
      documentDate: '2026-11-20T12:00:00Z',
      documentType: 'DEED OF TRUST',
      deliveryStatus: 'failed',
      reason: 'El documento nombra a SMITH JOHN, tal como está protegido.',
      tier: 'possible',
      namesakes: 4210,
      confidence: 0.9,
      deliveries: [
        {
          notificationMethodId: '7d1f2c3b-4a5e-4f60-8172-93a4b5c6d7e8',
          notificationMethodType: 'SMS',
          status: 'delivered',
          error: null,
        } as AlertEvent['deliveries'][number],
      ],
    });
    const user = spanishUser({
      nameSubscriptions: [
        makeNameSubscription({ possibleMatches: 'immediately', events: [event] }),
      ],
    });

    await renderDashboard(user);

    expect(screen.getByRole('heading', { name: 'Mi panel', level: 1 })).toBeDefined();
    expect(screen.getByText('Sesión iniciada como owner@example.com')).toBeDefined();
    const card = within(region('Alertas').getByRole('article'));
    expect(card.getByRole('heading', { name: 'Documento 2026-0000200' })).toBeDefined();
    expect(card.getByText('Actúe ya')).toBeDefined();
    expect(card.getByText('Posible coincidencia')).toBeDefined();
    expect(card.getByText('Correo fallido')).toBeDefined();
    // The document type in Spanish too.
    expect(
      card.getByText('Escritura de fideicomiso · Registrado el 20/11/2026 · Sacramento'),
    ).toBeDefined();
    expect(card.getByText('Nombre protegido: SMITH JOHN')).toBeDefined();
    expect(card.getByText('Motivo de la coincidencia:')).toBeDefined();
    expect(
      card.getByText('El documento nombra a SMITH JOHN, tal como está protegido.'),
    ).toBeDefined();
    expect(
      card.getByText(
        'Puede tratarse de otra persona con el mismo nombre o uno parecido: verifique si se trata de usted. 4,210 documentos de este condado llevan este nombre.',
      ),
    ).toBeDefined();
    expect(
      card.getByText(
        'Coincidencia de nombre (otorgante): SMITH JOHN · exacta · 90 % de confianza, menor si hay homónimos en el condado',
      ),
    ).toBeDefined();
    expect(card.getByText('Mensaje de texto entregado al teléfono.')).toBeDefined();
    expect(
      card.getByRole('button', { name: 'Archivar la alerta del documento 2026-0000200' }),
    ).toBeDefined();
    expect(
      card.getByRole('button', { name: 'Lo reconozco: documento 2026-0000200' }),
    ).toBeDefined();
    // The level filter speaks Spanish too.
    expect(screen.getByText('Todos los niveles')).toBeDefined();
    expect(screen.getByText('Más urgentes primero')).toBeDefined();
  });

  it('says a failed archive in a Spanish toast', async () => {
    const event = makeEvent();
    const user = spanishUser({ nameSubscriptions: [makeNameSubscription({ events: [event] })] });
    const { events } = await renderDashboard(user, {
      'POST /api/user/events/archive': () =>
        json({ statusCode: 500, error: 'Failure', message: 'No.' }, 500),
    });

    await events.click(
      region('Alertas').getByRole('button', {
        name: `Archivar la alerta del documento ${event.documentNumber}`,
      }),
    );

    await waitFor(() => expect(toasts().join(' ')).toContain('No se pudo archivar el evento'));
  });

  it('lists guarded items in Spanish and asks in Spanish before removing one', async () => {
    const user = spanishUser({
      nameSubscriptions: [makeNameSubscription({ name: 'SMITH JOHN', county: 'Sacramento' })],
      apnSubscriptions: [
        {
          id: crypto.randomUUID(),
          county: 'Placer',
          apn: '012-345-006-000',
          description: '',
          events: [],
        },
      ],
    });
    const { events } = await renderDashboard(user);

    const guarded = region('Elementos protegidos');
    expect(guarded.getByRole('heading', { name: 'Nombres' })).toBeDefined();
    expect(guarded.getByRole('heading', { name: 'Propiedades' })).toBeDefined();
    expect(guarded.getByText('Desconocida')).toBeDefined();
    expect(guarded.getByText('Resumen diario')).toBeDefined();
    expect(
      guarded.getByText(
        'Aparecen en Posibles coincidencias y en un solo correo electrónico cada mañana.',
      ),
    ).toBeDefined();
    expect(guarded.getByRole('button', { name: 'Proteger un nombre' })).toBeDefined();

    await events.click(guarded.getByRole('button', { name: 'Quitar APN 012-345-006-000' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Quitar la protección' }));
    expect(
      dialog.getByText(
        '¿Dejar de proteger APN 012-345-006-000 en Placer? Los documentos que se registren a partir de ahora no se compararán con este elemento. Sus alertas anteriores seguirán en su panel.',
      ),
    ).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeDefined();
  });

  it('shows notification methods in Spanish, and the add form checks in Spanish', async () => {
    const user = spanishUser({
      emailNotificationMethods: [
        makeMethod(),
        makeMethod({ ...SMS, verified: false, verifiedAt: null }),
      ],
    });
    const { events, requests } = await renderDashboard(user, {
      'POST /api/user/notifications/add': () =>
        json({ statusCode: 500, error: 'Failure', message: 'No.' }, 500),
    });

    const methods = region('Métodos de notificación');
    expect(methods.getByText('Verificado el 02/11/2026')).toBeDefined();
    expect(
      methods.getByText(
        'Sin verificar: abra el enlace del mensaje de texto que enviamos a este número',
      ),
    ).toBeDefined();
    expect(
      methods.getByRole('button', { name: 'Reenviar la verificación a +19165550142' }),
    ).toBeDefined();

    await events.click(methods.getByRole('button', { name: 'Agregar método' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Agregar un correo electrónico de notificación' }),
    );
    const field = dialog.getByRole('textbox', { name: /Correo electrónico/ });
    await events.type(field, 'not-an-address');
    expect(dialog.getByText('Correo electrónico no válido')).toBeDefined();
    await events.clear(field);
    expect(dialog.getByText('El correo electrónico es obligatorio')).toBeDefined();
    await events.type(field, 'second@example.com');
    await events.click(dialog.getByRole('button', { name: 'Agregar' }));

    await waitFor(() =>
      expect(toasts().join(' ')).toContain(
        'No se pudo agregar el correo electrónico de notificación',
      ),
    );
    const [sent] = callsTo(requests, 'POST /api/user/notifications/add');
    expect(await bodyOf(sent!)).toEqual({
      email: 'second@example.com',
      notificationMethodType: 'Email',
    });
  });

  it('walks through "This wasn\'t me" in Spanish', async () => {
    const event = makeEvent({
      documentNumber: 'D-BAD',
      fraudContact: FRAUD_CONTACT,
    });
    const opened = makeCase();
    const before = spanishUser({ nameSubscriptions: [makeNameSubscription({ events: [event] })] });
    const after = spanishUser({
      nameSubscriptions: [makeNameSubscription({ events: [{ ...event, case: opened }] })],
    });
    let reported = false;
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const { events } = await renderDashboard(before, {
      'POST /api/auth/me': () => json(reported ? after : before),
      [`POST /api/user/events/${event.id}/report`]: () => {
        reported = true;
        return json(opened, 201);
      },
    });
    expect(
      region('Alertas').getByText(
        /¿Sospecha un fraude\? El condado le pide que se comunique con: Fraud Unit · \(916\) 874-6334/,
      ),
    ).toBeDefined();
    expect(region('Alertas').getByRole('link', { name: 'Página web' })).toBeDefined();

    await events.click(
      region('Alertas').getByRole('button', { name: 'No fui yo: denunciar el documento D-BAD' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'No fui yo' }));
    expect(
      dialog.getByText(/^Documento D-BAD \(Escritura de concesión, Sacramento\)\./),
    ).toBeDefined();
    await events.click(dialog.getByRole('button', { name: 'Siguiente' }));
    expect(dialog.getByText('Elija qué está mal')).toBeDefined();
    expect(
      dialog.getByText('Cuéntenos en sus propias palabras qué está mal (al menos 10 caracteres)'),
    ).toBeDefined();
    await events.click(dialog.getByRole('radio', { name: 'Yo no firmé este documento' }));
    await events.type(
      dialog.getByRole('textbox', { name: /En sus propias palabras/ }),
      'Nunca vendí mi casa.',
    );
    await events.click(dialog.getByRole('button', { name: 'Siguiente' }));

    await events.click(dialog.getByRole('radio', { name: 'Por teléfono' }));
    await events.click(dialog.getByRole('button', { name: 'Enviar denuncia' }));
    expect(dialog.getByText('Indique un número de teléfono al que podamos llamarlo')).toBeDefined();
    await events.type(dialog.getByRole('textbox', { name: /Teléfono/ }), '916 555 0123');
    await events.click(dialog.getByRole('button', { name: 'Enviar denuncia' }));

    expect(await dialog.findByText('Se abrió el caso 1001')).toBeDefined();
    expect(dialog.getByText('No nos espere:')).toBeDefined();
    expect(
      dialog.getByText(
        'Denúncielo al contacto de fraude del condado (Fraud Unit, (916) 874-6334, fraud@county.example.gov) y entréguele el expediente.',
      ),
    ).toBeDefined();
    await events.click(dialog.getByRole('button', { name: 'Cerrar' }));

    const card = within(region('Alertas').getByRole('article'));
    expect(await card.findByText('Denunciado: caso 1001')).toBeDefined();
    expect(card.getByText('Abierto')).toBeDefined();
    expect(
      card.getByRole('button', {
        name: 'Descargar el expediente del caso: documento D-BAD',
      }),
    ).toBeDefined();
  });
});

/** Every string of a catalog, by its dotted key. */
function flatten(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : flatten(value as object, path);
  });
}

/**
 * The English sentences and labels of the dashboard's areas that Spanish says differently, each
 * as a pattern matching a whole text with any values in place of its placeholders.
 */
function englishOnly(): { key: string; pattern: RegExp }[] {
  const spanish = new Map([
    ...flatten(esDashboard, 'dashboard'),
    ...flatten(esApiAccess, 'apiAccess'),
  ]);
  return [...flatten(enDashboard, 'dashboard'), ...flatten(enApiAccess, 'apiAccess')]
    .filter(([key, english]) => spanish.get(key) !== english)
    .map(([key, english]) => {
      const parts = english
        .replace(/<\/?\w+>/g, '')
        .split(/\{\{\w+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return { key, pattern: new RegExp(`^${parts.join('.+')}$`) };
    });
}

/** Every text the page shows or reads out: its text nodes and its labelling attributes. */
function textsOnPage(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
    // Text split over elements (a sentence with a link) is checked whole as well.
    const whole = element.textContent?.trim();
    if (whole && element.children.length > 0 && element.children.length < 4) texts.push(whole);
  }
  return texts;
}

describe('no English left on the Spanish dashboard', () => {
  it('shows no English text of the dashboard or API access anywhere', async () => {
    const sure = makeEvent({
      deliveryStatus: 'queued',
      recognisedAt: '2026-11-21T12:00:00.000Z',
      fraudContact: { name: 'Fraud Unit', phone: '', email: '', url: 'https://county.example.gov' },
    });
    const reportedEvent = makeEvent({
      level: 'check',
      tier: 'strong',
      case: makeCase({ status: 'contacted', updatedAt: '2026-11-22T12:00:00.000Z' }),
    });
    const possible = makeEvent({ tier: 'possible', level: 'records', namesakes: 1 });
    const onRecord = makeEvent({ onRecord: true, partyRole: null, matchKind: 'apn' });
    const user = spanishUser({
      nameSubscriptions: [
        makeNameSubscription({ events: [sure, reportedEvent, possible] }),
        makeNameSubscription({ name: 'DOE JANE', possibleMatches: 'hide' }),
      ],
      apnSubscriptions: [
        {
          id: crypto.randomUUID(),
          county: 'Placer',
          apn: '012-345-006-000',
          description: '12 OAK ST',
          events: [onRecord],
        },
      ],
      emailNotificationMethods: [
        makeMethod({ verifiedAt: null }),
        makeMethod({ ...SMS, optedOut: true, textsCheckLevel: true }),
      ],
      trustedContacts: [
        {
          id: '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a',
          email: 'friend@example.com',
          name: 'Ana',
          status: 'invited',
          createdAt: '2026-11-03T12:00:00.000Z',
          acceptedAt: null,
          stoppedAt: null,
        },
        {
          id: '4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b',
          email: 'sister@example.com',
          name: null,
          status: 'active',
          createdAt: '2026-11-03T12:00:00.000Z',
          acceptedAt: '2026-11-04T12:00:00.000Z',
          stoppedAt: null,
        },
      ] as SessionUser['trustedContacts'],
    });
    const endpointId = '0d6f5a3e-8f0c-4c1e-9a52-7b1f0c2d9e44';
    const { events } = await renderDashboard(user, {
      'GET /api/tokens': () =>
        json({
          tokens: [
            token({
              expiresAt: '2027-02-23T16:02:11.000Z',
              lastUsedAt: '2026-11-26T03:00:04.000Z',
            }),
          ],
        }),
      'GET /api/webhooks': () => json({ endpoints: [endpoint({ id: endpointId })] }),
      [`GET /api/webhooks/${endpointId}/deliveries`]: () =>
        json({ deliveries: [delivery({ endpointId, resentFrom: 'msg_1a2b' })] }),
    });
    const tokens = region('Tokens de acceso personal');
    await tokens.findByText('Nightly sync');
    const webhooks = region('Webhooks');
    await events.click(
      await webhooks.findByRole('button', {
        name: 'Entregas a https://hooks.example.com/deedwatch',
      }),
    );
    expect(await webhooks.findByText('Se abandonó después de 8 intentos')).toBeDefined();
    // Spanish is on the page, so the check below looks at a translated page.
    expect(region('Contactos de confianza').getByText('Invitado')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Ya registrados' })).toBeDefined();

    const english = englishOnly();
    const leaks = textsOnPage().flatMap((text) =>
      english.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `${key}: ${text}`),
    );
    expect(leaks).toEqual([]);
  });

  it('would find an English text left on the page', async () => {
    await renderDashboard(spanishUser());
    const stray = document.createElement('p');
    stray.textContent = 'Signed in as owner@example.com';
    document.body.append(stray);
    const english = englishOnly();
    const leaks = textsOnPage().filter((text) => english.some(({ pattern }) => pattern.test(text)));
    expect(leaks).toContain('Signed in as owner@example.com');
    stray.remove();
  });
});

import { rm } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../src/documents/pdf/extract-text.ts';
import { ingestFolder } from '../src/engine/ingest/ingest.service.ts';
import { nameKey } from '../src/keys/normalize.ts';
import { insertNameSubscriptions } from '../src/modules/user/user.repository.ts';
import {
  addNotificationMethod,
  createCounty,
  createSubscriber,
  type CountyRow,
  uniqueEmail,
} from './helpers/factories.ts';
import {
  type FakeTwilio,
  fakeTwilioEnv,
  postTwilioWebhook,
  startFakeTwilio,
} from './helpers/fake-twilio.ts';
import { feedFolder, feedLine, feedPdf, writeFeed } from './helpers/feed.ts';
import { waitForMail } from './helpers/mail.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/wait.ts';

// Everything sent to a subscriber is in the account's language: a Spanish subscriber's welcome,
// alert (and the excerpt attached to it), alert text, case packet and dashboard sentences are
// Spanish, with lang="es" and /Lang es (the excerpt's pages, recorded in English, keep /Lang en
// under a Spanish title); an English subscriber's stay as they were.

type EventView = { id: string; documentNumber: string; whatItDoes: string; reason: string };
type Me = { nameSubscriptions: { events: EventView[] }[] };

/** A PDF's title, its /Lang and whether a reader shows the title, read back with pdf-lib. */
async function metadataOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const prefs = pdf.catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  return {
    title: pdf.getTitle(),
    lang: pdf.catalog.lookupMaybe(PDFName.of('Lang'), PDFString)?.decodeText(),
    showsTitle: prefs?.get(PDFName.of('DisplayDocTitle'))?.toString(),
  };
}

describe("a subscriber's language in what is sent to them", () => {
  let fake: FakeTwilio;
  let t: TestApp;
  let county: CountyRow;
  const folders: string[] = [];
  const recordedAt = new Date();

  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await startTestApp(fakeTwilioEnv(fake, NO_RATE_LIMITS));
    county = await createCounty(t.db, { name: 'Idiomas', code: 'IDI' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const call = (url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: t.config.appUrl, cookie },
      ...(payload ? { payload } : {}),
    });

  /** A verified subscriber guarding `name`, with a verified phone; signed in. */
  async function guarding(name: string, language: 'en' | 'es', phone: string) {
    const user = await createSubscriber(t.db, { verified: true, language });
    await insertNameSubscriptions(
      t.db,
      user.id,
      [{ countyId: county.id, name, nameKey: nameKey(name), tokens: name.split(' ') }],
      new Date(recordedAt.getTime() - 60_000),
    );
    await addNotificationMethod(t.db, user.id, { type: 'SMS', address: phone, verified: true });
    return { ...user, phone, cookie: await signInSubscriber(t, user.email) };
  }

  async function ingestDeed(documentNumber: string, grantor: string) {
    const line = feedLine('IDI', recordedAt, {
      documentNumber,
      grantors: [grantor],
      grantees: ['ROGUE RANDALL'],
    });
    const folder = await feedFolder();
    folders.push(folder);
    await writeFeed(folder, [line], { [line.file]: await feedPdf(line, 3, undefined, 'Idiomas') });
    return ingestFolder(t.engine, folder);
  }

  const attachmentsOf = (messageId: string) =>
    t.db
      .selectFrom('outbox_attachments')
      .select(['name', 'content'])
      .where('message_id', '=', messageId)
      .execute();

  it('welcomes a Spanish registration in Spanish, and an English one as before', async () => {
    const spanish = uniqueEmail('es');
    const english = uniqueEmail('en');
    const names = [{ county: 'Idiomas', name: 'GARCIA MARIA' }];
    for (const [email, language] of [
      [spanish, 'es'],
      [english, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { email, names, ...(language ? { language } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    const es = await waitForMail(t.db, spanish, /^Bienvenido a DeedWatch/);
    expect(es.subject).toBe('Bienvenido a DeedWatch: verifique su correo electrónico');
    expect(es.html_body).toContain('<html lang="es">');
    expect(es.html_body).toContain('Verificar mi correo electrónico');
    expect(es.text_body).toContain('Verifique su correo electrónico: ');
    expect(es.text_body).toContain('¿Preguntas?');

    const en = await waitForMail(t.db, english, /^Welcome to DeedWatch/);
    expect(en.subject).toBe('Welcome to DeedWatch: please verify your email');
    expect(en.html_body).toContain('<html lang="en">');
    expect(en.text_body).toContain('Verify your email: ');
  });

  it('sends a Spanish sign-in link to a Spanish account', async () => {
    const user = await createSubscriber(t.db, { verified: true, language: 'es' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(user.email)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForMail(t.db, user.email, /iniciar sesión/);
    expect(mail.subject).toBe('Su enlace para iniciar sesión en DeedWatch');
    expect(mail.html_body).toContain('<html lang="es">');
  });

  let vera: Awaited<ReturnType<typeof guarding>>;
  let jane: Awaited<ReturnType<typeof guarding>>;

  it('alerts a Spanish subscriber in Spanish by mail, excerpt and text; an English one as before', async () => {
    vera = await guarding('VICTIMA VERA', 'es', '+19165550301');
    jane = await guarding('PUBLIC JANE', 'en', '+19165550302');
    expect(await ingestDeed('IDI-2026-0001', 'VICTIMA VERA')).toMatchObject({ alerts: 1 });
    expect(await ingestDeed('IDI-2026-0002', 'PUBLIC JANE')).toMatchObject({ alerts: 1 });

    const mail = await waitForMail(t.db, vera.email, /^Actúe ya: /);
    expect(mail.subject).toMatch(
      /^Actúe ya: Una escritura que transfiere .+ de usted a otra persona se registró en el condado de Idiomas el \d\d\/\d\d\/\d{4}$/,
    );
    expect(mail.html_body).toContain('<html lang="es">');
    expect(mail.text_body).toContain('Qué coincidió:');
    expect(mail.text_body).toContain('Mismo nombre: VICTIMA VERA');
    expect(mail.text_body).toContain('Las primeras 2 páginas del documento van adjuntas');
    // The recorded GRANT DEED by its Spanish name, the one the dashboard shows.
    expect(mail.text_body).toContain('Tipo de documento: Escritura de concesión');
    expect(mail.html_body).toContain('Tipo de documento: <strong>Escritura de concesión</strong>');

    const [excerpt] = await attachmentsOf(mail.id);
    const bytes = new Uint8Array(excerpt!.content);
    expect(await metadataOf(bytes)).toEqual({
      title:
        'Documento IDI-2026-0001: las primeras 2 páginas, tal como se registró en el condado de Idiomas',
      // The recorded pages are English: only the title is the reader's.
      lang: 'en',
      showsTitle: 'true',
    });
    const text = await extractPdfText(bytes);
    expect(text.ok && text.pageCount).toBe(2);

    const english = await waitForMail(t.db, jane.email, /^Act now: /);
    expect(english.subject).toMatch(
      /^Act now: A deed transferring .+ from you was recorded in Idiomas County on \d\d\/\d\d\/\d{4}$/,
    );
    expect(english.html_body).toContain('<html lang="en">');
    expect(english.text_body).toContain('What it matched:');
    expect(english.text_body).toContain('Document type: GRANT DEED');
    const [englishExcerpt] = await attachmentsOf(english.id);
    expect(await metadataOf(new Uint8Array(englishExcerpt!.content))).toMatchObject({
      title: 'Document IDI-2026-0002: the first 2 pages, as recorded in Idiomas County',
      lang: 'en',
    });

    const texts = await waitFor('both alert texts', async () => {
      const [es, en] = [fake.messagesTo(vera.phone), fake.messagesTo(jane.phone)];
      return es.length > 0 && en.length > 0 ? { es: es[0]!, en: en[0]! } : undefined;
    });
    expect(texts.es.form.Body).toMatch(
      /^DeedWatch Actue ya: se ha registrado en el condado de Idiomas el documento IDI-2026-0001: Escritura de concesion\. Detalles: \S+ Responda STOP para cancelar los textos\.$/,
    );
    expect(texts.en.form.Body).toMatch(
      /^DeedWatch Act now: GRANT DEED recorded in Idiomas County, document IDI-2026-0002\. Details: \S+ Reply STOP to stop texts\.$/,
    );
  });

  it('answers HELP in the language of the number', async () => {
    const es = await postTwilioWebhook(t, '/api/sms/twilio/inbound', {
      From: vera.phone,
      Body: 'AYUDA',
    });
    expect(es.body).toContain('DeedWatch, alertas de fraude. Ayuda: ');
    expect(es.body).toContain('(lun-vie 8-17 h PST)');
    const en = await postTwilioWebhook(t, '/api/sms/twilio/inbound', {
      From: jane.phone,
      Body: 'HELP',
    });
    expect(en.body).toContain('DeedWatch property-fraud alerts.');
  });

  it("says on the dashboard what the document does and why it matched, in the account's language", async () => {
    const [event] = ((await call('/api/auth/me', vera.cookie)).json() as Me).nameSubscriptions[0]!
      .events;
    expect(event!.whatItDoes).toMatch(/^Una escritura que transfiere .+ se registró en el condado/);
    expect(event!.reason).toBe('Mismo nombre: VICTIMA VERA');
    const [english] = ((await call('/api/auth/me', jane.cookie)).json() as Me).nameSubscriptions[0]!
      .events;
    expect(english!.whatItDoes).toMatch(/^A deed transferring .+ was recorded in Idiomas County/);
    expect(english!.reason).toBe('Same name: PUBLIC JANE');
  });

  it('makes a Spanish case packet, titled and tagged es, for a Spanish report', async () => {
    const [event] = ((await call('/api/auth/me', vera.cookie)).json() as Me).nameSubscriptions[0]!
      .events;
    const res = await call(`/api/user/events/${event!.id}/report`, vera.cookie, {
      problem: 'did_not_sign',
      statement: 'Nunca vendí mi casa y no conozco al comprador.',
      contactEmail: '',
      contactPhone: '',
      preferredContact: 'email',
    });
    expect(res.statusCode, res.body).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: res.json().packetUrl,
      headers: { cookie: vera.cookie },
    });
    const pdf = new Uint8Array(download.rawPayload);
    const caseNumber = res.json().caseNumber as string;
    expect(await metadataOf(pdf)).toEqual({
      title: `Caso de DeedWatch ${caseNumber}: documento IDI-2026-0001`,
      lang: 'es',
      showsTitle: 'true',
    });
    const text = await extractPdfText(pdf);
    if (!text.ok) throw new Error(`unreadable packet: ${text.reason}`);
    const flat = text.text.replace(/\s+/g, ' ');
    expect(flat).toContain('Expediente del caso de DeedWatch');
    expect(flat).toContain('Yo no firmé este documento');
    expect(flat).toContain('Tipo de documento: Escritura de concesión');
    expect(flat).toContain(
      'VICTIMA VERA (otorgante, la parte que cede o vende, sea vendedor o prestatario)',
    );
    const mail = await waitForMail(t.db, vera.email, /^Caso de DeedWatch/);
    expect(mail.text_body).toContain(
      'su denuncia de que el documento IDI-2026-0001 (Escritura de concesión, condado de Idiomas) no es suyo.',
    );
    expect(flat).toContain('Prefiere: correo electrónico');
    expect(flat).toContain('A continuación, las primeras 2 páginas del documento IDI-2026-0001.');
  });

  it('answers errors in Spanish when the request asks for it, in English otherwise', async () => {
    const register = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers,
        payload: { email: vera.email, names: [{ county: 'Idiomas', name: 'OTRA PERSONA' }] },
      });
    const spanish = await register({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Ya existe un usuario con este correo electrónico',
    });
    const english = await register({});
    expect(english.json().message).toBe('User with this email already exists');
    const french = await register({ 'accept-language': 'fr-FR, de' });
    expect(french.json().message).toBe('User with this email already exists');

    // Signed in, the account's language decides, whatever the browser says.
    const [event] = ((await call('/api/auth/me', vera.cookie)).json() as Me).nameSubscriptions[0]!
      .events;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/user/events/${event!.id}/report`,
      headers: { origin: t.config.appUrl, cookie: vera.cookie, 'accept-language': 'en' },
      payload: {
        problem: 'did_not_sign',
        statement: 'Nunca vendí mi casa y no conozco al comprador.',
        contactEmail: '',
        contactPhone: '',
        preferredContact: 'email',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^Usted ya denunció el documento IDI-2026-0001: es el caso \d+\./,
    );
    const janeEvent = ((await call('/api/auth/me', jane.cookie)).json() as Me).nameSubscriptions[0]!
      .events[0]!;
    const notHers = await t.app.inject({
      method: 'POST',
      url: `/api/user/events/${janeEvent.id}/recognise`,
      headers: { origin: t.config.appUrl, cookie: vera.cookie },
    });
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().message).toBe('No se encontró la alerta entre sus alertas.');
  });
});

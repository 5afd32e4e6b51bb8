import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCounty, createSubscriber, uniqueEmail } from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// The subscriber's language lives on the account: chosen at registration (the site's language
// then) and changed on the site later. Everything sent to them is written in it.

describe("a subscriber's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    await createCounty(t.db, { name: 'Lingua', code: 'LIN' });
  });
  afterAll(async () => {
    await t.close();
  });

  const languageOf = async (email: string) =>
    (
      await t.db
        .selectFrom('users')
        .select('language')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).language;

  const register = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user/register', payload: body });

  it('is the one the site was in at registration, English when not said', async () => {
    const spanish = uniqueEmail('es');
    const english = uniqueEmail('en');
    const names = [{ county: 'Lingua', name: 'GARCIA MARIA' }];

    expect((await register({ email: spanish, names, language: 'es' })).statusCode).toBe(201);
    expect((await register({ email: english, names })).statusCode).toBe(201);

    expect(await languageOf(spanish)).toBe('es');
    expect(await languageOf(english)).toBe('en');
  });

  it("is the request's language when not said: the one its errors are told in", async () => {
    const email = uniqueEmail('es-header');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'accept-language': 'es-419,es;q=0.9,en;q=0.8' },
      payload: { email, names: [{ county: 'Lingua', name: 'LOPEZ ANA' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await languageOf(email)).toBe('es');

    // Said, it wins over the header.
    const english = uniqueEmail('en-said');
    await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'accept-language': 'es' },
      payload: { email: english, names: [{ county: 'Lingua', name: 'LOPEZ ANA' }], language: 'en' },
    });
    expect(await languageOf(english)).toBe('en');
  });

  it('refuses a language the product does not speak, and registers nobody', async () => {
    const email = uniqueEmail('fr');
    const res = await register({
      email,
      names: [{ county: 'Lingua', name: 'DUPONT JEAN' }],
      language: 'fr',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/language.*must be one of en, es/);
    const found = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(found).toBeUndefined();
  });

  it('is changed by the subscriber and comes back with the session user', async () => {
    const subscriber = await createSubscriber(t.db, { verified: true });
    const cookie = await signInSubscriber(t, subscriber.email);

    const me = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().language).toBe('en');

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { cookie },
      payload: { language: 'es' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().language).toBe('es');
    expect(await languageOf(subscriber.email)).toBe('es');

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { cookie },
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await languageOf(subscriber.email)).toBe('es');
  });

  it('needs a signed-in subscriber', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      payload: { language: 'es' },
    });
    expect(res.statusCode).toBe(401);
  });
});

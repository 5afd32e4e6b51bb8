import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCounty, createSubscriber, uniqueEmail } from './helpers/factories.ts';
import { signInSubscriber } from './helpers/sign-in.ts';
import { NO_RATE_LIMITS, startTestApp, type TestApp } from './helpers/test-app.ts';

// The API answers in the caller's language: the account's (by its session or its personal
// access token), else the first language of Accept-Language we speak, else English. That holds
// for every message it writes, not only the services' own: a request that does not fit its
// schema, the framework's refusals, the personal access tokens' refusals, the sign-in answer.
// Field names, values and paths stay as the API spells them.

const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };

describe('the API in Spanish', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...NO_RATE_LIMITS, TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
    await createCounty(t.db, { name: 'Babel', code: 'BAB' });
  });
  afterAll(() => t.close());

  const origin = () => ({ origin: t.config.appUrl });

  async function spanishSubscriber() {
    const user = await createSubscriber(t.db, { verified: true, language: 'es' });
    return { ...user, cookie: await signInSubscriber(t, user.email) };
  }

  async function tokenOf(cookie: string, scopes: ('read' | 'write')[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie, ...origin() },
      payload: { name: 'script', scopes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: { id: string }; secret: string };
  }

  describe('a request that does not fit its schema', () => {
    const register = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', headers, payload });

    it('is told in Spanish to a Spanish caller, field names as the API spells them', async () => {
      const body = {
        email: uniqueEmail('v'),
        names: [{ county: 'Babel', name: 'X'.repeat(201) }],
        type: 'x',
      };
      const spanish = await register(body, SPANISH);
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json().message).toContain(
        'cuerpo names.0.name: debe tener como máximo 200 caracteres',
      );
      expect(spanish.json().message).toContain("cuerpo: el campo 'type' no está permitido");

      // English as it always read.
      const english = await register(body);
      expect(english.json().message).toContain('body names.0.name: name is at most 200 characters');
      expect(english.json().message).toContain("body field 'type' is not allowed");
    });

    it('says a missing field, a wrong type and a value out of a list in Spanish', async () => {
      const me = await spanishSubscriber();
      // The account's language, with no Accept-Language at all.
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/user/notifications/add',
        headers: { cookie: me.cookie, ...origin() },
        payload: { email: 'a@example.com' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('cuerpo notificationMethodType es obligatorio');

      const wrongType = await register({ email: 42 }, SPANISH);
      expect(wrongType.json().message).toBe('cuerpo email: debe ser un texto');
      // Valibot's own words are not shown in English either.
      expect((await register({ email: 42 })).json().message).toBe('body email: must be a string');

      const language = await t.app.inject({
        method: 'POST',
        url: '/api/user/language',
        headers: { cookie: me.cookie, ...origin() },
        payload: { language: 'fr' },
      });
      expect(language.json().message).toBe(
        'cuerpo language: debe ser uno de estos valores: en, es',
      );

      const limit = await t.app.inject({
        method: 'GET',
        url: '/api/user/events?limit=500',
        headers: { cookie: me.cookie },
      });
      expect(limit.json().message).toBe(
        'parámetro de consulta limit: debe ser un número entero de 1 a 100',
      );
      const since = await t.app.inject({
        method: 'GET',
        url: '/api/user/events?since=yesterday',
        headers: { cookie: me.cookie },
      });
      expect(since.json().message).toMatch(
        /^parámetro de consulta since: debe ser una hora ISO 8601 con su zona horaria/,
      );
    });
  });

  it("tells the framework's refusals in Spanish", async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { ...SPANISH, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json.json().message).toBe('El cuerpo de la solicitud no es JSON válido.');

    const large = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { ...SPANISH, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'x'.repeat(20_000) }),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toMatch(
      /^El cuerpo de la solicitud es demasiado grande: esta llamada admite como máximo \d+ KiB\.$/,
    );

    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: { ...SPANISH, origin: 'https://evil.example' },
      payload: { language: 'es' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toBe('No se permiten solicitudes desde otro sitio.');

    const method = await t.app.inject({ method: 'GET', url: '/api/tokens/x', headers: SPANISH });
    expect(method.statusCode).toBe(405);
    expect(method.json().message).toBe('Use DELETE para /api/tokens/:id.');

    const nothing = await t.app.inject({ method: 'GET', url: '/api/nope', headers: SPANISH });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toBe('No hay nada en GET /api/nope.');
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).json().message).toBe(
      'There is nothing at GET /api/nope.',
    );
  });

  it('answers a sign-in request in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?email=${encodeURIComponent(uniqueEmail('nobody'))}`,
      headers: SPANISH,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Si existe una cuenta con ese correo electrónico, le enviamos un enlace para iniciar sesión. Revise su bandeja de entrada.',
    );
  });

  describe("a personal access token's refusals", () => {
    const withToken = (secret: string, method: 'GET' | 'POST', url: string, headers = {}) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}`, ...headers },
        ...(method === 'POST' ? { payload: {} } : {}),
      });

    it("are told in the token's account's language", async () => {
      const me = await spanishSubscriber();
      const { secret } = await tokenOf(me.cookie, ['read']);
      const write = await withToken(secret, 'POST', '/api/webhooks');
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe(
        'Esta llamada necesita un token con el alcance write; este token solo tiene read. Cree un token con write en su panel.',
      );
      const sessionOnly = await withToken(secret, 'GET', '/api/tokens');
      expect(sessionOnly.statusCode).toBe(403);
      expect(sessionOnly.json().message).toMatch(/^Esta llamada solo se hace desde una sesión/);
      const staff = await withToken(secret, 'GET', '/api/admin/users');
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toMatch(/^Los tokens de acceso personal actúan por un/);

      // Over its limit (3 a minute here): the wait in Spanish words.
      let limited;
      for (let i = 0; i < 5 && limited?.statusCode !== 429; i++) {
        limited = await withToken(secret, 'GET', '/api/webhooks');
      }
      expect(limited!.statusCode).toBe(429);
      expect(limited!.json().message).toMatch(
        /^Este token hizo más de 3 llamadas en este minuto\. Vuelva a intentarlo dentro de \d+ segundos?\.$/,
      );
    });

    it('say a revoked token in Spanish, its time as Spanish writes it', async () => {
      const me = await spanishSubscriber();
      const { token, secret } = await tokenOf(me.cookie, ['read', 'write']);
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/tokens/${token.id}`,
        headers: { cookie: me.cookie, ...origin() },
      });
      expect(revoke.statusCode, revoke.body).toBe(200);
      const res = await withToken(secret, 'GET', '/api/webhooks', SPANISH);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(
        /^El token bearer se revocó el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} P[DS]T\. Cree uno nuevo en su panel\.$/,
      );
      // English writes it too as a person reads it, not as ISO.
      expect((await withToken(secret, 'GET', '/api/webhooks')).json().message).toMatch(
        /^The bearer token was revoked on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} P[DS]T\./,
      );
    });

    it('say an empty or foreign token in Spanish; the header keeps its ASCII English', async () => {
      const empty = await t.app.inject({
        method: 'GET',
        url: '/api/webhooks',
        headers: { authorization: 'Bearer ', ...SPANISH },
      });
      expect(empty.statusCode).toBe(401);
      expect(empty.json().message).toMatch(/^El encabezado Authorization dice Bearer/);
      expect(empty.headers['www-authenticate']).toMatch(
        /error="invalid_request", error_description="The Authorization header says Bearer but holds no token/,
      );
      const foreign = await withToken('ghp_not_ours', 'GET', '/api/webhooks', SPANISH);
      expect(foreign.statusCode).toBe(401);
      expect(foreign.json().message).toMatch(
        /^El token bearer no es un token de acceso personal de DeedWatch/,
      );
    });
  });
});

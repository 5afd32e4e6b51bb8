import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../src/lib/errors.ts';
import { errorResponse, schema } from '../src/lib/schema.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// Routes added to the real app for this file only: they exercise the shared error handler and
// validator the way every feature route uses them.
const Body = v.strictObject({
  email: v.pipe(v.string(), v.email('Invalid email')),
  count: v.optional(v.pipe(v.number(), v.integer())),
});

describe('errors and validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { RATE_LIMIT_PER_MINUTE: '1000' },
      {
        configure: (app) => {
          app.post(
            '/api/test/echo',
            {
              config: { access: 'public' },
              schema: { body: schema(Body), response: { 400: errorResponse('Invalid input') } },
            },
            async (req) => req.body,
          );
          app.post('/api/test/no-body', { config: { access: 'public' } }, async (req) => ({
            body: req.body ?? null,
          }));
          app.get('/api/test/driver-error', { config: { access: 'public' } }, async () => {
            throw new Error('relation "secret_table" does not exist at /srv/app/src/x.ts:12');
          });
          app.get('/api/test/bad-request', { config: { access: 'public' } }, async () => {
            throw badRequest("County 'XYZ' not found");
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('a 500 hides the error and the stack behind a generic message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/driver-error' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(res.body).not.toContain('secret_table');
  });

  it('an HttpError below 500 keeps its message for the person', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-request' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "County 'XYZ' not found",
    });
  });

  it('validates bodies with the valibot schema and names the field', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/test/echo', payload: payload as object });

    const ok = await post({ email: 'a@b.co', count: 3 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'a@b.co', count: 3 });

    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body email is required');

    const invalid = await post({ email: 'nope' });
    expect(invalid.json().message).toBe('body email: Invalid email');

    const unknown = await post({ email: 'a@b.co', isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("body field 'isAdmin' is not allowed");

    // No type coercion: a string is not a number.
    const coerced = await post({ email: 'a@b.co', count: '3' });
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().message).toContain('body count');
  });

  it('refuses malformed JSON and prototype pollution with a 400', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON.');

    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "__proto__": {"isAdmin": true}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('takes an empty body sent as application/json for no body', async () => {
    // Many HTTP clients send the header on every call, a DELETE or a call that reads nothing
    // included.
    const empty = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
    const noBody = await empty('/api/test/no-body');
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json()).toEqual({ body: null });

    // A call that needs a body is refused by its schema, as if the header had not been sent.
    const needsBody = await empty('/api/test/echo');
    expect(needsBody.statusCode).toBe(400);
    expect(needsBody.json().message).toBe('body email is required');
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(noHeader.json().message).toBe('body email is required');
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is nothing at GET /api/nothing-here.',
    });
  });

  it('repeats at most 200 characters of an unknown path', async () => {
    const long = `/api/${'a'.repeat(8000)}`;
    const res = await t.app.inject({
      method: 'GET',
      url: long,
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`There is nothing at GET ${long.slice(0, 200)}….`);
  });

  it('a path of the API asked with a method it does not have is a 405 naming the methods it has', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(405);
    expect(me.headers.allow).toBe('POST');
    expect(me.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: 'Use POST for /api/auth/me.',
    });

    // HEAD is allowed wherever GET is, as Fastify answers it.
    const webhooks = await t.app.inject({ method: 'PUT', url: '/api/webhooks', payload: {} });
    expect(webhooks.statusCode).toBe(405);
    expect(webhooks.headers.allow).toBe('GET, HEAD, POST');
    expect(webhooks.json().message).toBe('Use GET or POST for /api/webhooks.');
  });

  it("matches a 405's path by the route's pattern, and names the pattern, not what was sent", async () => {
    // Fastify takes a path parameter of at most 100 characters (longer is a 414); a query of any.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${'A'.repeat(90)}?q=${'A'.repeat(1500)}`,
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('PATCH, DELETE');
    expect(res.json().message).toBe('Use PATCH or DELETE for /api/webhooks/:id.');
    expect(res.body).not.toContain('AAAA');

    // A static segment is preferred to a parameter, as the router prefers it.
    const resend = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/deliveries/0b6e0a39-3c55-4f54-9d3b-8f0a4f3e9f11/resend',
    });
    expect(resend.statusCode).toBe(405);
    expect(resend.json().message).toBe('Use POST for /api/webhooks/deliveries/:id/resend.');
  });

  it('keeps a 404 where no route has the path, and outside the API', async () => {
    // One segment too many or too few, or a trailing slash: no route has that path.
    for (const url of ['/api/auth/me/extra', '/api/auth', '/api/auth/me/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.allow, url).toBeUndefined();
    }
    // Outside /api a miss stays what it was (the web app's pages, the probes).
    const probe = await t.app.inject({ method: 'POST', url: '/healthz' });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().message).toBe('There is nothing at POST /healthz.');
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with a message once an address exceeds the limit, but never on probes', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(limited.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ (seconds?|minute)\.$/,
    );
    // Told in the language the request asks for.
    const spanish = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(spanish.json().message).toMatch(
      /^Demasiadas solicitudes\. Vuelva a intentarlo dentro de \d+ (segundos?|minuto)\.$/,
    );
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ APP_URL: 'https://deedwatch.example.com' });
  });
  afterAll(() => t.close());

  it('sends the CSP, nosniff, no-referrer and HSTS (https) on success and error alike', async () => {
    for (const url of ['/api/config', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    }
  });
});

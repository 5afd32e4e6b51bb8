import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { route } from '../lib/route.ts';
import { registerAccessGuard } from './access-guard.ts';

// Never connected: nobody here is signed in, so the guard never reads a role.
const pool = new pg.Pool({ connectionString: 'postgres://unused@127.0.0.1:1/unused' });
const db = createDatabase(pool);
afterAll(() => pool.end());

/** POST /api/<access> for each restricted access, answering with the caller it was given. */
function routeEachAccess(app: FastifyInstance, onValidation = () => {}) {
  for (const access of ['signed-in', 'staff', 'admin'] as const) {
    route(app, {
      method: 'POST',
      url: `/api/${access}`,
      access,
      schema: {},
      preValidation: async () => onValidation(),
      handler: async (_request, _reply, caller) => ({ caller }),
    });
  }
}

describe('the access guard', () => {
  it('refuses to register an API route that does not declare its access', async () => {
    const app = Fastify();
    registerAccessGuard(app, db);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(
      'GET /api/undeclared must declare its access',
    );
    expect(() =>
      app.get('/api/misspelt', { config: { access: 'staf' as 'staff' } }, async () => ({})),
    ).toThrow('must declare its access');
    // Outside the API (the docs, the web app's files) nothing is declared: public.
    app.get('/docs/page', async () => ({ ok: true }));
    expect((await app.inject({ url: '/docs/page' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers nobody signed in with 401 before the input is checked, and lets them call public routes', async () => {
    const app = Fastify();
    registerAccessGuard(app, db);
    let validated = 0;
    routeEachAccess(app, () => void validated++);
    route(app, {
      method: 'POST',
      url: '/api/public',
      access: 'public',
      schema: {},
      handler: async (_request, _reply, caller) => ({ caller }),
    });
    const call = (url: string) => app.inject({ method: 'POST', url, payload: {} });
    for (const access of ['signed-in', 'staff', 'admin']) {
      const res = await call(`/api/${access}`);
      expect(res.statusCode, access).toBe(401);
    }
    expect(validated).toBe(0);
    const open = await call('/api/public');
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ caller: null });
    await app.close();
  });

  it('takes the caller from a personal access token, never on staff routes, never impersonating', async () => {
    const app = Fastify();
    app.decorateRequest('bearer', null);
    app.addHook('onRequest', async (request) => {
      request.bearer = { tokenId: 't', userId: 'token-owner', scopes: ['read'] };
    });
    registerAccessGuard(app, db);
    routeEachAccess(app);
    const call = (url: string) => app.inject({ method: 'POST', url, payload: {} });
    const own = await call('/api/signed-in');
    expect(own.json()).toEqual({ caller: { userId: 'token-owner', impersonatorId: null } });
    for (const url of ['/api/staff', '/api/admin']) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(403);
    }
    await app.close();
  });
});
